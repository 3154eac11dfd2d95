import FoundationEssentials

/// What a session would hold now: cards due, new cards left for today, and, with
/// nothing due, when the next card is.
public struct StudyOutlook: Sendable, Equatable {
    /// Counts of due cards stop here ("1,000 or more").
    public static let countLimit = 1_000

    public var due: Int
    public var new: Int
    public var nextDue: Date?
    public var now: Date

    public init(due: Int, new: Int, nextDue: Date?, now: Date) {
        self.due = due
        self.new = new
        self.nextDue = nextDue
        self.now = now
    }

    /// Whether a session has anything scheduled.
    public var hasWork: Bool { due > 0 || new > 0 }

    /// "3 cards to review and 20 new ones", or when the next card is due.
    public var summary: String { ScheduleWords.summary(of: self) }
}
