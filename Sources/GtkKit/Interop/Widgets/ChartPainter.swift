internal import CGtk

/// Draws one frame of a bar chart with cairo and Pango, in the widget's theme colours.
///
/// The bars take the chart's own CSS `color` (the `bar-chart` class makes it the
/// accent colour); numbers, labels and gridlines take the colour the chart sits in
/// (its parent's `color`), dimmed, so both follow light and dark styles.
@MainActor
struct ChartPainter {
    let widget: UnsafeMutablePointer<GtkWidget>
    let cairo: OpaquePointer

    /// How far non-highlighted bars are faded when one bar is highlighted.
    static let fadedBarAlpha = 0.55
    private static let textAlpha = 0.7
    private static let gridAlpha = 0.15
    private static let baselineAlpha = 0.4

    /// Draws `content` into a `width` × `height` area and returns where everything went.
    @discardableResult
    func paint(_ content: ChartContent, width: Int, height: Int) -> ChartLayout {
        let bars = content.bars
        let values = bars.map(\.value)
        let scale = ChartScale(values: values)
        // safe: GTK constructors abort on out-of-memory; they never return NULL.
        let text = gtk_widget_create_pango_layout(widget, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(text)) }

        let numbers = scale.gridValues.map { scale.label(for: $0) }
        let lineHeight = Double(measure(text, "0").height)
        let gutter = Double(numbers.map { measure(text, $0).width }.max() ?? 0) + 6
        let labelWidth = Double(bars.map { measure(text, $0.label).width }.max() ?? 0)
        let layout = ChartLayout(
            values: values, scale: scale, width: Double(width), height: Double(height),
            gutter: gutter, lineHeight: lineHeight, labelWidth: labelWidth)

        let barColor = PainterColor.of(widget)
        let textColor = gtk_widget_get_parent(widget).map(PainterColor.of) ?? barColor

        // Gridlines and their numbers; the baseline is stronger than the rest.
        cairo_set_line_width(cairo, 1)
        for (value, number) in zip(scale.gridValues, numbers) {
            // Half-pixel centres make one-pixel lines crisp.
            let y = layout.y(for: value).rounded() + 0.5
            setSource(textColor, alpha: value == 0 ? Self.baselineAlpha : Self.gridAlpha)
            cairo_move_to(cairo, layout.plot.x, y)
            cairo_line_to(cairo, layout.plot.maxX, y)
            cairo_stroke(cairo)
            let size = measure(text, number)
            show(text, number, color: textColor, x: gutter - 4 - Double(size.width),
                 y: max(0, y - Double(size.height) / 2))
        }

        // Bars, then the x labels that fit.
        let highlight = content.highlight.flatMap { bars.indices.contains($0) ? $0 : nil }
        for (index, rect) in layout.bars.enumerated() where rect.height > 0 {
            let faded = highlight != nil && highlight != index
            setSource(barColor, alpha: faded ? Self.fadedBarAlpha : 1)
            cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
            cairo_fill(cairo)
        }
        for (index, bar) in bars.enumerated() where layout.showsLabel(at: index) && !bar.label.isEmpty {
            let size = measure(text, bar.label)
            let centre = layout.plot.x + (Double(index) + 0.5) * layout.slotWidth
            let x = min(max(0, centre - Double(size.width) / 2), Double(width - size.width))
            show(text, bar.label, color: textColor, x: x, y: layout.plot.maxY + 3)
        }
        return layout
    }

    private func setSource(_ color: GdkRGBA, alpha: Double) { PainterColor.setSource(cairo, color, alpha: alpha) }

    private func measure(_ layout: OpaquePointer, _ string: String) -> (width: Int, height: Int) {
        pango_layout_set_text(layout, string, -1)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Int(width), Int(height))
    }

    private func show(_ layout: OpaquePointer, _ string: String, color: GdkRGBA, x: Double, y: Double) {
        pango_layout_set_text(layout, string, -1)
        setSource(color, alpha: Self.textAlpha)
        cairo_move_to(cairo, x.rounded(), y.rounded())
        pango_cairo_show_layout(cairo, layout)
    }
}
