#include "CGtkShim.h"
#include "ruby_layout.h"

// GtkKitRuby: text in segments, each segment's ruby (a reading, furigana) centred
// over it in a font half the size of the widget's own (RubyLayout, in ruby_layout.c,
// says where everything goes). Height for width; the widget's CSS font and colour;
// the label role, named after its text and reading.

// Rubies are drawn in the text colour, a little lighter.
#define RUBY_ALPHA 0.8f

struct _GtkKitRuby {
    GtkWidget parent_instance;
    RubyLayout layout;
};

G_DEFINE_FINAL_TYPE(GtkKitRuby, gtkkit_ruby, GTK_TYPE_WIDGET)

static void gtkkit_ruby_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                int *natural, int *minimum_baseline, int *natural_baseline) {
    RubyLayout *layout = &GTKKIT_RUBY(widget)->layout;
    ruby_layout_measure(layout, widget);
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        *minimum = layout->minimum_width;
        *natural = layout->natural_width;
        return;
    }
    ruby_layout_place(layout, widget, for_size);
    *minimum = *natural = ruby_layout_height(layout);
    if (layout->cells->len > 0)
        *minimum_baseline = *natural_baseline = layout->band + layout->base_ascent;
}

static GtkSizeRequestMode gtkkit_ruby_get_request_mode(GtkWidget *widget) {
    (void)widget;
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void append_layout(GtkSnapshot *snapshot, PangoLayout *layout, const GdkRectangle *at, const GdkRGBA *color) {
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)at->x, (float)at->y));
    gtk_snapshot_append_layout(snapshot, layout, color);
    gtk_snapshot_restore(snapshot);
}

static void gtkkit_ruby_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    RubyLayout *layout = &GTKKIT_RUBY(widget)->layout;
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    ruby_layout_place(layout, widget, width);
    GdkRGBA color, ruby_color;
    // NB: gtk_widget_get_color is GTK 4.10; the style context is how 4.8 reads it.
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
    ruby_color = color;
    ruby_color.alpha *= RUBY_ALPHA;
    for (guint i = 0; i < layout->cells->len; i++) {
        const RubyCell *cell = &g_array_index(layout->cells, RubyCell, i);
        GdkRectangle base, ruby;
        ruby_layout_cell_rectangles(layout, widget, cell, width, height, &base, &ruby);
        append_layout(snapshot, cell->base, &base, &color);
        if (cell->ruby != NULL)
            append_layout(snapshot, cell->ruby, &ruby, &ruby_color);
    }
    // Overlines in the rubies' colour: part of the reading.
    GArray *rectangles = g_array_new(FALSE, FALSE, sizeof(GdkRectangle));
    ruby_layout_overline_rectangles(layout, widget, width, height, rectangles);
    for (guint i = 0; i < rectangles->len; i++) {
        const GdkRectangle *r = &g_array_index(rectangles, GdkRectangle, i);
        gtk_snapshot_append_color(snapshot, &ruby_color, &GRAPHENE_RECT_INIT((float)r->x, (float)r->y, (float)r->width,
                                                                             (float)r->height));
    }
    g_array_unref(rectangles);
}

static void relayout(GtkKitRuby *self) {
    ruby_layout_forget(&self->layout);
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

static void gtkkit_ruby_css_changed(GtkWidget *widget, GtkCssStyleChange *change) {
    GTK_WIDGET_CLASS(gtkkit_ruby_parent_class)->css_changed(widget, change);
    // GTK resizes the widget when the change affects its size (a font); the layouts
    // are made again from the widget's new Pango context either way.
    ruby_layout_forget(&GTKKIT_RUBY(widget)->layout);
}

static void gtkkit_ruby_system_setting_changed(GtkWidget *widget, GtkSystemSetting setting) {
    GTK_WIDGET_CLASS(gtkkit_ruby_parent_class)->system_setting_changed(widget, setting);
    relayout(GTKKIT_RUBY(widget)); // text scaling (DPI), the font, font rendering
}

static void gtkkit_ruby_direction_changed(GtkWidget *widget, GtkTextDirection previous) {
    GTK_WIDGET_CLASS(gtkkit_ruby_parent_class)->direction_changed(widget, previous);
    relayout(GTKKIT_RUBY(widget));
}

static void gtkkit_ruby_root(GtkWidget *widget) {
    GTK_WIDGET_CLASS(gtkkit_ruby_parent_class)->root(widget);
    ruby_layout_forget(&GTKKIT_RUBY(widget)->layout); // another display may have other font options
}

static void gtkkit_ruby_finalize(GObject *object) {
    ruby_layout_finish(&GTKKIT_RUBY(object)->layout);
    G_OBJECT_CLASS(gtkkit_ruby_parent_class)->finalize(object);
}

static void gtkkit_ruby_class_init(GtkKitRubyClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->finalize = gtkkit_ruby_finalize;
    widget_class->measure = gtkkit_ruby_measure;
    widget_class->get_request_mode = gtkkit_ruby_get_request_mode;
    widget_class->snapshot = gtkkit_ruby_snapshot;
    widget_class->css_changed = gtkkit_ruby_css_changed;
    widget_class->system_setting_changed = gtkkit_ruby_system_setting_changed;
    widget_class->direction_changed = gtkkit_ruby_direction_changed;
    widget_class->root = gtkkit_ruby_root;
    gtk_widget_class_set_css_name(widget_class, "gtkkit-ruby");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void gtkkit_ruby_init(GtkKitRuby *self) { ruby_layout_init(&self->layout); }

GtkWidget *gtkkit_ruby_new(void) { return g_object_new(GTKKIT_TYPE_RUBY, NULL); }

// What a screen reader says: "取り消す, とりけす"; text without rubies, once.
static void update_accessible_label(GtkKitRuby *self) {
    GArray *segments = self->layout.segments;
    GString *text = g_string_new(NULL), *reading = g_string_new(NULL);
    for (guint i = 0; i < segments->len; i++) {
        const RubySegment *segment = &g_array_index(segments, RubySegment, i);
        g_string_append(text, segment->base);
        g_string_append(reading, segment->ruby != NULL ? segment->ruby : segment->base);
    }
    if (self->layout.has_ruby)
        g_string_append_printf(text, ", %s", reading->str);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL, text->str, -1);
    g_string_free(text, TRUE);
    g_string_free(reading, TRUE);
}

void gtkkit_ruby_set_segments(GtkKitRuby *self, const char *const *bases, const char *const *rubies,
                              const gboolean *emphasised, int count) {
    g_return_if_fail(GTKKIT_IS_RUBY(self));
    g_return_if_fail(count == 0 || (bases != NULL && rubies != NULL));
    if (!ruby_layout_set_segments(&self->layout, bases, rubies, emphasised, count))
        return;
    update_accessible_label(self);
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

void gtkkit_ruby_set_overlines(GtkKitRuby *self, const int *starts, const int *ends, const gboolean *drops,
                               int count) {
    g_return_if_fail(GTKKIT_IS_RUBY(self));
    g_return_if_fail(count == 0 || (starts != NULL && ends != NULL && drops != NULL));
    gboolean had = self->layout.overlines->len > 0;
    if (!ruby_layout_set_overlines(&self->layout, starts, ends, drops, count))
        return;
    if (had != (self->layout.overlines->len > 0))
        relayout(self); // the band kept for them comes or goes
    else
        gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* Measures the layout and places it at `width` (its natural width when negative), as
   the rectangle queries below see it; returns the width placed at. */
static int place_for_query(GtkKitRuby *self, int width) {
    ruby_layout_measure(&self->layout, GTK_WIDGET(self));
    if (width < 0)
        width = self->layout.natural_width;
    ruby_layout_place(&self->layout, GTK_WIDGET(self), width);
    return width;
}

int gtkkit_ruby_get_overline_rectangles(GtkKitRuby *self, int width, int height, GdkRectangle *rectangles,
                                        int capacity) {
    g_return_val_if_fail(GTKKIT_IS_RUBY(self), 0);
    GtkWidget *widget = GTK_WIDGET(self);
    RubyLayout *layout = &self->layout;
    width = place_for_query(self, width);
    if (height < 0)
        height = ruby_layout_height(layout);
    GArray *found = g_array_new(FALSE, FALSE, sizeof(GdkRectangle));
    ruby_layout_overline_rectangles(layout, widget, width, height, found);
    int count = (int)found->len;
    for (int i = 0; i < MIN(count, capacity); i++)
        rectangles[i] = g_array_index(found, GdkRectangle, i);
    g_array_unref(found);
    return count;
}

int gtkkit_ruby_get_rectangles(GtkKitRuby *self, int width, int height, GdkRectangle *bases,
                               GdkRectangle *rubies, int capacity) {
    g_return_val_if_fail(GTKKIT_IS_RUBY(self), 0);
    GtkWidget *widget = GTK_WIDGET(self);
    RubyLayout *layout = &self->layout;
    width = place_for_query(self, width);
    int count = MIN((int)layout->cells->len, capacity);
    for (int i = 0; i < count; i++)
        ruby_layout_cell_rectangles(layout, widget, &g_array_index(layout->cells, RubyCell, i), width, height,
                                    &bases[i], &rubies[i]);
    return (int)layout->cells->len;
}
