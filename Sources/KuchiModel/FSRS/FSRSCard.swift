import FoundationEssentials

// NB: a placeholder with the scheduler's declarations so the store compiles on its own
// branch; the integrator replaces this file with the real one from the FSRS branch.

public enum FSRSRating: Int, Sendable { case again = 1, hard, good, easy }

public enum FSRSState: Int, Sendable { case learning = 1, review, relearning }

public struct FSRSCard: Sendable, Equatable {
    public var state: FSRSState
    public var step: Int?
    public var stability: Double?
    public var difficulty: Double?
    public var due: Date
    public var lastReview: Date?

    /// A new card: learning, step 0.
    public init(due: Date) {
        self.init(state: .learning, step: 0, stability: nil, difficulty: nil, due: due, lastReview: nil)
    }

    public init(
        state: FSRSState, step: Int?, stability: Double?, difficulty: Double?, due: Date, lastReview: Date?
    ) {
        self.state = state
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
    }
}
