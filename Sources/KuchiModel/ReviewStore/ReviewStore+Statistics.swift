import FoundationEssentials

extension ReviewStore {
    /// The statistics of `deck` as of `now`.
    ///
    /// Every figure is counted by SQLite from an index alone (cards by state; reviews by
    /// deck and time, with the state before and the rating in the index), one range per
    /// day, so the cost grows with the reviews in the windows, not with the history.
    ///
    /// - Parameters:
    ///   - deck: the deck's name in the schedule.
    ///   - deckSize: the number of questions in the deck, from which new cards are counted.
    ///   - now: the moment the figures are for; its study day is today.
    ///   - studyDay: where days begin.
    ///   - history: how many days of reviews, today included.
    ///   - forecast: how many days of due cards, today included.
    ///   - retentionWindow: how many days of answers true retention covers, today included.
    public func statistics(
        deck: String, deckSize: Int, at now: Date, studyDay: StudyDay,
        history: Int = 30, forecast: Int = 14, retentionWindow: Int = 30
    ) throws(ReviewStoreError) -> ReviewStatistics {
        let today = studyDay.start(of: now)
        func dayStarts(from first: Int, count: Int) -> [Date] {
            (0...max(count, 0)).map { studyDay.start(of: today, offsetBy: first + $0) }
        }
        let historyDays = dayStarts(from: 1 - history, count: history)
        let forecastDays = dayStarts(from: 0, count: forecast)
        let retentionStart = studyDay.start(of: today, offsetBy: 1 - retentionWindow)
        let tomorrow = studyDay.start(of: today, offsetBy: 1)

        return try storeErrors {
            guard let deck = try deckID(named: deck) else {
                return ReviewStatistics(
                    cards: .init(new: max(deckSize, 0), learning: 0, review: 0, relearning: 0),
                    reviewsPerDay: historyDays.dropLast().map { .init(start: $0, count: 0) },
                    dueForecast: forecastDays.dropLast().map { .init(start: $0, count: 0) },
                    retention: .init(passed: 0, failed: 0))
            }
            var byState: [Int64: Int] = [:]
            try database.query("SELECT state, count(*) FROM card WHERE deck = ? GROUP BY state", [.integer(deck)]) { byState[$0.integer(0)] = Int($0.integer(1)) }
            let stored = byState.values.reduce(0, +)
            let cards = ReviewStatistics.CardCounts(
                new: max(deckSize - stored, 0),
                learning: byState[Int64(FSRSState.learning.rawValue)] ?? 0,
                review: byState[Int64(FSRSState.review.rawValue)] ?? 0,
                relearning: byState[Int64(FSRSState.relearning.rawValue)] ?? 0)

            let reviewsPerDay = try zip(historyDays, historyDays.dropFirst()).map { start, end in
                let count = try database.integer(
                    "SELECT count(*) FROM review WHERE deck = ? AND time >= ? AND time < ?",
                    [.integer(deck), .integer(start.storeMilliseconds), .integer(end.storeMilliseconds)])
                return ReviewStatistics.Day(start: start, count: Int(count ?? 0))
            }

            let dueForecast = try zip(forecastDays, forecastDays.dropFirst()).enumerated().map { index, day in
                // Today's range starts at the beginning of time: overdue cards are due today.
                let from = index == 0 ? Int64.min : day.0.storeMilliseconds
                let count = try database.integer(
                    "SELECT count(*) FROM card WHERE deck = ? AND due >= ? AND due < ?",
                    [.integer(deck), .integer(from), .integer(day.1.storeMilliseconds)])
                return ReviewStatistics.Day(start: day.0, count: Int(count ?? 0))
            }

            var retention = ReviewStatistics.Retention(passed: 0, failed: 0)
            try database.query("""
                SELECT count(*) FILTER (WHERE rating > ?), count(*) FILTER (WHERE rating = ?) FROM review
                WHERE deck = ? AND time >= ? AND time < ? AND state_before = ?
                """, [
                    .integer(Int64(FSRSRating.again.rawValue)), .integer(Int64(FSRSRating.again.rawValue)),
                    .integer(deck), .integer(retentionStart.storeMilliseconds), .integer(tomorrow.storeMilliseconds),
                    .integer(Int64(FSRSState.review.rawValue)),
                ]) { row in
                    retention = .init(passed: Int(row.integer(0)), failed: Int(row.integer(1)))
                }
            return ReviewStatistics(
                cards: cards, reviewsPerDay: reviewsPerDay, dueForecast: dueForecast, retention: retention)
        }
    }
}
