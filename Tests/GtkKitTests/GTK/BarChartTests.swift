import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// BarChart: a drawing area bound to state, drawn in theme colours, named for
    /// screen readers by its summary.
    @Suite("Bar chart") @MainActor
    struct BarChartTests {
        @Test("new bars are stored and drawn once; the same bars again draw nothing")
        func redrawsOncePerChange() throws {
            let model = Reviews()
            let shown = try ShownChart(model)
            defer { shown.window.close() }
            let area = shown.area, chart = shown.chart
            #expect(chart.content.bars.map(\.value) == [1, 2, 3])

            let requests = Diagnostics.chartRedrawRequests
            let draws = Diagnostics.chartDraws
            model.counts = [1, 5, 3]
            nextTurn()
            #expect(chart.content.bars.map(\.value) == [1, 5, 3])
            #expect(Diagnostics.chartRedrawRequests == requests + 1)
            pump(until: { Diagnostics.chartDraws > draws }, "the change drawn")
            paintFrame(of: area)
            #expect(Diagnostics.chartDraws == draws + 1)

            let evaluations = Diagnostics.evaluations
            model.loads += 1  // a reload that finds the same numbers
            nextTurn()
            #expect(Diagnostics.evaluations == evaluations + 1, "the bars were computed again")
            paintFrame(of: area)
            #expect(Diagnostics.chartRedrawRequests == requests + 1)
            #expect(Diagnostics.chartDraws == draws + 1)
        }

        @Test("assistive technology sees an image named by the summary, which follows state")
        func summaryIsTheAccessibleName() throws {
            let model = Reviews()
            let window = showWindow { ReviewsChart(model: model) }
            defer { window.close() }
            let area = try #require(widgetNamed("chart", in: window))
            #expect(gtk_test_accessible_has_role(OpaquePointer(area), GTK_ACCESSIBLE_ROLE_IMG) != 0)
            #expect(gtkkit_accessible_label_is(area, "6 reviews, 3 today") != 0)
            model.counts = [0, 0, 4]
            nextTurn()
            #expect(gtkkit_accessible_label_is(area, "4 reviews, 4 today") != 0)
            #expect(gtkkit_accessible_label_is(area, "6 reviews, 3 today") == 0)
        }

        @Test("bars are drawn in the chart's CSS colour, to scale; a zero bar leaves its column empty")
        func drawsBarsInAccentColour() throws {
            let model = Reviews()
            model.counts = [0, 4, 8]
            let shown = try ShownChart(model)
            defer { shown.window.close() }
            let area = shown.area, chart = shown.chart
            let layout = try #require(chart.drawing.layout)
            let pixels = try #require(WidgetPixels(of: area))
            let accent = cssColor(of: area)
            let text = cssColor(of: try #require(gtk_widget_get_parent(area)))
            #expect(accent != text, "the bar-chart class gives the bars their own colour")

            let tall = layout.bars[2], short = layout.bars[1], zero = layout.bars[0]
            #expect(pixels.matches(accent, x: Int(tall.x + tall.width / 2), y: Int(tall.maxY) - 2))
            // Today's bar is highlighted; the others fade.
            #expect(pixels.matches(accent, x: Int(short.x + short.width / 2), y: Int(short.maxY) - 2,
                                   alpha: ChartPainter.fadedBarAlpha))
            #expect(abs(tall.height - 2 * short.height) <= 1, "8 is twice 4: \(tall.height), \(short.height)")
            #expect(zero.height == 0)
            // Above the baseline the zero bar's slot holds at most grey gridlines.
            let slot = Int(layout.plot.x + layout.slotWidth * 0.2)..<Int(layout.plot.x + layout.slotWidth * 0.8)
            let column = Int(layout.plot.y)..<Int(layout.plot.maxY)
            let bluish = slot.flatMap { x in column.filter { y in pixels.isAccentLike(x: x, y: y) } }
            #expect(bluish.isEmpty, "\(bluish.count) bar-coloured pixels in the zero bar's slot")
            let tallColumn = Int(tall.x)..<Int(tall.maxX)
            #expect(tallColumn.allSatisfy { x in pixels.isAccentLike(x: x, y: Int(tall.y) + 1) })
        }

        @Test("an all-zero chart draws its baseline and no bars")
        func allZeroDrawsBaseline() throws {
            let model = Reviews()
            model.counts = [0, 0, 0]
            let shown = try ShownChart(model)
            defer { shown.window.close() }
            let area = shown.area, chart = shown.chart
            let layout = try #require(chart.drawing.layout)
            let pixels = try #require(WidgetPixels(of: area))
            #expect(layout.bars.allSatisfy { $0.height == 0 })
            let plot = Int(layout.plot.x)..<Int(layout.plot.maxX)
            #expect(!plot.contains { x in (0..<pixels.height).contains { pixels.isAccentLike(x: x, y: $0) } })
            let baseline = Int(layout.plot.maxY)
            #expect(pixels.color(x: Int(layout.plot.x + layout.plot.width / 2), y: baseline).alpha > 0)
        }

        @Test("a narrow window gets thin bars, every fifth of 30 labels, and the minimum height")
        func fitsAPhone() throws {
            let model = Reviews()
            model.counts = (1...30).map { $0 % 7 }
            let shown = try ShownChart(model)
            defer { shown.window.close() }
            let area = shown.area, chart = shown.chart
            let layout = try #require(chart.drawing.layout)
            #expect(gtk_widget_get_width(area) <= 360)
            #expect(gtk_widget_get_height(area) >= 120)
            #expect(layout.labelStride == 5)
            #expect(layout.bars.last!.maxX <= Double(gtk_widget_get_width(area)))
            var minimum: Int32 = 0
            gtk_widget_measure(area, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
            #expect(minimum < 100, "the chart does not widen the window")
        }

        @Test("the draw function's Swift data is released with the window")
        func drawingReleasedWithWindow() throws {
            let model = Reviews()
            weak var drawing: ChartDrawing?
            do {
                let window = showWindow { ReviewsChart(model: model) }
                let chart = try #require(chartWidget(in: window))
                drawing = chart.drawing
                pump(until: { chart.drawing.layout != nil }, "first frame drawn")
                window.close()
            }
            pump(until: { drawing == nil }, "the drawing area's data released")
        }
    }
}

/// `model`'s chart in a 360×294 window, once its first frame is drawn.
@MainActor
private struct ShownChart {
    let window: Window
    let area: UnsafeMutablePointer<GtkWidget>
    let chart: ChartWidget

    init(_ model: Reviews, sourceLocation: SourceLocation = #_sourceLocation) throws {
        window = showWindow(width: 360, height: 294) { ReviewsChart(model: model) }
        guard let area = widgetNamed("chart", in: window), let chart = chartWidget(in: window) else {
            window.close()
            throw ChartNotFound()
        }
        self.area = area
        self.chart = chart
        pump(until: { chart.drawing.layout != nil }, "first frame drawn", sourceLocation: sourceLocation)
    }

    struct ChartNotFound: Error {}
}

/// Runs the main loop until `widget`'s window has painted a whole frame.
@MainActor
private func paintFrame(of widget: UnsafeMutablePointer<GtkWidget>) {
    // safe: a widget in a shown window has a frame clock.
    let clock = gtk_widget_get_frame_clock(widget)!
    let frame = gdk_frame_clock_get_frame_counter(clock)
    gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
    pump(until: { gdk_frame_clock_get_frame_counter(clock) > frame }, "a frame painted")
}

/// The chart's wrapper, found through the window's wrapper tree.
@MainActor
private func chartWidget(in window: Window) -> ChartWidget? {
    func find(_ widget: Widget) -> ChartWidget? {
        if let chart = widget as? ChartWidget { return chart }
        return widget.children.lazy.compactMap(find).first
    }
    return find(window.widget)
}

@MainActor
private func cssColor(of widget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
    var color = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
    return color
}

extension GdkRGBA: @retroactive Equatable {
    public static func == (a: GdkRGBA, b: GdkRGBA) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }
}

extension WidgetPixels {
    /// Whether the pixel is `color`, give or take rounding.
    fileprivate func matches(_ color: GdkRGBA, x: Int, y: Int, alpha: Double = 1) -> Bool {
        let pixel = self.color(x: x, y: y)
        let expected = [color.red, color.green, color.blue, color.alpha * Float(alpha)]
            .map { Int(($0 * 255).rounded()) }
        return zip([pixel.red, pixel.green, pixel.blue, pixel.alpha], expected).allSatisfy { abs($0 - $1) <= 3 }
    }

    /// Whether the pixel is coloured like Adwaita's blue accent, faded or not, rather
    /// than grey text or a gridline.
    fileprivate func isAccentLike(x: Int, y: Int) -> Bool {
        let pixel = color(x: x, y: y)
        return pixel.alpha > 40 && pixel.blue - pixel.red > 60
    }
}

@Observable @MainActor private final class Reviews {
    var counts: [Int] = [1, 2, 3]
    /// How many times the counts were read from the store (the bars depend on it).
    var loads = 0
}

private struct ReviewsChart: View {
    let model: Reviews
    var body: some View {
        BarChart(
            bars: {
                _ = model.loads
                return model.counts.enumerated().map { day, count in BarChart.Bar(value: Double(count), label: "\(day + 1)") }
            },
            summary: { "\(model.counts.reduce(0, +)) reviews, \(model.counts.last ?? 0) today" },
            highlight: { model.counts.count - 1 })
        .widgetName("chart")
    }
}
