/// A bar chart of bound values, drawn with GTK (cairo in a GtkDrawingArea).
///
/// The bars take the widget's CSS colour (class `bar-chart`; the theme's accent unless
/// an app says otherwise), the labels the surrounding text colour, so light and dark
/// follow the style. The highest value is written over its bar; labels under the bars
/// are thinned out in a narrow window. `summary` is the chart in words, read by screen
/// readers as the chart's name: a chart is an image to them, and this is its text.
///
///     BarChart(bars: { stats.days.map { .init(value: $0.count, label: $0.day) } },
///              summary: { stats.sentence })
public struct BarChart: PrimitiveView {
    /// One bar: its height in the chart's units, and a short label under it.
    public struct Bar: Sendable, Equatable {
        public var value: Double
        public var label: String

        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    let bars: @MainActor () -> [Bar]
    let summary: @MainActor () -> String
    let highlight: (@MainActor () -> Int?)?

    /// - Parameters:
    ///   - bars: the bars, left to right; read under observation, so the chart redraws
    ///     when what they read changes (and only if the bars differ).
    ///   - summary: the chart as a sentence, for assistive technology.
    ///   - highlight: the index of a bar drawn at full strength, others lighter.
    public init(
        bars: @escaping @MainActor () -> [Bar], summary: @escaping @MainActor () -> String,
        highlight: (@MainActor () -> Int?)? = nil
    ) {
        self.bars = bars
        self.summary = summary
        self.highlight = highlight
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let chart = BarChartWidget()
        chart.setExpand(horizontal: true, vertical: false)
        let highlight = highlight
        chart.bind("bars", { Drawn(bars: bars(), highlight: highlight?()) }) { chart, drawn in
            chart.setBars(drawn.bars, highlight: drawn.highlight)
        }
        chart.bind("summary", summary) { chart, text in chart.accessibleLabel = text }
        return [chart]
    }

    private struct Drawn: Equatable {
        var bars: [Bar]
        var highlight: Int?
    }
}
