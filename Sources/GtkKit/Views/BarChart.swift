/// Vertical bars with labels under them, drawn from state (a GtkDrawingArea).
///
/// ```swift
/// BarChart(bars: {
///     stats.reviewsPerDay.map { BarChart.Bar(label: $0.dayLabel, value: Double($0.count),
///                                            isHighlighted: $0.isToday) }
/// }, summary: { "Reviews per day, last 30 days: \(stats.reviewTotal) in all, \(stats.reviewsToday) today" })
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
        public var label: String
        public var value: Double
        /// Drawn in the full colour while the others fade a little ("today").
        public var isHighlighted: Bool

        public init(label: String, value: Double, isHighlighted: Bool = false) {
            self.label = label
            self.value = value
            self.isHighlighted = isHighlighted
        }
    }

    private let bars: @MainActor () -> [Bar]
    private let summary: @MainActor () -> String

    /// A chart of the bars `bars` returns, which assistive technology reads as `summary`.
    public init(bars: @escaping @MainActor () -> [Bar], summary: @escaping @MainActor () -> String) {
        self.bars = bars
        self.summary = summary
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let chart = ChartWidget()
        chart.bind("bars", bars, current: { $0.bars }) { chart, bars in chart.setBars(bars) }
        chart.bind("accessible-label", summary) { chart, summary in chart.accessibleLabel = summary }
        return [chart]
    }
}
