import FoundationEssentials
import GtkKit
import KuchiModel

/// Statistics of the deck in use: cards by state, reviews per day over the last 30
/// days, cards due over the next 14, and true retention. Each chart has its numbers in
/// a sentence beside it, which is also what a screen reader reads for the chart.
///
/// Each direction of a word is its own card: the page shows recognition (word →
/// meaning) or production (meaning → Japanese, typed under Type Answers). Then the
/// learner's study days over every deck in the last year as a heat map, and (when
/// they choose to see it) their streak.
///
/// Last, the learner's memory model: what it was fitted to and how much better it
/// predicts their reviews, and "Fit now" (StatisticsView+MemoryModel.swift).
struct StatisticsView: View {
    @Environment(StudyPlanner.self) private var planner
    @Environment(MemoryModelFitter.self) var fitter
    @Environment(UserManager.self) var users
    @Environment(DeckInUse.self) private var inUse
    @State private var direction = PracticeDirection.recognition

    var body: some View {
        PreferencesPage {
            PreferencesGroup(tr("Direction")) {
                ComboRow(
                    tr("Cards"), subtitle: tr("Each way a word is asked is a card of its own"),
                    selection: directionIndex, options: { PracticeDirection.allCases.map(Self.name) }
                )
                .widgetName("statistics-direction")
            }
            PreferencesGroup(tr("Cards"), description: tr("In the deck in use, by what the schedule knows of them")) {
                ActionRow(trc("card state", "New"), subtitle: { tr("Never reviewed") }) { count(\.new) }
                ActionRow(trc("card state", "Learning"), subtitle: { tr("Seen today or lately, on short steps") }) { count(\.learning) }
                ActionRow(trc("card state", "In review"), subtitle: { tr("Remembered, and coming back at growing intervals") }) { count(\.review) }
                ActionRow(trc("card state", "Relearning"), subtitle: { tr("Forgotten after a review, on short steps again") }) { count(\.relearning) }
            }
            PreferencesGroup(tr("Reviews"), description: tr("Answers per day, the last 30 days")) {
                chart(days: { $0.reviewsPerDay }, summary: { $0.reviewsSummary }, today: { $0.reviewsPerDay.count - 1 })
                    .widgetName("reviews-chart")
                summaryText { $0.reviewsSummary }
            }
            PreferencesGroup(trc("statistics heading", "Due"), description: tr("Cards falling due per day, the next 14 days")) {
                chart(days: { $0.dueForecast }, summary: { $0.forecastSummary }, today: { _ in 0 })
                    .widgetName("forecast-chart")
                summaryText { $0.forecastSummary }
            }
            PreferencesGroup(tr("True retention"), description: tr("Answers to cards in review, the last 30 days")) {
                Text { statistics?.retentionSummary ?? unavailable }
                    .wrapping(alignment: .start)
                    .widgetName("retention")
            }
            PreferencesGroup(tr("Study Days"), description: tr("Answers per day over every deck, the last year")) {
                // A year is about 730 px wide: it scrolls sideways in a narrow window,
                // today's end in view first.
                ScrollView(.horizontal, anchor: .trailing) {
                    CalendarHeatMap(days: { heatMapDays }, summary: { planner.activity()?.summary ?? unavailable })
                        .padding(top: 6, bottom: 6)
                        .widgetName("heat-map")
                }
                Text { planner.activity()?.summary ?? unavailable }
                    .wrapping(alignment: .start)
                    .cssClass("dim-label")
                ActionRow(tr("Streak"), subtitle: { tr("Study days in a row, today's included once you answer") }) {
                    Text { planner.activity()?.streakSummary ?? "–" }
                        .cssClass("numeric")
                        .widgetName("streak")
                }
                .visible { users.settings.showsStreak }
            }
            memoryModel
        }
        .widgetName("statistics")
    }

    private var statistics: ReviewStatistics? {
        planner.statistics(deck: direction.scheduleKey(for: inUse.key), deckSize: inUse.deck.cards.count)
    }

    /// The year's days as the heat map shows them: a column a week from Monday, each
    /// month's name over the first week that starts in it (four or five columns apart,
    /// so the names never run into each other).
    private var heatMapDays: [CalendarHeatMap.Day] {
        (planner.activity()?.days ?? []).map { day in
            let weekday = DueTime.weekdayFromMonday(day.start)
            let startsMonth = weekday == 0 && DueTime.dayOfMonth(day.start) <= 7
            return CalendarHeatMap.Day(
                count: day.count, weekday: weekday, description: StudyActivity.describe(day),
                columnLabel: startsMonth ? DueTime.shortMonth(day.start) : nil)
        }
    }

    /// A direction as the chooser names it: a switch, so that a new direction cannot
    /// go unnamed.
    private static func name(_ direction: PracticeDirection) -> String {
        switch direction {
        case .recognition: tr("Word → Meaning")
        case .production: tr("Meaning → Japanese")
        case .writing: tr("Meaning → Written Kanji")
        }
    }

    private var directionIndex: Binding<Int> {
        let cases = PracticeDirection.allCases
        return Binding(
            get: { cases.firstIndex(of: direction) ?? 0 },
            set: { index in if cases.indices.contains(index) { direction = cases[index] } })
    }

    private var unavailable: String { tr("Statistics need the review history, which could not be opened.") }

    private func count(_ state: KeyPath<ReviewStatistics.CardCounts, Int>) -> some View {
        Text { statistics.map { $0.cards[keyPath: state].grouped } ?? "–" }
            .cssClass("numeric", "title-4")
    }

    private func chart(
        days: @escaping @MainActor (ReviewStatistics) -> [ReviewStatistics.Day],
        summary: @escaping @MainActor (ReviewStatistics) -> String,
        today: @escaping @MainActor (ReviewStatistics) -> Int
    ) -> some View {
        BarChart(
            bars: {
                guard let statistics else { return [] }
                return days(statistics).map { BarChart.Bar(value: Double($0.count), label: "\(DueTime.dayOfMonth($0.start))") }
            },
            summary: { statistics.map(summary) ?? unavailable },
            highlight: { statistics.map(today) })
        .padding(top: 6, bottom: 6)
    }

    /// The chart's sentence, shown under it for everyone (it is also the chart's accessible name).
    private func summaryText(_ summary: @escaping @MainActor (ReviewStatistics) -> String) -> some View {
        Text { statistics.map(summary) ?? unavailable }
            .wrapping(alignment: .start)
            .cssClass("dim-label")
    }
}
