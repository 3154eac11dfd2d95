/// Days as a calendar heat map: a column a week, a row a weekday, each day a square
/// whose colour grows with its count, as GitHub and Anki's add-ons show a year of
/// study.
///
/// ```swift
/// CalendarHeatMap(
///     days: { activity.days.map { CalendarHeatMap.Day(count: $0.count, weekday: weekday(of: $0.start),
///                                                      description: "\($0.count) reviews on \(date($0.start))") } },
///     summary: { "Reviews over the last year: \(total) on \(activeDays) days" })
/// ```
///
/// `days` is a binding: when state it reads changes, the map is drawn again. It takes
/// the keyboard focus (Tab), and the arrow keys then move a ring from day to day (Left
/// and Right a week, Up and Down a day, Home and End), the focused day's
/// `description` being the map's name for a screen reader, read as it changes, and
/// its tooltip; unfocused, its name is `summary`. It is one widget drawn with cairo,
/// in the accent colour (its CSS `color`, `.heat-map`). Squares are 11 px with 3 px
/// between them: a year is about 740 px wide, so put it in a
/// `ScrollView(.horizontal, anchor: .trailing)` for a narrow window.
public struct CalendarHeatMap: PrimitiveView {
    /// One day.
    public struct Day: Equatable, Sendable {
        /// What the colour shows: 0 is the faintest square.
        public var count: Int
        /// Its row: 0 for the first day of the week, … 6.
        public var weekday: Int
        /// What a screen reader says of it, and its tooltip: "12 reviews on 3 March".
        public var description: String
        /// A label above its column, e.g. "Mar" on the first week of a month.
        public var columnLabel: String?

        public init(count: Int, weekday: Int, description: String, columnLabel: String? = nil) {
            self.count = count
            self.weekday = min(max(weekday, 0), 6)
            self.description = description
            self.columnLabel = columnLabel
        }
    }

    /// How many colours a day with answers can have.
    public static let levels = 4

    /// The colour of a day of `count` when the most of any day is `most`: 0 for none,
    /// else 1 … ``levels`` by its share of the most.
    public static func level(of count: Int, most: Int) -> Int {
        guard count > 0, most > 0 else { return 0 }
        return min(levels, max(1, Int((Double(levels) * Double(count) / Double(most)).rounded(.up))))
    }

    private let days: @MainActor () -> [Day]
    private let summary: @MainActor () -> String

    /// - Parameters:
    ///   - days: the days, oldest first; a new week starts when the weekday does not grow.
    ///   - summary: the map in words; assistive technology reads it as the grid's name.
    public init(days: @escaping @MainActor () -> [Day], summary: @escaping @MainActor () -> String) {
        self.days = days
        self.summary = summary
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let map = HeatMapWidget()
        map.bind("days", days, current: { $0.days }) { map, days in map.setDays(days) }
        map.bind("summary", summary) { map, summary in map.setSummary(summary) }
        return [map]
    }
}
