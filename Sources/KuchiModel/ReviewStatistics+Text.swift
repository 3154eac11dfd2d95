import FoundationEssentials

/// The statistics in words: what the Statistics page shows beside its charts, and what a
/// screen reader reads for each chart.
extension ReviewStatistics {
    /// "12 new, 3 learning, 40 in review, 1 relearning".
    public var cardsSummary: String {
        "\(cards.new.grouped) new, \(cards.learning.grouped) learning, \(cards.review.grouped) in review, "
            + "\(cards.relearning.grouped) relearning"
    }

    /// The reviews chart as a sentence: the total, today's and the busiest day.
    public var reviewsSummary: String {
        let total = reviewsPerDay.reduce(0) { $0 + $1.count }
        guard total > 0 else { return "No reviews in the last \(reviewsPerDay.count) days." }
        var text = "\(total.counted("review")) in the last \(reviewsPerDay.count) days"
        text += ", \((reviewsPerDay.last?.count ?? 0).grouped) today"
        if let busiest = reviewsPerDay.max(by: { $0.count < $1.count }) {
            text += "; the most, \(busiest.count.grouped), on \(DueTime.dayAndMonth(busiest.start))"
        }
        return text + "."
    }

    /// The forecast chart as a sentence: due today, and in the days shown.
    public var forecastSummary: String {
        let total = dueForecast.reduce(0) { $0 + $1.count }
        guard total > 0 else { return "Nothing falls due in the next \(dueForecast.count) days." }
        var text = "\((dueForecast.first?.count ?? 0).counted("card")) due today, "
            + "\(total.counted("card")) in the next \(dueForecast.count) days"
        if let busiest = dueForecast.dropFirst().max(by: { $0.count < $1.count }), busiest.count > 0 {
            text += "; the most, \(busiest.count.grouped), on \(DueTime.dayAndMonth(busiest.start))"
        }
        return text + "."
    }

    /// "92 % of 60 answers to cards in review were right", or that there are none yet.
    public var retentionSummary: String {
        guard let rate = retention.rate else { return "No answers to cards in review yet." }
        let answers = retention.passed + retention.failed
        return "\(Int((rate * 100).rounded())) % of \(answers.counted("answer")) to cards in review were right."
    }
}
