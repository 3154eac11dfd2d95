import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// The bar chart: bound like every view, drawn only when its bars change.
    @Suite("Bar chart") @MainActor
    struct BarChartTests {
        @Test("the bars follow the model, and a change draws the chart again once")
        func followsModel() throws {
            let history = History()
            let window = showWindow(width: 400, height: 300) {
                BarChart(
                    bars: { history.counts.map { BarChart.Bar(value: Double($0), label: "\($0)") } },
                    summary: { "\(history.counts.reduce(0, +)) reviews" },
                    highlight: { history.counts.count - 1 })
                    .widgetName("chart")
            }
            defer { window.close() }
            let chart = try #require(widgetNamed("chart", in: window))
            #expect(values(of: chart) == [1, 2, 3])
            pump(until: { gtk_widget_get_mapped(chart) != 0 && Diagnostics.barChartDraws > 0 }, "the chart drawn")
            let drawn = Diagnostics.barChartDraws

            history.counts = [4, 0, 9, 2]
            pump(until: { Diagnostics.barChartDraws > drawn }, "the chart drawn again")
            #expect(values(of: chart) == [4, 0, 9, 2])

            // Writing the same bars again is not a change: nothing is drawn.
            let settled = Diagnostics.barChartDraws
            history.counts = [4, 0, 9, 2]
            for _ in 0..<5 { nextTurn() }
            #expect(Diagnostics.barChartDraws == settled)
        }

        @Test("the chart has room in a narrow window and a height of its own")
        func size() throws {
            let window = showWindow(width: 360, height: 294) {
                BarChart(bars: { (1...30).map { .init(value: Double($0), label: "\($0)") } }, summary: { "thirty days" })
                    .widgetName("chart")
            }
            defer { window.close() }
            let chart = try #require(widgetNamed("chart", in: window))
            pump(until: { gtk_widget_get_mapped(chart) != 0 }, "the chart shown")
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(chart, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            #expect(minimum <= 360)
            gtk_widget_measure(chart, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
            #expect(minimum >= 120)
        }
    }
}

@MainActor private func values(of chart: UnsafeMutablePointer<GtkWidget>) -> [Double] {
    (0..<gtkkit_bar_chart_count(chart)).map { gtkkit_bar_chart_value(chart, $0) }
}

@Observable @MainActor private final class History {
    var counts = [1, 2, 3]
}
