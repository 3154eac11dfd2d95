import FoundationEssentials

extension ReviewStore {
    /// Every review of the cards of `decks` (deck names in the schedule), oldest first,
    /// as ``ReviewLogCSV`` writes them.
    public func exportedReviews(decks: [String]) throws(ReviewStoreError) -> [ExportedReview] {
        try storeErrors {
            var reviews: [ExportedReview] = []
            for name in decks {
                guard let deck = try deckID(named: name) else { continue }
                try readReviews(deck: deck, into: &reviews)
            }
            return reviews.sorted { ($0.milliseconds, $0.card) < ($1.milliseconds, $1.card) }
        }
    }

    /// Every review of every deck, oldest first: the learner's whole log, which their
    /// memory model is fitted to (``MemoryModelFit``).
    public func exportedReviews() throws(ReviewStoreError) -> [ExportedReview] {
        try storeErrors {
            var reviews: [ExportedReview] = []
            try readReviews(deck: nil, into: &reviews)
            return reviews.sorted { ($0.milliseconds, $0.card) < ($1.milliseconds, $1.card) }
        }
    }

    /// The memory state of every reviewed card not suspended, of every deck.
    public func cardStates() throws(ReviewStoreError) -> [FSRSCard] {
        try storeErrors {
            var cards: [FSRSCard] = []
            try database.query("""
                SELECT id, state, step, stability, difficulty, due, last_review FROM card
                WHERE NOT EXISTS (SELECT 1 FROM suspended_card s WHERE s.deck = card.deck AND s.question = card.question)
                """) { row in
                    cards.append(try Self.card(from: row, at: 1, row: row.integer(0)))
                }
            return cards
        }
    }

    /// How many reviews the log holds, of every deck.
    public func reviewCount() throws(ReviewStoreError) -> Int {
        try storeErrors { Int(try database.integer("SELECT count(*) FROM review", []) ?? 0) }
    }

    /// The reviews `sql` selects (card, time, rating, state before, answer time), added to `reviews`.
    /// Appends the reviews of the deck row `deck` (of every deck when nil), in the
    /// order they were recorded, each card named by its ``CardID/stableNumber`` (its
    /// deck and word: the same on every device, unlike its row).
    private func readReviews(deck: Int64?, into reviews: inout [ExportedReview]) throws {
        // One deck's reviews are read from the index of reviews by deck.
        let sql = deck == nil
            ? """
                SELECT deck.name, card.question, review.time, review.rating, review.state_before, review.answer_ms
                FROM review JOIN card ON card.id = review.card JOIN deck ON deck.id = review.deck ORDER BY review.id
                """
            : """
                SELECT deck.name, card.question, review.time, review.rating, review.state_before, review.answer_ms
                FROM review JOIN card ON card.id = review.card JOIN deck ON deck.id = review.deck
                WHERE review.deck = ? ORDER BY review.id
                """
        try database.query(sql, deck.map { [.integer($0)] } ?? []) { row in
                guard let rating = FSRSRating(rawValue: Int(row.integer(3))) else {
                    throw InvalidRow(detail: "a review has an unknown rating \(row.integer(3))")
                }
                let before = row.optionalInteger(4).flatMap { FSRSState(rawValue: Int($0)) }
                reviews.append(ExportedReview(
                    card: CardID(deck: row.text(0), question: row.text(1)).stableNumber, milliseconds: row.integer(2),
                    rating: rating, stateBefore: before, durationMilliseconds: row.integer(5)))
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
