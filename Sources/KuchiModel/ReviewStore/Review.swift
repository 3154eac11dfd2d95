import FoundationEssentials

/// One answer to one card, and the memory state the scheduler computed from it.
public struct Review: Sendable, Equatable {
    public var card: CardID
    public var rating: FSRSRating
    /// When the answer was given; kept to the millisecond.
    public var time: Date
    /// How long the answer took; kept to the millisecond.
    public var answerTime: Duration
    /// The card's state after this review; its `lastReview` is normally `time`.
    public var after: FSRSCard

    public init(card: CardID, rating: FSRSRating, time: Date, answerTime: Duration, after: FSRSCard) {
        self.card = card
        self.rating = rating
        self.time = time
        self.answerTime = answerTime
        self.after = after
    }
}
