import FoundationEssentials

/// A deck moved by a clash takes the learner's own changes to its cards with it: the
/// words they added, deleted or replaced, the fields they edited and the cards they
/// suspended (the `word`, `field` and `suspension` registers of the old id this device
/// wrote last). Left under the old id, those registers would go on changing the other
/// device's deck, which has that id now, at its words of the same spelling; and the
/// other devices, which install the moved deck from its base, would never see them.
extension ReviewStore {
    /// Notes this device's own `word`, `field` and `suspension` registers of the deck
    /// `from` again for the deck `to` (the same word, field and value, as new events of
    /// `device`), and puts those of `from` back to `winnerBase`, the other device's deck
    /// as imported (question → card), where they differ from it: a word the winner has
    /// gets the winner's own card (a deletion or a replacement here must not take or
    /// change the winner's), a word it lacks is deleted (an added word is not the
    /// winner's), a field gets the winner's value; a suspension is lifted wherever the
    /// winner's deck has the word or not. A field of a word the winner lacks stays (it
    /// changes nothing there). With `winnerBase` nil (its file unreadable), the words and
    /// fields of `from` are left as they are rather than guessed.
    ///
    /// Inside the move's transaction (``moveOwnChanges(of:to:winnerBase:register:device:now:scheduler:)``),
    /// so all is noted or nothing. Notes the move in `sync_state`: a second call (the next
    /// merge finishing a move a kill stopped) notes nothing, as the registers of `from`
    /// are then put back and must not be copied. Returns how many events it noted.
    func moveOwnRegisters(of from: String, to: String, winnerBase: [String: Challenge]?, device: String, now: Int64) throws -> Int {
        let done = "deck-moved\u{1F}\(from)\u{1F}\(to)"
        guard try syncState(done) == nil else { return 0 }
        let separator = Character("\u{1F}")
        var copied: [SyncEvent.Body] = []
        var putBack: [SyncEvent.Body] = []
        var suspended: [String] = []
        for kind in ["word", "field", "suspension"] {
            let start = "\(kind)\(separator)\(from)\(separator)"
            try database.query("""
                SELECT r.name, r.value FROM sync_register AS r JOIN sync_own AS o ON o.event = r.event
                WHERE r.name >= ? AND r.name < ? ORDER BY r.name
                """, [.text(start), .text(start + "\u{10FFFF}")]) { row in
                    let parts = row.text(0).split(separator: separator, omittingEmptySubsequences: false).map(String.init)
                    let value = row.text(1)
                    switch (kind, parts.count) {
                    case ("word", 3):
                        let json = value == "null" ? nil : value
                        copied.append(.word(card: CardID(deck: to, question: parts[2]), json: json))
                        guard let winnerBase else { break }
                        let base = winnerBase[parts[2]].map(DeckFile.encodeCard)
                        if base != json { putBack.append(.word(card: CardID(deck: from, question: parts[2]), json: base)) }
                    case ("field", 4):
                        copied.append(.cardField(card: CardID(deck: to, question: parts[2]), field: parts[3], value: value))
                        guard let card = winnerBase?[parts[2]], let base = Self.field(parts[3], of: card), base != value else { break }
                        putBack.append(.cardField(card: CardID(deck: from, question: parts[2]), field: parts[3], value: base))
                    case ("suspension", 3):
                        copied.append(.suspension(card: CardID(deck: to, question: parts[2]), isSuspended: value == "true"))
                        guard value == "true" else { break }
                        putBack.append(.suspension(card: CardID(deck: from, question: parts[2]), isSuspended: false))
                        suspended.append(parts[2])
                    default:
                        break
                    }
                }
        }
        // The cards suspended here follow the deck in this database too; the events
        // below say so to the others (so nothing is left for the outbox's triggers).
        if !suspended.isEmpty, let old = try deckID(named: from), let new = try deckID(named: to, creating: true) {
            for question in suspended {
                try database.run("DELETE FROM suspended_card WHERE deck = ? AND question = ?", [.integer(old), .text(question)])
                try database.run(
                    "INSERT INTO suspended_card (deck, question) VALUES (?, ?) ON CONFLICT DO NOTHING", [.integer(new), .text(question)])
                try database.run(
                    "DELETE FROM sync_unsent_suspension WHERE deck IN (?, ?) AND question = ?",
                    [.integer(old), .integer(new), .text(question)])
            }
        }
        try noteOwnEvents(copied + putBack, device: device, now: now)
        try database.run("INSERT INTO sync_state (key, value) VALUES (?, 1)", [.text(done)])
        return copied.count + putBack.count
    }

    /// The value of the synced field `field` (``SyncCardField``) of `card`; nil for a
    /// field this Kuchi does not apply.
    private static func field(_ field: String, of card: Challenge) -> String? {
        switch field {
        case SyncCardField.reading: card.reading
        case SyncCardField.meaning: card.answer
        default: nil
        }
    }
}
