import FoundationEssentials

/// A deck's numbers for a statistics screen, computed by
/// ``ReviewStore/statistics(deck:deckSize:at:studyDay:history:forecast:retentionWindow:)``.
public struct ReviewStatistics: Sendable, Equatable {
    /// How many of the deck's cards are in each state.
    public struct CardCounts: Sendable, Equatable {
        /// Never reviewed: the deck's size less the cards with a stored state.
        public var new: Int
        public var learning: Int
        public var review: Int
        public var relearning: Int

        public init(new: Int, learning: Int, review: Int, relearning: Int) {
            self.new = new
            self.learning = learning
            self.review = review
            self.relearning = relearning
        }
    }

    /// A count for one study day.
    public struct Day: Sendable, Equatable {
        /// When the study day begins (local time, at the rollover hour).
        public var start: Date
        public var count: Int

        public init(start: Date, count: Int) {
            self.start = start
            self.count = count
        }
    }

    /// Anki's "true retention": of the answers to cards that were in the review state,
    /// the share that were not Again.
    public struct Retention: Sendable, Equatable {
        public var passed: Int
        public var failed: Int

        public init(passed: Int, failed: Int) {
            self.passed = passed
            self.failed = failed
        }

        /// `passed / (passed + failed)`, or `nil` when there was no such answer.
        public var rate: Double? {
            passed + failed == 0 ? nil : Double(passed) / Double(passed + failed)
        }
    }

    public var cards: CardCounts
    /// Answers given each day, oldest first, ending with today.
    public var reviewsPerDay: [Day]
    /// Cards falling due each day, starting with today; today's count includes every
    /// card already overdue.
    public var dueForecast: [Day]
    public var retention: Retention

    public init(cards: CardCounts, reviewsPerDay: [Day], dueForecast: [Day], retention: Retention) {
        self.cards = cards
        self.reviewsPerDay = reviewsPerDay
        self.dueForecast = dueForecast
        self.retention = retention
    }
}
