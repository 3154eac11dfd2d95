/// Vertical bars with labels under them, drawn from state (a GtkDrawingArea).
///
/// ```swift
/// BarChart(
///     bars: { stats.reviewsPerDay.map { BarChart.Bar(value: Double($0.count), label: $0.dayLabel) } },
///     summary: { "Reviews per day, last 30 days: \(stats.reviewTotal) in all, \(stats.reviewsToday) today" },
///     highlight: { stats.reviewsPerDay.count - 1 })
/// ```
///
/// Both closures are bindings: when state they read changes, the chart redraws (only
/// if the bars differ) and its text equivalent follows. The bars are as tall as their
/// values against round gridlines starting at zero; a negative or non-finite value
/// draws as zero. They are drawn in the CSS `color` of the `bar-chart` style class,
/// the accent colour unless app CSS says otherwise; text and gridlines use the
/// surrounding text colour, dimmed. The chart is at least 120 px high and takes the
/// width it is given, thinning its x labels when they would touch.
///
/// To a screen reader the chart is an image named by `summary`: say there what a
/// sighted reader takes from the bars (totals, the highest day, today).
public struct BarChart: PrimitiveView {
    /// One bar: its value and the short label under it ("M", "23").
    public struct Bar: Equatable, Sendable {
        public var value: Double
        public var label: String

        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    private let bars: @MainActor () -> [Bar]
    private let summary: @MainActor () -> String
    private let highlight: (@MainActor () -> Int?)?

    /// - Parameters:
    ///   - bars: the bars, left to right.
    ///   - summary: the chart in words; assistive technology reads it as its name.
    ///   - highlight: the index of a bar drawn in the full colour while the others
    ///     fade a little ("today"); nil, or an index out of range, fades none.
    public init(
        bars: @escaping @MainActor () -> [Bar], summary: @escaping @MainActor () -> String,
        highlight: (@MainActor () -> Int?)? = nil
    ) {
        self.bars = bars
        self.summary = summary
        self.highlight = highlight
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let chart = ChartWidget()
        let bars = bars, highlight = highlight
        chart.bind("bars", { ChartContent(bars: bars(), highlight: highlight?()) }, current: { $0.content }) {
            chart, content in chart.setContent(content)
        }
        chart.bind("accessible-label", summary) { chart, summary in chart.accessibleLabel = summary }
        return [chart]
    }
}
