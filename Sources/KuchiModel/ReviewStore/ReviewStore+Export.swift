import FoundationEssentials

extension ReviewStore {
    /// Every review of the cards of `decks` (deck names in the schedule), oldest first,
    /// as ``ReviewLogCSV`` writes them.
    public func exportedReviews(decks: [String]) throws(ReviewStoreError) -> [ExportedReview] {
        try storeErrors {
            var reviews: [ExportedReview] = []
            for name in decks {
                guard let deck = try deckID(named: name) else { continue }
                try database.query("""
                    SELECT card.question, review.time, review.rating, review.state_before, review.answer_ms
                    FROM review JOIN card ON card.id = review.card WHERE review.deck = ? ORDER BY review.id
                    """, [.integer(deck)]) { row in
                        guard let rating = FSRSRating(rawValue: Int(row.integer(2))) else {
                            throw InvalidRow(detail: "a review has an unknown rating \(row.integer(2))")
                        }
                        let before = row.optionalInteger(3).flatMap { FSRSState(rawValue: Int($0)) }
                        reviews.append(ExportedReview(
                            card: CardID(deck: name, question: row.text(0)).stableNumber, milliseconds: row.integer(1), rating: rating, stateBefore: before,
                            durationMilliseconds: row.integer(4)))
                    }
            }
            return reviews.sorted { ($0.milliseconds, $0.card) < ($1.milliseconds, $1.card) }
        }
    }
}

/// One line of an exported review log.
public struct ExportedReview: Sendable, Equatable {
    /// The card's ``CardID/stableNumber``: the same for every review of one card, on
    /// every device.
    public var card: Int64
    /// When it was answered, in milliseconds since 1970-01-01 UTC.
    public var milliseconds: Int64
    public var rating: FSRSRating
    /// The card's state when it was answered; nil for a new card.
    public var stateBefore: FSRSState?
    /// How long the answer took, in milliseconds.
    public var durationMilliseconds: Int64

    public init(card: Int64, milliseconds: Int64, rating: FSRSRating, stateBefore: FSRSState?, durationMilliseconds: Int64) {
        self.card = card
        self.milliseconds = milliseconds
        self.rating = rating
        self.stateBefore = stateBefore
        self.durationMilliseconds = durationMilliseconds
    }
}
