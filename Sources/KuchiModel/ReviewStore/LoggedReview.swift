/// A review as the log keeps it: the review, and the card's state before it.
public struct LoggedReview: Sendable, Equatable {
    /// The log's own id; later reviews have larger ids.
    public var id: Int64
    public var review: Review
    /// The card's stored state just before the review, or `nil` if the card was new.
    public var before: FSRSCard?

    public init(id: Int64, review: Review, before: FSRSCard?) {
        self.id = id
        self.review = review
        self.before = before
    }
}
