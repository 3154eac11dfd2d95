import FoundationEssentials

/// The statistics in words: what the Statistics page shows beside its charts, and what a
/// screen reader reads for each chart.
extension ReviewStatistics {
    /// "12 new, 3 learning, 40 in review, 1 relearning".
    public var cardsSummary: String {
        tr("{new} new, {learning} learning, {review} in review, {relearning} relearning", [
            "new": cards.new.grouped, "learning": cards.learning.grouped, "review": cards.review.grouped,
            "relearning": cards.relearning.grouped,
        ])
    }

    /// The reviews chart as a sentence: the total, today's and the busiest day.
    public var reviewsSummary: String {
        let total = reviewsPerDay.reduce(0) { $0 + $1.count }
        let days = reviewsPerDay.count
        guard total > 0 else { return trn("No reviews in the last {count} day.", "No reviews in the last {count} days.", days) }
        let reviews = trn("{count} review", "{count} reviews", total)
        // TRANSLATORS: "{reviews}" is "13 reviews"; "{days}" is a number of days, 30.
        let text = tr("{reviews} in the last {days} days, {today} today", [
            "reviews": reviews, "days": days.grouped, "today": (reviewsPerDay.last?.count ?? 0).grouped,
        ])
        guard let busiest = reviewsPerDay.max(by: { $0.count < $1.count }) else { return text + "." }
        return Self.withBusiestDay(text, busiest)
    }

    /// The forecast chart as a sentence: due today, and in the days shown.
    public var forecastSummary: String {
        let total = dueForecast.reduce(0) { $0 + $1.count }
        let days = dueForecast.count
        guard total > 0 else { return trn("Nothing falls due in the next {count} day.", "Nothing falls due in the next {count} days.", days) }
        let today = trn("{count} card due today", "{count} cards due today", dueForecast.first?.count ?? 0)
        // TRANSLATORS: "{today}" is "2 cards due today"; "{days}" is a number of days, 14.
        let text = trn("{today}, {count} card in the next {days} days", "{today}, {count} cards in the next {days} days", total, [
            "today": today, "days": days.grouped,
        ])
        guard let busiest = dueForecast.dropFirst().max(by: { $0.count < $1.count }), busiest.count > 0 else {
            return text + "."
        }
        return Self.withBusiestDay(text, busiest)
    }

    /// "92 % of 60 answers to cards in review were right", or that there are none yet.
    public var retentionSummary: String {
        guard let rate = retention.rate else { return tr("No answers to cards in review yet.") }
        let answers = retention.passed + retention.failed
        return trn("{percent} % of {count} answer to cards in review were right.", "{percent} % of {count} answers to cards in review were right.", answers, [
            "percent": Int((rate * 100).rounded()).grouped,
        ])
    }

    private static func withBusiestDay(_ text: String, _ day: ReviewStatistics.Day) -> String {
        // TRANSLATORS: "{summary}" is "13 reviews in the last 30 days, 4 today"; "{date}" is "4 November".
        tr("{summary}; the most, {count}, on {date}.", [
            "summary": text, "count": day.count.grouped, "date": DueTime.dayAndMonth(day.start),
        ])
    }
}
