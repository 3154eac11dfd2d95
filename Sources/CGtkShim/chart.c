// A bar chart drawn with cairo in a GtkDrawingArea: the bars in the widget's CSS
// colour, the axis and labels in its parent's (the theme's text colour), so light and
// dark follow the style. The data is a copy owned by the widget.
#include "CGtkShim.h"

typedef struct {
    int count;
    double *values;
    char **labels;
    int highlight;
} ChartData;

static unsigned long chart_draws = 0;

static void chart_data_free(gpointer pointer) {
    ChartData *data = pointer;
    for (int i = 0; i < data->count; i++) g_free(data->labels[i]);
    g_free(data->labels);
    g_free(data->values);
    g_free(data);
}

static void widget_color(GtkWidget *widget, GdkRGBA *color) {
    // gtk_widget_get_color() is GTK 4.10; the style context's is the 4.8 way.
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), color);
}

static void show_text(cairo_t *cr, PangoLayout *layout, const char *text, double center_x, double top) {
    int width, height;
    pango_layout_set_text(layout, text, -1);
    pango_layout_get_pixel_size(layout, &width, &height);
    cairo_move_to(cr, center_x - width / 2.0, top);
    pango_cairo_show_layout(cr, layout);
}

static void chart_draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer unused) {
    (void)unused;
    chart_draws++;
    GtkWidget *widget = GTK_WIDGET(area);
    ChartData *data = g_object_get_data(G_OBJECT(area), "gtkkit-chart");
    GdkRGBA bar, text;
    widget_color(widget, &bar);
    GtkWidget *parent = gtk_widget_get_parent(widget);
    widget_color(parent ? parent : widget, &text);

    PangoLayout *layout = gtk_widget_create_pango_layout(widget, NULL);
    int text_width, text_height;
    pango_layout_set_text(layout, "00", -1);
    pango_layout_get_pixel_size(layout, &text_width, &text_height);
    const double top = text_height + 2, bottom = height - text_height - 4;
    const double plot = bottom - top;

    // The baseline.
    cairo_set_source_rgba(cr, text.red, text.green, text.blue, text.alpha * 0.35);
    cairo_rectangle(cr, 0, bottom, width, 1);
    cairo_fill(cr);

    int count = data ? data->count : 0;
    if (count == 0 || plot <= 0) {
        g_object_unref(layout);
        return;
    }
    double max = 0;
    int tallest = 0;
    for (int i = 0; i < count; i++) {
        if (data->values[i] > max) { max = data->values[i]; tallest = i; }
    }
    const double slot = (double)width / count;
    const double bar_width = slot > 4 ? slot * 0.7 : slot;
    for (int i = 0; i < count && max > 0; i++) {
        double value = data->values[i] > 0 ? data->values[i] : 0;
        double bar_height = value / max * plot;
        if (value > 0 && bar_height < 2) bar_height = 2;
        double x = i * slot + (slot - bar_width) / 2;
        double alpha = data->highlight < 0 || data->highlight == i ? 1.0 : 0.7;
        cairo_set_source_rgba(cr, bar.red, bar.green, bar.blue, bar.alpha * alpha);
        cairo_rectangle(cr, x, bottom - bar_height, bar_width, bar_height);
        cairo_fill(cr);
    }

    cairo_set_source_rgba(cr, text.red, text.green, text.blue, text.alpha * 0.8);
    // The highest value, over its bar: the scale in one number.
    if (max > 0) {
        char number[32];
        g_snprintf(number, sizeof number, "%.0f", max);
        double center = tallest * slot + slot / 2;
        int number_width, number_height;
        pango_layout_set_text(layout, number, -1);
        pango_layout_get_pixel_size(layout, &number_width, &number_height);
        if (center - number_width / 2.0 < 0) center = number_width / 2.0;
        if (center + number_width / 2.0 > width) center = width - number_width / 2.0;
        show_text(cr, layout, number, center, 0);
    }
    // Labels under the bars, thinned out so they never overlap; the last bar (today,
    // or the first day of a forecast read from the left) always keeps its label.
    int step = 1;
    while (step < count && slot * step < text_width + 8) step++;
    for (int i = count - 1; i >= 0; i -= step) {
        if (data->labels[i] && data->labels[i][0]) show_text(cr, layout, data->labels[i], i * slot + slot / 2, bottom + 3);
    }
    g_object_unref(layout);
}

GtkWidget *gtkkit_bar_chart_new(void) {
    GtkWidget *area = gtkkit_widget_new_with_role(GTK_TYPE_DRAWING_AREA, GTK_ACCESSIBLE_ROLE_IMG);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), chart_draw, NULL, NULL);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(area), 120);
    gtk_widget_add_css_class(area, "bar-chart");
    return area;
}

void gtkkit_bar_chart_set_bars(GtkWidget *area, const double *values, const char *const *labels, int count, int highlight) {
    ChartData *data = g_new0(ChartData, 1);
    data->count = count > 0 ? count : 0;
    data->values = g_new0(double, data->count > 0 ? data->count : 1);
    data->labels = g_new0(char *, data->count > 0 ? data->count : 1);
    for (int i = 0; i < data->count; i++) {
        data->values[i] = values[i];
        data->labels[i] = g_strdup(labels[i]);
    }
    data->highlight = highlight;
    g_object_set_data_full(G_OBJECT(area), "gtkkit-chart", data, chart_data_free);
    gtk_widget_queue_draw(area);
}

int gtkkit_bar_chart_count(GtkWidget *area) {
    ChartData *data = g_object_get_data(G_OBJECT(area), "gtkkit-chart");
    return data ? data->count : 0;
}

double gtkkit_bar_chart_value(GtkWidget *area, int index) {
    ChartData *data = g_object_get_data(G_OBJECT(area), "gtkkit-chart");
    return data && index >= 0 && index < data->count ? data->values[index] : 0;
}

unsigned long gtkkit_bar_chart_draw_count(void) { return chart_draws; }
