internal import CGtk

/// The colours GtkKit's painters (chart, strokes, heat map) draw in: a widget's CSS
/// `color` now, and cairo's source set from it at an opacity.
@MainActor
enum PainterColor {
    /// The CSS `color` of `widget` now.
    static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
        var color = GdkRGBA()
        // NB: gtk_widget_get_color is GTK 4.10; the style context is how 4.8 reads it.
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
        return color
    }

    /// Makes `color`, its own alpha times `alpha`, the source `cairo` draws with.
    static func setSource(_ cairo: OpaquePointer, _ color: GdkRGBA, alpha: Double) {
        cairo_set_source_rgba(cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha) * alpha)
    }
}
