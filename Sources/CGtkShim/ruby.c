#include "CGtkShim.h"
#include <math.h>

// GtkKitRuby: text in segments, each segment's ruby (a reading, furigana) centred
// over it in a font half the size of the widget's own.
//
// Layout. Segments run left to right, each ruby centred over its base. A ruby wider
// than its base may reach over a neighbouring segment without ruby (kana: 承る's
// うけたまわ reaches over る), by up to half of it and one ruby character, as Japanese
// typesetting allows (JIS X 4051); beyond that, and next to another ruby, it spaces the
// bases apart: rubies never overlap. Lines wrap at segment boundaries where the text
// allows a line break there (Pango's rules for the whole text: not before 。 or inside
// a Latin word); segments between such boundaries move to the next line together,
// unless they are wider than a line. A segment without a ruby that is wider than a
// whole line also breaks inside, where Pango allows a line break (between kana, at a
// space), or between characters when nothing else fits.
// Lines are centred, or follow the widget's horizontal alignment. When any segment has
// a ruby, every line keeps a band above its bases for rubies, so lines are evenly
// spaced; text without rubies is as tall as a label.
//
// Caching. Each segment's two PangoLayouts are made once (from the widget's Pango
// context, so its CSS font and the desktop's text scaling apply) and dropped when the
// segments, the style, the direction or a system font setting change. The placement
// of cells for the last width asked is kept too: GTK measures a height for a width
// and then draws at that width. (Measuring places the cells on one line once, for the
// natural width.)

// The ruby's font size as a fraction of the base's.
#define RUBY_SCALE 0.5
// Rubies are drawn in the text colour, a little lighter.
#define RUBY_ALPHA 0.8f
// No width asked yet (-1 is "as wide as it likes").
#define NO_WIDTH G_MININT

typedef struct {
    char *base;
    char *ruby; // NULL: no ruby over this segment
    PangoLayout *base_layout;
    PangoLayout *ruby_layout;
    int base_width, base_height, base_baseline; // pixels
    int ruby_width, ruby_height, ruby_baseline;
    int narrowest; // the least width it needs: its ruby's or base's, or its widest grapheme
    gboolean breaks_before; // the text allows a line break before it
} Segment;

// One cell placed on a line: a segment, or a piece of a long one without ruby.
typedef struct {
    PangoLayout *base; // a reference of its own
    PangoLayout *ruby; // borrowed from the segment, or NULL
    int base_width, base_height, base_baseline;
    int ruby_width, ruby_height, ruby_baseline;
    int x; // of the base, from the start of its line
    int line;
} Cell;

struct _GtkKitRuby {
    GtkWidget parent_instance;
    GArray *segments; // Segment
    gboolean has_ruby;
    gboolean measured; // the segments' layouts and the sizes below are current
    int band;          // the height kept above each line's bases for rubies
    int ruby_ascent;
    int line_height; // of the bases
    int base_ascent;
    int ruby_em; // the ruby font's size in pixels: how far a ruby may reach over kana
    int minimum_width;
    int natural_width;
    GArray *cells;      // Cell, placed for `placed_width`
    GArray *line_widths; // int, one per line
    int placed_width;
};

G_DEFINE_FINAL_TYPE(GtkKitRuby, gtkkit_ruby, GTK_TYPE_WIDGET)

// MARK: - Caches

static void clear_placement(GtkKitRuby *self) {
    for (guint i = 0; i < self->cells->len; i++)
        g_object_unref(g_array_index(self->cells, Cell, i).base);
    g_array_set_size(self->cells, 0);
    g_array_set_size(self->line_widths, 0);
    self->placed_width = NO_WIDTH;
}

static void clear_layouts(GtkKitRuby *self) {
    clear_placement(self);
    for (guint i = 0; i < self->segments->len; i++) {
        Segment *segment = &g_array_index(self->segments, Segment, i);
        g_clear_object(&segment->base_layout);
        g_clear_object(&segment->ruby_layout);
    }
    self->measured = FALSE;
}

static void clear_segment(gpointer data) {
    Segment *segment = data;
    g_clear_pointer(&segment->base, g_free);
    g_clear_pointer(&segment->ruby, g_free);
    g_clear_object(&segment->base_layout);
    g_clear_object(&segment->ruby_layout);
}

static void pixel_size(PangoLayout *layout, int *width, int *height, int *baseline) {
    pango_layout_get_pixel_size(layout, width, height);
    *baseline = PANGO_PIXELS(pango_layout_get_baseline(layout));
}

// The x of each character boundary (character offsets 0…count) in a one-line layout.
static int *boundary_positions(PangoLayout *layout, const char *text, int count) {
    int *positions = g_new(int, count + 1);
    const char *at = text;
    for (int i = 0; i <= count; i++) {
        PangoRectangle position;
        pango_layout_index_to_pos(layout, (int)(at - text), &position);
        positions[i] = PANGO_PIXELS(MIN(position.x, position.x + position.width));
        if (i < count)
            at = g_utf8_next_char(at);
    }
    // The end of the text is its width, whatever index_to_pos says past the last character.
    int width;
    pango_layout_get_pixel_size(layout, &width, NULL);
    positions[count] = width;
    return positions;
}

// The widest grapheme of a segment without ruby: the narrowest it can be made.
static int widest_grapheme(PangoLayout *layout, const char *text) {
    int count = 0;
    const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(layout, &count);
    count -= 1; // the attributes include the position after the last character
    if (count <= 1) {
        int width;
        pango_layout_get_pixel_size(layout, &width, NULL);
        return width;
    }
    int *positions = boundary_positions(layout, text, count);
    int widest = 0, start = 0;
    for (int i = 1; i <= count; i++) {
        if (i == count || attrs[i].is_cursor_position) {
            widest = MAX(widest, ABS(positions[i] - positions[start]));
            start = i;
        }
    }
    g_free(positions);
    return widest;
}

static void place(GtkKitRuby *self, int width);

// Which segment boundaries the whole text allows a line break at.
static void find_breaks(GtkKitRuby *self, PangoContext *context) {
    GString *text = g_string_new(NULL);
    for (guint i = 0; i < self->segments->len; i++)
        g_string_append(text, g_array_index(self->segments, Segment, i).base);
    int count = (int)g_utf8_strlen(text->str, (gssize)text->len);
    PangoLogAttr *attrs = g_new0(PangoLogAttr, count + 1);
    pango_get_log_attrs(text->str, (int)text->len, -1, pango_context_get_language(context), attrs, count + 1);
    int offset = 0;
    for (guint i = 0; i < self->segments->len; i++) {
        Segment *segment = &g_array_index(self->segments, Segment, i);
        segment->breaks_before = offset > 0 && offset < count && attrs[offset].is_line_break;
        offset += (int)g_utf8_strlen(segment->base, -1);
    }
    g_free(attrs);
    g_string_free(text, TRUE);
}

static void ensure_measured(GtkKitRuby *self) {
    if (self->measured)
        return;
    GtkWidget *widget = GTK_WIDGET(self);
    PangoFontDescription *ruby_font =
        pango_font_description_copy(pango_context_get_font_description(gtk_widget_get_pango_context(widget)));
    double size = pango_font_description_get_size(ruby_font) * RUBY_SCALE;
    if (pango_font_description_get_size_is_absolute(ruby_font)) {
        pango_font_description_set_absolute_size(ruby_font, size);
        self->ruby_em = (int)ceil(size / PANGO_SCALE);
    } else {
        pango_font_description_set_size(ruby_font, (int)size);
        double dpi = pango_cairo_context_get_resolution(gtk_widget_get_pango_context(widget));
        self->ruby_em = (int)ceil(size / PANGO_SCALE * (dpi > 0 ? dpi : 96) / 72);
    }

    int base_descent = 0, ruby_descent = 0;
    self->base_ascent = self->ruby_ascent = 0;
    self->minimum_width = 0;
    for (guint i = 0; i < self->segments->len; i++) {
        Segment *segment = &g_array_index(self->segments, Segment, i);
        segment->base_layout = gtk_widget_create_pango_layout(widget, segment->base);
        pixel_size(segment->base_layout, &segment->base_width, &segment->base_height, &segment->base_baseline);
        self->base_ascent = MAX(self->base_ascent, segment->base_baseline);
        base_descent = MAX(base_descent, segment->base_height - segment->base_baseline);
        if (segment->ruby != NULL) {
            segment->ruby_layout = gtk_widget_create_pango_layout(widget, segment->ruby);
            pango_layout_set_font_description(segment->ruby_layout, ruby_font);
            pixel_size(segment->ruby_layout, &segment->ruby_width, &segment->ruby_height, &segment->ruby_baseline);
            self->ruby_ascent = MAX(self->ruby_ascent, segment->ruby_baseline);
            ruby_descent = MAX(ruby_descent, segment->ruby_height - segment->ruby_baseline);
            segment->narrowest = MAX(segment->base_width, segment->ruby_width);
        } else {
            segment->narrowest = widest_grapheme(segment->base_layout, segment->base);
        }
        self->minimum_width = MAX(self->minimum_width, segment->narrowest);
    }
    pango_font_description_free(ruby_font);
    find_breaks(self, gtk_widget_get_pango_context(widget));
    self->line_height = self->base_ascent + base_descent;
    self->band = self->has_ruby ? self->ruby_ascent + ruby_descent : 0;
    self->measured = TRUE;
    place(self, -1);
    self->natural_width = self->line_widths->len > 0 ? g_array_index(self->line_widths, int, 0) : 0;
}

// MARK: - Placing cells on lines

typedef struct {
    GtkKitRuby *self;
    int width; // G_MAXINT: no limit
    int line;
    gboolean empty; // no cell on this line yet
    int end;        // where the line's content ends: the last base's or ruby's right edge
    int base_end;   // the last base's right edge
    int plain_room; // how far a ruby may reach over the last cell, when it has no ruby
} Placer;

static void new_line(Placer *placer) {
    g_array_append_val(placer->self->line_widths, placer->end);
    placer->line += 1;
    placer->empty = TRUE;
    placer->end = placer->base_end = placer->plain_room = 0;
}

// Places a cell after the last one, or (with `wrap`) at the start of the next line if
// it does not fit.
static void place_cell(Placer *placer, PangoLayout *base, const Segment *segment, int base_width, gboolean wrap) {
    gboolean has_ruby = segment->ruby_layout != NULL;
    // How far the ruby sticks out on each side of its base.
    int reach = has_ruby ? MAX(0, segment->ruby_width - base_width) : 0;
    int left_reach = reach / 2, right_reach = reach - left_reach;
    // Half a segment without ruby, so rubies reaching over it from both sides never meet.
    int room = has_ruby ? 0 : MIN(base_width / 2, placer->self->ruby_em);
    int x, end;
    for (;;) {
        if (has_ruby)
            x = MAX(placer->base_end, placer->end + MAX(0, left_reach - placer->plain_room));
        else
            x = MAX(placer->base_end, placer->end - room);
        end = MAX(placer->end, x + base_width + right_reach);
        if (!wrap || placer->empty || end <= placer->width)
            break;
        new_line(placer);
    }
    Cell cell = {
        .base = g_object_ref(base),
        .ruby = segment->ruby_layout,
        .base_width = base_width,
        .base_height = segment->base_height,
        .base_baseline = segment->base_baseline,
        .ruby_width = segment->ruby_width,
        .ruby_height = segment->ruby_height,
        .ruby_baseline = segment->ruby_baseline,
        .x = x,
        .line = placer->line,
    };
    g_array_append_val(placer->self->cells, cell);
    placer->empty = FALSE;
    placer->end = end;
    placer->base_end = x + base_width;
    placer->plain_room = room;
}

// Where the piece of `text` from character `start` ends: the furthest allowed break
// within `room` pixels (Pango's line breaks; with `any_character`, every grapheme
// boundary), or `start` when none is.
static int furthest_break(const PangoLogAttr *attrs, const int *positions, int count, int start, int room,
                          gboolean any_character) {
    int end = start;
    for (int i = start + 1; i <= count; i++) {
        if (ABS(positions[i] - positions[start]) > room)
            break;
        if (i == count || (any_character ? attrs[i].is_cursor_position : attrs[i].is_line_break))
            end = i;
    }
    return end;
}

// A segment without ruby wider than a line, cut into pieces that fill each line.
static void place_broken(Placer *placer, const Segment *segment) {
    int count = 0;
    const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(segment->base_layout, &count);
    count -= 1;
    int *positions = boundary_positions(segment->base_layout, segment->base, count);
    int start = 0;
    while (start < count) {
        int room = placer->width - placer->end;
        int end = furthest_break(attrs, positions, count, start, room, FALSE);
        if (end == start && !placer->empty) {
            new_line(placer);
            continue;
        }
        if (end == start)
            end = furthest_break(attrs, positions, count, start, room, TRUE);
        if (end == start) // not even one grapheme fits: it overflows its line alone
            end = start + 1;
        while (end < count && !attrs[end].is_cursor_position)
            end++;
        const char *from = g_utf8_offset_to_pointer(segment->base, start);
        const char *to = g_utf8_offset_to_pointer(segment->base, end);
        PangoLayout *piece = pango_layout_copy(segment->base_layout);
        pango_layout_set_text(piece, from, (int)(to - from));
        int width, height;
        pango_layout_get_pixel_size(piece, &width, &height);
        place_cell(placer, piece, segment, width, TRUE);
        g_object_unref(piece);
        start = end;
    }
    g_free(positions);
}

typedef enum {
    KEEP_ON_LINE, // never wrap: the caller checks the fit
    WRAP,         // wrap before a segment that does not fit, break one wider than a line
    FILL,         // break a segment without ruby that does not fit the rest of the line
} Placing;

static void place_segment(Placer *placer, const Segment *segment, Placing placing) {
    gboolean plain = segment->ruby_layout == NULL;
    if (plain && placing == WRAP && segment->base_width > placer->width)
        place_broken(placer, segment);
    else if (plain && placing == FILL && placer->end + segment->base_width > placer->width)
        place_broken(placer, segment);
    else
        place_cell(placer, segment->base_layout, segment, segment->base_width, placing != KEEP_ON_LINE);
}

static void place_run(Placer *placer, guint first, guint next, Placing placing) {
    for (guint i = first; i < next; i++)
        place_segment(placer, &g_array_index(placer->self->segments, Segment, i), placing);
}

// Drops the cells placed after the first `count`.
static void unplace(GtkKitRuby *self, guint count) {
    for (guint i = count; i < self->cells->len; i++)
        g_object_unref(g_array_index(self->cells, Cell, i).base);
    g_array_set_size(self->cells, count);
}

// Lays the cells out for `width` (-1: on one line), unless they already are.
static void place(GtkKitRuby *self, int width) {
    ensure_measured(self);
    if (self->placed_width == width)
        return;
    clear_placement(self);
    self->placed_width = width;
    Placer placer = {.self = self, .width = width < 0 ? G_MAXINT : width, .empty = TRUE};
    guint count = self->segments->len;
    for (guint first = 0, next; first < count; first = next) {
        // The segments up to the next allowed break go on one line together if they can.
        next = first + 1;
        while (next < count && !g_array_index(self->segments, Segment, next).breaks_before)
            next++;
        if (next - first == 1) {
            place_segment(&placer, &g_array_index(self->segments, Segment, first), WRAP);
            continue;
        }
        Placer before = placer;
        guint cells = self->cells->len, lines = self->line_widths->len;
        place_run(&placer, first, next, KEEP_ON_LINE);
        if (placer.end <= placer.width)
            continue;
        unplace(self, cells);
        placer = before;
        if (!placer.empty) { // on a line of their own?
            new_line(&placer);
            place_run(&placer, first, next, KEEP_ON_LINE);
            if (placer.end <= placer.width)
                continue;
            unplace(self, cells);
            placer = before;
            g_array_set_size(self->line_widths, lines);
        }
        // Wider than a line: they fill lines from here, breaking between segments and
        // inside those without ruby.
        place_run(&placer, first, next, FILL);
    }
    if (self->cells->len > 0)
        g_array_append_val(self->line_widths, placer.end);
}

static int content_height(GtkKitRuby *self) {
    return (int)self->line_widths->len * (self->band + self->line_height);
}

// Where a line starts: centred, or at the side the widget is aligned to.
static int line_start(GtkKitRuby *self, int width, int line_width) {
    GtkWidget *widget = GTK_WIDGET(self);
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    int spare = width - line_width;
    switch (gtk_widget_get_halign(widget)) {
    case GTK_ALIGN_START:
        return rtl ? spare : 0;
    case GTK_ALIGN_END:
        return rtl ? 0 : spare;
    default:
        return spare / 2;
    }
}

// Where a placed cell's base and ruby go in a widget of `width` × `height`.
static void cell_rectangles(GtkKitRuby *self, const Cell *cell, int width, int height, GdkRectangle *base,
                            GdkRectangle *ruby) {
    int top = MAX(0, (height - content_height(self)) / 2) + cell->line * (self->band + self->line_height);
    int left = line_start(self, width, g_array_index(self->line_widths, int, cell->line)) + cell->x;
    base->x = left;
    base->y = top + self->band + self->base_ascent - cell->base_baseline;
    base->width = cell->base_width;
    base->height = cell->base_height;
    if (cell->ruby != NULL) {
        ruby->x = left + (cell->base_width - cell->ruby_width) / 2;
        ruby->y = top + self->ruby_ascent - cell->ruby_baseline;
        ruby->width = cell->ruby_width;
        ruby->height = cell->ruby_height;
    } else {
        *ruby = (GdkRectangle){0};
    }
}

// MARK: - GtkWidget

static void gtkkit_ruby_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                int *natural, int *minimum_baseline, int *natural_baseline) {
    GtkKitRuby *self = GTKKIT_RUBY(widget);
    ensure_measured(self);
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        *minimum = self->minimum_width;
        *natural = self->natural_width;
        return;
    }
    place(self, for_size);
    *minimum = *natural = content_height(self);
    if (self->cells->len > 0)
        *minimum_baseline = *natural_baseline = self->band + self->base_ascent;
}

static GtkSizeRequestMode gtkkit_ruby_get_request_mode(GtkWidget *widget) {
    (void)widget;
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void gtkkit_ruby_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    GtkKitRuby *self = GTKKIT_RUBY(widget);
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    place(self, width);
    GdkRGBA color, ruby_color;
    // NB: gtk_widget_get_color is GTK 4.10; the style context is how 4.8 reads it.
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
    ruby_color = color;
    ruby_color.alpha *= RUBY_ALPHA;
    for (guint i = 0; i < self->cells->len; i++) {
        const Cell *cell = &g_array_index(self->cells, Cell, i);
        GdkRectangle base, ruby;
        cell_rectangles(self, cell, width, height, &base, &ruby);
        gtk_snapshot_save(snapshot);
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)base.x, (float)base.y));
        gtk_snapshot_append_layout(snapshot, cell->base, &color);
        gtk_snapshot_restore(snapshot);
        if (cell->ruby != NULL) {
            gtk_snapshot_save(snapshot);
            gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)ruby.x, (float)ruby.y));
            gtk_snapshot_append_layout(snapshot, cell->ruby, &ruby_color);
            gtk_snapshot_restore(snapshot);
        }
    }
}

static void relayout(GtkKitRuby *self) {
    clear_layouts(self);
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

static void gtkkit_ruby_css_changed(GtkWidget *widget, GtkCssStyleChange *change) {
    GTK_WIDGET_CLASS(gtkkit_ruby_parent_class)->css_changed(widget, change);
    // GTK resizes the widget when the change affects its size (a font); the layouts
    // are made again from the widget's new Pango context either way.
    clear_layouts(GTKKIT_RUBY(widget));
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
    clear_layouts(GTKKIT_RUBY(widget)); // another display may have other font options
}

static void gtkkit_ruby_finalize(GObject *object) {
    GtkKitRuby *self = GTKKIT_RUBY(object);
    clear_placement(self);
    g_array_unref(self->cells);
    g_array_unref(self->line_widths);
    g_array_unref(self->segments);
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

static void gtkkit_ruby_init(GtkKitRuby *self) {
    self->segments = g_array_new(FALSE, TRUE, sizeof(Segment));
    g_array_set_clear_func(self->segments, clear_segment);
    self->cells = g_array_new(FALSE, TRUE, sizeof(Cell));
    self->line_widths = g_array_new(FALSE, TRUE, sizeof(int));
    self->placed_width = NO_WIDTH;
}

// MARK: - Public

GtkWidget *gtkkit_ruby_new(void) { return g_object_new(GTKKIT_TYPE_RUBY, NULL); }

static gboolean same_segments(GtkKitRuby *self, const char *const *bases, const char *const *rubies, int count) {
    if ((guint)count != self->segments->len)
        return FALSE;
    for (int i = 0; i < count; i++) {
        const Segment *segment = &g_array_index(self->segments, Segment, i);
        const char *ruby = rubies[i] != NULL && rubies[i][0] != '\0' ? rubies[i] : NULL;
        if (g_strcmp0(segment->base, bases[i]) != 0 || g_strcmp0(segment->ruby, ruby) != 0)
            return FALSE;
    }
    return TRUE;
}

void gtkkit_ruby_set_segments(GtkKitRuby *self, const char *const *bases, const char *const *rubies, int count) {
    g_return_if_fail(GTKKIT_IS_RUBY(self));
    g_return_if_fail(count == 0 || (bases != NULL && rubies != NULL));
    if (same_segments(self, bases, rubies, count))
        return;
    clear_placement(self);
    g_array_set_size(self->segments, 0);
    self->has_ruby = FALSE;
    GString *text = g_string_new(NULL), *reading = g_string_new(NULL);
    for (int i = 0; i < count; i++) {
        Segment segment = {.base = g_strdup(bases[i] != NULL ? bases[i] : "")};
        if (rubies[i] != NULL && rubies[i][0] != '\0') {
            segment.ruby = g_strdup(rubies[i]);
            self->has_ruby = TRUE;
        }
        g_string_append(text, segment.base);
        g_string_append(reading, segment.ruby != NULL ? segment.ruby : segment.base);
        g_array_append_val(self->segments, segment);
    }
    // What a screen reader says: "取り消す, とりけす"; text without rubies, once.
    if (self->has_ruby)
        g_string_append_printf(text, ", %s", reading->str);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL, text->str, -1);
    g_string_free(text, TRUE);
    g_string_free(reading, TRUE);
    relayout(self);
}

int gtkkit_ruby_get_rectangles(GtkKitRuby *self, int width, int height, GdkRectangle *bases,
                               GdkRectangle *rubies, int capacity) {
    g_return_val_if_fail(GTKKIT_IS_RUBY(self), 0);
    ensure_measured(self);
    if (width < 0)
        width = self->natural_width;
    place(self, width);
    int count = MIN((int)self->cells->len, capacity);
    for (int i = 0; i < count; i++)
        cell_rectangles(self, &g_array_index(self->cells, Cell, i), width, height, &bases[i], &rubies[i]);
    return (int)self->cells->len;
}
