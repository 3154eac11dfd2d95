import FoundationEssentials

/// What a practice session is built from: due cards, and today's new count (new cards
/// are in ReviewStore+NewQuestions.swift).
extension ReviewStore {
    /// The cards of `deck` due at `time` (due on or before it), most overdue first;
    /// suspended cards are never among them.
    public func dueCards(deck: String, at time: Date, limit: Int) throws(ReviewStoreError) -> [DueCard] {
        try storeErrors {
            guard let deck = try deckID(named: deck), limit > 0 else { return [] }
            var cards: [DueCard] = []
            try database.query("""
                SELECT id, state, step, stability, difficulty, due, last_review, question FROM card
                WHERE deck = ?1 AND due <= ?2 AND NOT EXISTS (
                    SELECT 1 FROM suspended_card WHERE suspended_card.deck = ?1 AND suspended_card.question = card.question)
                ORDER BY due, id LIMIT ?3
                """, [.integer(deck), .integer(time.storeMilliseconds), .integer(Int64(limit))]) { row in
                    let card = try Self.card(from: row, at: 1, row: row.integer(0))
                    cards.append(DueCard(question: row.text(7), card: card))
                }
            return cards
        }
    }

    /// How many cards of `deck` were reviewed for the first time at or after `time`
    /// (pass the start of the study day to enforce a daily new-card limit).
    public func newCardCount(deck: String, firstReviewedSince time: Date) throws(ReviewStoreError) -> Int {
        try storeErrors {
            guard let deck = try deckID(named: deck) else { return 0 }
            return Int(try database.integer(
                "SELECT count(*) FROM card WHERE deck = ? AND first_review >= ?",
                [.integer(deck), .integer(time.storeMilliseconds)]) ?? 0)
        }
    }
}
