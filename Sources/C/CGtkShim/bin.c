#include "CGtkShim.h"

// GtkKitBin: one child, sized exactly like it (or given a fixed width), and an
// optional callback after each allocation. The window uses it to learn its real
// size (drags, maximise, fullscreen and programmatic resizes all end in an
// allocation); adaptive layouts use it as a slot whose child can be swapped; a
// list's cells use its fixed width, so that every row's columns line up.
struct _GtkKitBin {
    GtkWidget parent_instance;
    GtkWidget *child;
    double offset;
    int width;  // -1: the child's own
    GtkKitAllocateCallback callback;
    gpointer callback_data;
    GDestroyNotify callback_destroy;
};

G_DEFINE_FINAL_TYPE(GtkKitBin, gtkkit_bin, GTK_TYPE_WIDGET)

static void clear_callback(GtkKitBin *self) {
    if (self->callback_destroy != NULL && self->callback_data != NULL)
        self->callback_destroy(self->callback_data);
    self->callback = NULL;
    self->callback_data = NULL;
    self->callback_destroy = NULL;
}

static void gtkkit_bin_dispose(GObject *object) {
    GtkKitBin *self = GTKKIT_BIN(object);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    clear_callback(self);
    G_OBJECT_CLASS(gtkkit_bin_parent_class)->dispose(object);
}

static void gtkkit_bin_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                               int *minimum, int *natural, int *minimum_baseline,
                               int *natural_baseline) {
    GtkKitBin *self = GTKKIT_BIN(widget);
    if (self->child != NULL && gtk_widget_should_layout(self->child)) {
        if (self->width >= 0 && orientation == GTK_ORIENTATION_VERTICAL && for_size < 0)
            for_size = self->width;
        gtk_widget_measure(self->child, orientation, for_size, minimum, natural,
                           minimum_baseline, natural_baseline);
    } else {
        *minimum = *natural = 0;
    }
    if (self->width >= 0 && orientation == GTK_ORIENTATION_HORIZONTAL) {
        // Whatever the child would like: a wider one is clipped (overflow hidden).
        *minimum = *natural = self->width;
        *minimum_baseline = *natural_baseline = -1;
    }
}

static void gtkkit_bin_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    GtkKitBin *self = GTKKIT_BIN(widget);
    if (self->child != NULL && gtk_widget_should_layout(self->child)) {
        GskTransform *transform = NULL;
        if (self->offset != 0) {
            // Turn about the bottom centre, a degree per 20 px, as a card held at its foot.
            graphene_point_t foot = GRAPHENE_POINT_INIT(width / 2.0f + (float)self->offset, (float)height);
            graphene_point_t back = GRAPHENE_POINT_INIT(-width / 2.0f, -(float)height);
            transform = gsk_transform_translate(transform, &foot);
            transform = gsk_transform_rotate(transform, (float)(self->offset / 20.0));
            transform = gsk_transform_translate(transform, &back);
        }
        if (self->width >= 0) {
            int child_minimum = 0;
            gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, NULL, NULL, NULL);
            width = MAX(width, child_minimum);
        }
        gtk_widget_allocate(self->child, width, height, baseline, transform);
    }
    if (self->callback != NULL)
        self->callback(width, height, self->callback_data);
}

static GtkSizeRequestMode gtkkit_bin_get_request_mode(GtkWidget *widget) {
    GtkKitBin *self = GTKKIT_BIN(widget);
    return self->child != NULL ? gtk_widget_get_request_mode(self->child)
                               : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void gtkkit_bin_class_init(GtkKitBinClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = gtkkit_bin_dispose;
    widget_class->measure = gtkkit_bin_measure;
    widget_class->size_allocate = gtkkit_bin_size_allocate;
    widget_class->get_request_mode = gtkkit_bin_get_request_mode;
    gtk_widget_class_set_css_name(widget_class, "gtkkit-bin");
}

static void gtkkit_bin_init(GtkKitBin *self) { self->width = -1; }

GtkWidget *gtkkit_bin_new(void) { return g_object_new(GTKKIT_TYPE_BIN, NULL); }

void gtkkit_bin_set_child(GtkKitBin *self, GtkWidget *child) {
    g_return_if_fail(GTKKIT_IS_BIN(self));
    if (self->child == child)
        return;
    g_clear_pointer(&self->child, gtk_widget_unparent);
    if (child != NULL) {
        self->child = child;
        gtk_widget_set_parent(child, GTK_WIDGET(self));
    }
}

void gtkkit_bin_set_offset(GtkKitBin *self, double offset) {
    g_return_if_fail(GTKKIT_IS_BIN(self));
    if (self->offset == offset)
        return;
    self->offset = offset;
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

double gtkkit_bin_get_offset(GtkKitBin *self) {
    g_return_val_if_fail(GTKKIT_IS_BIN(self), 0);
    return self->offset;
}

GtkWidget *gtkkit_bin_get_child(GtkKitBin *self) {
    g_return_val_if_fail(GTKKIT_IS_BIN(self), NULL);
    return self->child;
}

void gtkkit_bin_set_allocate_callback(GtkKitBin *self, GtkKitAllocateCallback callback,
                                      gpointer data, GDestroyNotify destroy) {
    g_return_if_fail(GTKKIT_IS_BIN(self));
    clear_callback(self);
    self->callback = callback;
    self->callback_data = data;
    self->callback_destroy = destroy;
}

void gtkkit_bin_set_fixed_width(GtkKitBin *self, int width) {
    g_return_if_fail(GTKKIT_IS_BIN(self));
    if (self->width == width)
        return;
    self->width = width;
    gtk_widget_set_overflow(GTK_WIDGET(self), width >= 0 ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE);
    gtk_widget_queue_resize(GTK_WIDGET(self));
}
