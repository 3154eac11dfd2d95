internal import CGtk

/// Draws one frame of a stroke drawing with cairo and Pango, in the widget's CSS colour.
@MainActor
struct StrokePainter {
    let widget: UnsafeMutablePointer<GtkWidget>
    let cairo: OpaquePointer
    let box: Double

    /// The strokes still to come, while animating.
    static let guideAlpha = 0.15
    static let numberAlpha = 0.6
    /// KanjiVG's pen and number size, as parts of its 109 box.
    static let penWidth = 3.0 / 109
    static let numberSize = 8.0 / 109

    func paint(_ strokes: [StrokeDrawing.Stroke], progress: StrokeProgress, width: Double, height: Double) {
        let side = min(width, height)
        let scale = side / box
        let originX = ((width - side) / 2).rounded(), originY = ((height - side) / 2).rounded()
        let color = PainterColor.of(widget)

        cairo_save(cairo)
        cairo_translate(cairo, originX, originY)
        cairo_scale(cairo, scale, scale)
        cairo_set_line_width(cairo, Self.penWidth * box)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        if progress.finished < strokes.count {
            setSource(color, alpha: Self.guideAlpha)
            for stroke in strokes[progress.finished...] { trace(stroke.curves) }
            cairo_stroke(cairo)
        }
        setSource(color, alpha: 1)
        for (index, stroke) in strokes.enumerated() where index < progress.started {
            trace(index < progress.finished ? stroke.curves : stroke.prefix(progress.partial))
        }
        cairo_stroke(cairo)
        cairo_restore(cairo)

        // Numbers in device pixels (the layout is measured there), at KanjiVG's size.
        // safe: GTK constructors abort on out-of-memory; they never return NULL.
        let layout = gtk_widget_create_pango_layout(widget, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_copy(pango_context_get_font_description(gtk_widget_get_pango_context(widget)))
        defer { pango_font_description_free(font) }
        // Never below 10 px, where the digits stop being legible.
        pango_font_description_set_absolute_size(font, max(10, Self.numberSize * side) * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        setSource(color, alpha: Self.numberAlpha)
        for (index, stroke) in strokes.enumerated() where index < progress.started {
            guard let place = stroke.numberPlace else { continue }
            pango_layout_set_text(layout, "\(index + 1)", -1)
            let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
            cairo_move_to(cairo, (originX + place.x * scale).rounded(), (originY + place.y * scale - baseline).rounded())
            pango_cairo_show_layout(cairo, layout)
        }
    }

    private func trace(_ curves: [StrokeDrawing.Curve]) {
        var current: StrokeDrawing.Point?
        for curve in curves {
            if current != curve.start { cairo_move_to(cairo, curve.start.x, curve.start.y) }
            cairo_curve_to(cairo, curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y,
                           curve.end.x, curve.end.y)
            current = curve.end
        }
    }

    private func setSource(_ color: GdkRGBA, alpha: Double) { PainterColor.setSource(cairo, color, alpha: alpha) }
}
