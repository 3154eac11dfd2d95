import FoundationEssentials

/// A deck of this device's that lost its id to another device's deck keeps its
/// history: the answers this device gave, and its own words, edits and suspensions of
/// its cards, move with it (``SyncFolder/moveClashingDeck(id:base:scheduler:into:)``).
extension ReviewStore {
    /// Moves this device's own answers of the deck `from` (those it wrote, an imported
    /// history's too; not other devices') to the same words of the deck `to`: each
    /// recorded again there with its time, rating and answer time, as new answers, and
    /// taken back under `from` (a retraction for each one sent), both cards replayed;
    /// other devices' answers stay where they are. Moves this device's own words, edits
    /// and suspensions of `from` too, putting those of `from` back to `winnerBase`
    /// (``moveOwnRegisters(of:to:winnerBase:device:now:)``). Notes `register` (the new
    /// deck's `deck` event) with them. One transaction, with the outbox: returns how many
    /// events it took. Nothing of this device's left under `from`, a second call moves
    /// nothing.
    func moveOwnChanges(
        of from: String, to: String, winnerBase: [String: Challenge]?, register: SyncEvent.Body?, device: String, now: Int64,
        scheduler: FSRSScheduler
    ) throws(ReviewStoreError) -> Int {
        try syncTransaction {
            var clock = try syncClock()
            // Every answer of this device's gets its event first: one not sent yet is then
            // taken back as a sent one is, and no device ever counts it under `from`.
            var noted = try fillOutbox(device: device, clock: &clock, now: now, settings: [], scheduler: scheduler)
            if let fromDeck = try deckID(named: from) {
                var questions: [String] = []
                try database.query("SELECT question FROM card WHERE deck = ? ORDER BY question", [.integer(fromDeck)]) {
                    questions.append($0.text(0))
                }
                for question in questions {
                    let reviews = try syncedReviews(deck: fromDeck, question: question)
                    let own = reviews.filter(\.own).map(\.event)
                    guard !own.isEmpty else { continue }
                    try rebuild(CardID(deck: from, question: question), keeping: reviews.filter { !$0.own }.map(\.event), adding: [], scheduler: scheduler)
                    let existing = try deckID(named: to).map { try syncedReviews(deck: $0, question: question).map(\.event) } ?? []
                    try rebuild(CardID(deck: to, question: question), keeping: existing, adding: own, scheduler: scheduler)
                }
            }
            var after = try syncClock()
            noted += try fillOutbox(device: device, clock: &after, now: now, settings: [], scheduler: scheduler)
            noted += try moveOwnRegisters(of: from, to: to, winnerBase: winnerBase, device: device, now: now)
            if let register {
                try noteOwnEvents([register], device: device, now: now)
                noted += 1
            }
            return noted
        }
    }

    /// The reviews of the card `question` of the deck row `deck` with their event ids,
    /// and whether this installation wrote each.
    private func syncedReviews(deck: Int64, question: String) throws -> [(event: ReviewEvent, own: Bool)] {
        var reviews: [(event: ReviewEvent, own: Bool)] = []
        try database.query("""
            SELECT r.id, s.event, r.time, r.rating, r.answer_ms, EXISTS (SELECT 1 FROM sync_own AS o WHERE o.event = s.event)
            FROM review AS r JOIN sync_review AS s ON s.review = r.id JOIN card AS c ON c.id = r.card
            WHERE c.deck = ? AND c.question = ?
            """, [.integer(deck), .text(question)]) { row in
                guard let rating = FSRSRating(rawValue: Int(row.integer(3))) else {
                    throw InvalidRow(detail: "review \(row.integer(0)) has an unknown rating \(row.integer(3))")
                }
                let event = ReviewEvent(id: row.text(1), time: row.integer(2), rating: rating, answerMilliseconds: row.integer(4))
                reviews.append((event, row.integer(5) != 0))
            }
        return reviews
    }

    /// Writes `card`'s reviews again as `keeping` (its synced reviews that stay, with
    /// their event ids) and `adding` (answers new to the folder: the outbox sends them),
    /// replayed in time order. Its other reviews go, each sent one noting its retraction.
    private func rebuild(_ card: CardID, keeping: [ReviewEvent], adding: [ReviewEvent], scheduler: FSRSScheduler) throws {
        guard let deck = try deckID(named: card.deck, creating: true) else {
            throw InvalidRow(detail: "deck \(card.deck) could not be added")
        }
        if let stored = try storedCard(deck: deck, question: card.question) {
            // The kept rows' event ids go first, so taking them out notes no retraction.
            for event in keeping { try database.run("DELETE FROM sync_review WHERE event = ?", [.text(event.id)]) }
            _ = try forget(card: stored.id, deck: deck, question: card.question)
        }
        let kept = Set(keeping.map(\.id))
        // New answers have no id yet: the outbox gives them one.
        let all = keeping + adding.map { ReviewEvent(id: "", time: $0.time, rating: $0.rating, answerMilliseconds: $0.answerMilliseconds) }
        for (event, id) in try insertReplayed(card, deck: deck, events: all, scheduler: scheduler) where kept.contains(event.id) {
            try database.run("INSERT INTO sync_review (review, event) VALUES (?, ?)", [.integer(id), .text(event.id)])
            // Synced already: not this device's to send again.
            try database.run("DELETE FROM sync_unsent_review WHERE review = ?", [.integer(id)])
        }
    }
}
