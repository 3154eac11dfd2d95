import FoundationEssentials

/// A stored row that the store cannot make sense of, e.g. an unknown state number.
struct InvalidRow: Error {
    let detail: String
}

extension ReviewStore {
    /// The review log of `card`, oldest first; empty if it was never reviewed.
    public func reviews(of card: CardID) throws(ReviewStoreError) -> [LoggedReview] {
        try storeErrors {
            guard let deck = try deckID(named: card.deck) else { return [] }
            var reviews: [LoggedReview] = []
            try database.query("""
                SELECT id, time, rating, answer_ms,
                    state_before, step_before, stability_before, difficulty_before, due_before,
                    last_review_before, state_after, step_after, stability_after, difficulty_after, due_after
                FROM review WHERE card = (SELECT id FROM card WHERE deck = ? AND question = ?) ORDER BY id
                """, [.integer(deck), .text(card.question)]) { reviews.append(try Self.loggedReview(from: $0, of: card)) }
            return reviews
        }
    }

    /// A review of `card` from a row of the log's columns in the order ``reviews(of:)``
    /// selects them: id, time, rating, answer_ms, the six "before" and five "after".
    static func loggedReview(from row: SQLiteRow, of card: CardID) throws -> LoggedReview {
        let id = row.integer(0)
        let time = Date(storeMilliseconds: row.integer(1))
        guard let rating = FSRSRating(rawValue: Int(row.integer(2))) else {
            throw InvalidRow(detail: "review \(id) has an unknown rating \(row.integer(2))")
        }
        let after = try Self.card(from: row, at: 10, lastReview: time, row: id)
        let review = Review(
            card: card, rating: rating, time: time, answerTime: Duration(storeMilliseconds: row.integer(3)), after: after)
        let before = row.isNull(4) ? nil : try Self.card(from: row, at: 4, row: id)
        return LoggedReview(id: id, review: review, before: before)
    }

    /// The stored row of a card, if it has one.
    func storedCard(deck: Int64, question: String) throws -> (id: Int64, card: FSRSCard)? {
        var found: (id: Int64, card: FSRSCard)?
        try database.query(Self.storedCardQuery, [.integer(deck), .text(question)]) { row in
                let id = row.integer(0)
                found = (id, try Self.card(from: row, at: 1, row: id))
            }
        return found
    }

    /// The read of one card's row, by ``storedCard(deck:question:)``: an answer's write
    /// runs it once (tests count its runs).
    static let storedCardQuery = """
        SELECT id, state, step, stability, difficulty, due, last_review FROM card
        WHERE deck = ? AND question = ?
        """

    /// A card from six columns from `first` on: state, step, stability, difficulty, due
    /// and last review (unless `lastReview` is given, as the log keeps five).
    static func card(from row: SQLiteRow, at first: Int32, lastReview: Date? = nil, row id: Int64) throws -> FSRSCard {
        let number = row.integer(first)
        guard let state = FSRSState(rawValue: Int(number)) else {
            throw InvalidRow(detail: "row \(id) has an unknown card state \(number)")
        }
        return FSRSCard(
            state: state,
            step: row.optionalInteger(first + 1).map { Int($0) },
            stability: row.optionalReal(first + 2),
            difficulty: row.optionalReal(first + 3),
            due: Date(storeMilliseconds: row.integer(first + 4)),
            lastReview: lastReview ?? row.optionalInteger(first + 5).map(Date.init(storeMilliseconds:)))
    }

    /// Six values to bind, in the order ``card(from:at:lastReview:row:)`` reads them;
    /// all NULL for no card (a new one).
    static func values(of card: FSRSCard?) -> [SQLiteValue] {
        guard let card else { return Array(repeating: .null, count: 6) }
        return [
            .integer(Int64(card.state.rawValue)), .optional(card.step.map { Int64($0) }),
            .optional(card.stability), .optional(card.difficulty), .integer(card.due.storeMilliseconds),
            .optional(card.lastReview?.storeMilliseconds),
        ]
    }
}
