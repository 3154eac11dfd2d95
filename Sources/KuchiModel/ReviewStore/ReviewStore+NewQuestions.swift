/// New cards: the deck's questions that were never reviewed, in deck order.
///
/// The deck's list is registered in the database (`deck_question`) with a flag per
/// question that ``record(_:)`` sets on its first review; a partial index holds only
/// the unreviewed, in order, so picking the next new cards reads just those. The list
/// is rewritten only when it changes (a new deck, or a deck file edited), which is
/// recognised by its length and fingerprint.
extension ReviewStore {
    /// The first `limit` of `questions` (the deck's questions, in deck order) that have
    /// never been reviewed and are not suspended.
    ///
    /// Costs a fingerprint of `questions` (about 1 ms for 100,000) and an index read;
    /// the first call after the list changed also writes the new list, in one
    /// transaction. Questions repeated in the list count once, at their first place.
    public func newQuestions(deck: String, in questions: [String], limit: Int) throws(ReviewStoreError) -> [String] {
        guard limit > 0 else { return [] }
        let fingerprint = Self.fingerprint(of: questions)
        try storeErrors {
            if registeredLists[deck] != fingerprint {
                try register(questions, fingerprint: fingerprint, deck: deck)
            }
        }
        registeredLists[deck] = fingerprint
        return try storeErrors {
            guard let deck = try deckID(named: deck) else { return [] }
            var found: [String] = []
            try database.query(
                """
                SELECT question FROM deck_question WHERE deck = ?1 AND reviewed = 0 AND NOT EXISTS (
                    SELECT 1 FROM suspended_card WHERE suspended_card.deck = ?1 AND suspended_card.question = deck_question.question)
                ORDER BY position LIMIT ?2
                """,
                [.integer(deck), .integer(Int64(limit))]
            ) { found.append($0.text(0)) }
            return found
        }
    }

    /// Writes `questions` as the deck's list, unless the database already has it.
    private func register(_ questions: [String], fingerprint: Int64, deck name: String) throws {
        if let deck = try deckID(named: name), try database.integer(
            "SELECT count(*) FROM deck WHERE id = ? AND question_count = ? AND fingerprint = ?",
            [.integer(deck), .integer(Int64(questions.count)), .integer(fingerprint)]) == 1
        {
            return
        }
        let deck = try database.transaction {
            guard let deck = try deckID(named: name, creating: true) else {
                throw InvalidRow(detail: "deck \(name) could not be added")
            }
            try database.run("DELETE FROM deck_question WHERE deck = ?", [.integer(deck)])
            for (position, question) in questions.enumerated() {
                try database.run("""
                    INSERT INTO deck_question (deck, question, position, reviewed)
                    VALUES (?1, ?2, ?3, EXISTS (SELECT 1 FROM card WHERE deck = ?1 AND question = ?2))
                    ON CONFLICT DO NOTHING
                    """, [.integer(deck), .text(question), .integer(Int64(position))])
            }
            try database.run(
                "UPDATE deck SET question_count = ?, fingerprint = ? WHERE id = ?",
                [.integer(Int64(questions.count)), .integer(fingerprint), .integer(deck)])
            return deck
        }
        deckIDs[name] = deck
    }

    /// FNV-1a (64-bit) over each question's UTF-8 bytes, each followed by 0xFF (never
    /// part of UTF-8), so ["ab", "c"] and ["a", "bc"] differ. Stable across runs, unlike
    /// `Hasher`, which is seeded per process.
    static func fingerprint(of questions: [String]) -> Int64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for question in questions {
            for byte in question.utf8 {
                hash = (hash ^ UInt64(byte)) &* prime
            }
            hash = (hash ^ 0xFF) &* prime
        }
        return Int64(bitPattern: hash)
    }
}
