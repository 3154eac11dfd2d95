import FoundationEssentials

/// Taking back an answer (Ctrl+Z): the log keeps each card's state before each review,
/// so the latest review of a card can be undone exactly, and only that one.
extension ReviewStore {
    /// Takes back review `id`: deletes it from the log and puts its card back as it was
    /// before it, in one durable transaction (WAL, `synchronous=FULL`, like
    /// ``record(_:)``); returns the review taken back.
    ///
    /// The card's row gets back the state the log kept as "before" (its state, step,
    /// stability, difficulty, due time and last review); a card that was new before the
    /// review has its row removed and is new again, so it counts again among the day's
    /// new cards. Only a card's latest review can be taken back: anything else throws
    /// ``ReviewStoreError/Kind/notLatestReview(_:)`` and changes nothing, as does any
    /// other error.
    @discardableResult
    public func undo(reviewID id: Int64) throws(ReviewStoreError) -> LoggedReview {
        try storeErrors {
            try database.transaction { () throws -> LoggedReview in
                // Read under the write lock: nothing can come between the check and the change.
                guard let found = try latestReview(id) else {
                    throw ReviewStoreError(path: path, kind: .notLatestReview(id))
                }
                return try takeBackLatest(found, id: id)
            }
        }
    }

    /// Takes back `answer`, saved as review `id` in this run, even after a sync merge
    /// has since rebuilt its card: the merge writes a card's reviews again in time order
    /// (new row ids), so the answer is found by its card and time if `id` is not it.
    /// If another device's later answer to the card has arrived since, the answer is
    /// taken out all the same, as a retraction, and the card's reviews and state are
    /// replayed from those left with `scheduler` (fuzz off, as every device replays).
    ///
    /// Throws ``ReviewStoreError/Kind/notLatestReview(_:)`` when the answer is not in
    /// the log (taken back already, here or on another device), or is not its card's
    /// latest and was never synced; nothing is changed then.
    @discardableResult
    public func undo(
        reviewID id: Int64, answered card: CardID, at time: Date, replayingWith scheduler: FSRSScheduler
    ) throws(ReviewStoreError) -> LoggedReview {
        try storeErrors {
            try database.transaction { () throws -> LoggedReview in
                guard let row = try reviewRow(id, card: card, time: time) else {
                    throw ReviewStoreError(path: path, kind: .notLatestReview(id))
                }
                if let found = try latestReview(row) { return try takeBackLatest(found, id: row) }
                // A later answer came from another device: the answer goes as a
                // retraction, and the card is replayed.
                guard try database.integer("SELECT 1 FROM sync_review WHERE review = ?", [.integer(row)]) != nil,
                    let logged = try reviews(of: card).first(where: { $0.id == row })
                else { throw ReviewStoreError(path: path, kind: .notLatestReview(id)) }
                try retract(review: row, of: card, scheduler: scheduler)
                return logged
            }
        }
    }

    /// Review `id` if it is `card`'s answer at `time`, else the row of that answer, if any.
    private func reviewRow(_ id: Int64, card: CardID, time: Date) throws -> Int64? {
        guard let deck = try deckID(named: card.deck) else { return nil }
        return try database.integer("""
            SELECT r.id FROM review AS r JOIN card AS c ON c.id = r.card
            WHERE r.deck = ? AND c.question = ? AND r.time = ? ORDER BY r.id = ? DESC LIMIT 1
            """, [.integer(deck), .text(card.question), .integer(time.storeMilliseconds), .integer(id)])
    }

    /// Deletes review `id`, `found` as its card's latest, and puts the card back as the
    /// log kept it before.
    private func takeBackLatest(_ found: (logged: LoggedReview, card: Int64, deck: Int64), id: Int64) throws -> LoggedReview {
                try database.run("DELETE FROM review WHERE id = ?", [.integer(id)])
                if let before = found.logged.before {
                    try database.run("""
                        UPDATE card SET state = ?, step = ?, stability = ?, difficulty = ?, due = ?,
                            last_review = ? WHERE id = ?
                        """, Self.values(of: before) + [.integer(found.card)])
                } else {
                    try database.run("DELETE FROM card WHERE id = ?", [.integer(found.card)])
                    try database.run(
                        "UPDATE deck_question SET reviewed = 0 WHERE deck = ? AND question = ?",
                        [.integer(found.deck), .text(found.logged.review.card.question)])
                }
                return found.logged
    }

    /// Review `id`, with its card's and its deck's row ids, if it is its card's latest.
    private func latestReview(_ id: Int64) throws -> (logged: LoggedReview, card: Int64, deck: Int64)? {
        var found: (logged: LoggedReview, card: Int64, deck: Int64)?
        try database.query("""
            SELECT review.id, review.time, review.rating, review.answer_ms,
                review.state_before, review.step_before, review.stability_before, review.difficulty_before,
                review.due_before, review.last_review_before, review.state_after, review.step_after,
                review.stability_after, review.difficulty_after, review.due_after,
                review.card, review.deck, deck.name, card.question
            FROM review JOIN card ON card.id = review.card JOIN deck ON deck.id = review.deck
            WHERE review.id = ?1
                AND NOT EXISTS (SELECT 1 FROM review AS later WHERE later.card = review.card AND later.id > ?1)
            """, [.integer(id)]) { row in
                let card = CardID(deck: row.text(17), question: row.text(18))
                found = (try Self.loggedReview(from: row, of: card), row.integer(15), row.integer(16))
            }
        return found
    }
}
