import FoundationEssentials

/// How well the learner recalled a card, from forgotten to effortless.
///
/// The raw values are FSRS's own (1 to 4), so they can be stored and compared with
/// other FSRS implementations.
public enum FSRSRating: Int, Sendable, Codable, CaseIterable {
    case again = 1, hard, good, easy
}

/// Where a card is in its life: being learnt, reviewed at growing intervals, or
/// relearnt after a lapse.
public enum FSRSState: Int, Sendable, Codable, CaseIterable {
    case learning = 1, review, relearning
}

/// One card's scheduling state: what `FSRSScheduler` reads and writes at each review.
///
/// A plain value with no identity; the caller keeps it next to whatever it schedules.
/// The fields mirror the reference implementation's card, so a stored card can be
/// checked against it field by field.
public struct FSRSCard: Sendable, Equatable, Codable {
    /// Learning, review or relearning.
    public var state: FSRSState
    /// The index into the scheduler's learning or relearning steps; `nil` in review.
    public var step: Int?
    /// Days until recall probability falls to 90%; `nil` before the first review.
    public var stability: Double?
    /// How hard the card is, from 1 (easiest) to 10; `nil` before the first review.
    public var difficulty: Double?
    /// When the card should next be reviewed.
    public var due: Date
    /// When the card was last reviewed; `nil` before the first review.
    public var lastReview: Date?

    /// A new card, never reviewed: learning, at the first step, due at `due`.
    public init(due: Date) {
        self.init(state: .learning, step: 0, stability: nil, difficulty: nil, due: due, lastReview: nil)
    }

    /// A card with every field given, as a store rebuilds it.
    ///
    /// Nothing is checked here; `FSRSScheduler` copes with inconsistent fields (a
    /// learning card without a step, a review card without a memory state) when it
    /// reviews the card.
    public init(
        state: FSRSState,
        step: Int?,
        stability: Double?,
        difficulty: Double?,
        due: Date,
        lastReview: Date?
    ) {
        self.state = state
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
    }
}
