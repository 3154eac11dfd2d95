import CGtk
import CGtkShim

/// A bar chart drawn with cairo (a GtkDrawingArea with the image role; chart.c).
final class BarChartWidget: Widget {
    private var shown: [BarChart.Bar]?
    private var shownHighlight: Int?

    init() { super.init(gtkkit_bar_chart_new()) }

    /// Draws `bars`, `highlight` at full strength; a redraw only when they changed.
    func setBars(_ bars: [BarChart.Bar], highlight: Int?) {
        guard bars != shown || highlight != shownHighlight else { return }
        shown = bars
        shownHighlight = highlight
        let values = bars.map(\.value)
        var labels = bars.map { strdup($0.label) }
        defer { labels.forEach { free($0) } }
        labels.withUnsafeMutableBufferPointer { labelPointers in
            labelPointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { constLabels in
                gtkkit_bar_chart_set_bars(
                    pointer, values, constLabels.baseAddress, Int32(bars.count), Int32(highlight ?? -1))
            }
        }
    }

    /// The values the widget holds (for tests).
    var values: [Double] {
        (0..<Int(gtkkit_bar_chart_count(pointer))).map { gtkkit_bar_chart_value(pointer, Int32($0)) }
    }
}

extension Diagnostics {
    /// How many times any bar chart was drawn.
    @_spi(Diagnostics) public static var barChartDraws: UInt { UInt(gtkkit_bar_chart_draw_count()) }
}
