import FoundationEssentials

/// The learner's study days across every deck: answers given each study day, for a
/// calendar heat map, and the streak of days in a row with at least one.
public struct StudyActivity: Sendable, Equatable {
    /// Answers given each study day, oldest first, ending with today.
    public var days: [ReviewStatistics.Day]
    /// Study days in a row with an answer, ending today, or yesterday while today has
    /// none yet (the streak is not broken before the day is over).
    public var streak: Int

    public init(days: [ReviewStatistics.Day], streak: Int) {
        self.days = days
        self.streak = streak
    }

    /// The answers in all the days.
    public var total: Int { days.reduce(0) { $0 + $1.count } }
    /// The days with at least one answer.
    public var activeDays: Int { days.count { $0.count > 0 } }

    /// "1,234 answers in the last year. You studied on 87 days, 120 answers at most in
    /// a day.", for the heat map's sentence and its accessible name (sentences of their
    /// own, each with its own plural).
    public var summary: String {
        guard total > 0 else { return tr("No answers in the last year yet.") }
        let most = days.map(\.count).max() ?? 0
        return trn("{count} answer in the last year.", "{count} answers in the last year.", total) + " "
            + trn("You studied on {count} day.", "You studied on {count} days.", activeDays) + " "
            + trn("At most {count} answer in a day.", "At most {count} answers in a day.", most)
    }

    /// What a screen reader says of a day, and its tooltip: "12 answers on 3 March".
    public static func describe(_ day: ReviewStatistics.Day) -> String {
        trn("{count} answer on {day}", "{count} answers on {day}", day.count, ["day": DueTime.dayAndMonth(day.start)])
    }

    /// "12 days in a row".
    public var streakSummary: String { trn("{count} day in a row", "{count} days in a row", streak) }

    /// The streak of days in a row with an answer in `days` (oldest first, ending
    /// today), and whether it reaches back to the first of them (it may go on before).
    static func streak(of days: [ReviewStatistics.Day]) -> (count: Int, reachesStart: Bool) {
        var count = 0
        var index = days.count - 1
        // Today without an answer yet does not break the streak.
        if index >= 0, days[index].count == 0 { index -= 1 }
        while index >= 0, days[index].count > 0 {
            count += 1
            index -= 1
        }
        return (count, index < 0 && count > 0)
    }
}

extension ReviewStore {
    /// Answers given each study day over every deck, for the `count` days ending with
    /// the one `now` is in, and the streak ending today (followed back past those days
    /// while every day had an answer).
    ///
    /// Each deck's answers are read from the index of reviews by deck and time alone, in
    /// one range, and counted into days here: the cost grows with the answers in the
    /// window, not with the history, and a day's bounds are the study day's own (a
    /// clock change makes a day 23 or 25 hours long).
    public func activity(at now: Date, studyDay: StudyDay, days count: Int = 371) throws(ReviewStoreError) -> StudyActivity {
        let today = studyDay.start(of: now)
        let days = try answersPerDay(from: studyDay.start(of: today, offsetBy: 1 - count), days: count, studyDay: studyDay)
        var (streak, reachesStart) = StudyActivity.streak(of: days)
        var earliest = days.first?.start ?? today
        // A streak longer than the window: a year further back at a time.
        while reachesStart {
            let before = try answersPerDay(from: studyDay.start(of: earliest, offsetBy: -365), days: 365, studyDay: studyDay)
            let older = StudyActivity.streak(of: before + [ReviewStatistics.Day(start: earliest, count: 1)])
            streak += older.count - 1
            reachesStart = older.reachesStart
            earliest = before.first?.start ?? earliest
        }
        return StudyActivity(days: days, streak: streak)
    }

    /// Answers of every deck in each of the `count` study days from `first`.
    private func answersPerDay(from first: Date, days count: Int, studyDay: StudyDay) throws(ReviewStoreError) -> [ReviewStatistics.Day] {
        let starts = (0...count).map { studyDay.start(of: first, offsetBy: $0) }
        guard let end = starts.last else { return [] }
        var counts = [Int](repeating: 0, count: count)
        try storeErrors {
            var decks: [Int64] = []
            try database.query("SELECT id FROM deck") { decks.append($0.integer(0)) }
            for deck in decks {
                try database.query(
                    "SELECT time FROM review WHERE deck = ? AND time >= ? AND time < ?",
                    [.integer(deck), .integer(first.storeMilliseconds), .integer(end.storeMilliseconds)]
                ) { row in
                    let time = row.integer(0)
                    // The last day starting at or before `time` (the days are in order).
                    var low = 0, high = count - 1
                    while low < high {
                        let middle = (low + high + 1) / 2
                        if starts[middle].storeMilliseconds <= time { low = middle } else { high = middle - 1 }
                    }
                    counts[low] += 1
                }
            }
        }
        return zip(starts, counts).map { ReviewStatistics.Day(start: $0, count: $1) }
    }
}
