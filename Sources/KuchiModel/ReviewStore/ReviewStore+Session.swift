import FoundationEssentials

/// What a practice session is built from: due cards, new cards, and today's new count.
extension ReviewStore {
    /// The cards of `deck` due at `time` (due on or before it), most overdue first.
    public func dueCards(deck: String, at time: Date, limit: Int) throws(ReviewStoreError) -> [DueCard] {
        try storeErrors {
            guard let deck = try deckID(named: deck), limit > 0 else { return [] }
            var cards: [DueCard] = []
            try database.query("""
                SELECT id, state, step, stability, difficulty, due, last_review, question FROM card
                WHERE deck = ? AND due <= ? ORDER BY due, id LIMIT ?
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
            return Int(try database.integer("SELECT count(*) FROM card WHERE deck = ? AND first_review >= ?", [.integer(deck), .integer(time.storeMilliseconds)]) ?? 0)
        }
    }

    /// The first `limit` of `questions` (the deck's questions, in deck order) that have
    /// never been reviewed.
    ///
    /// The deck's list is the caller's: the store does not keep a copy of every deck, only
    /// the cards that have a history. The first call for a deck reads that deck's
    /// reviewed questions into a set (one index scan); later calls only walk `questions`
    /// with set look-ups, and ``record(_:)`` keeps the set current.
    public func newQuestions(deck: String, in questions: [String], limit: Int) throws(ReviewStoreError) -> [String] {
        guard limit > 0 else { return [] }
        let reviewed = try reviewedQuestions(deck: deck)
        var found: [String] = []
        for question in questions where !reviewed.contains(question) {
            found.append(question)
            if found.count == limit { break }
        }
        return found
    }

    /// The questions of `deck` that have a stored state, cached after the first read.
    func reviewedQuestions(deck name: String) throws(ReviewStoreError) -> Set<String> {
        if let cached = reviewedQuestions[name] { return cached }
        let questions = try storeErrors {
            var questions = Set<String>()
            if let deck = try deckID(named: name) {
                try database.query("SELECT question FROM card WHERE deck = ?", [.integer(deck)]) {
                    questions.insert($0.text(0))
                }
            }
            return questions
        }
        reviewedQuestions[name] = questions
        return questions
    }
}
