import FoundationEssentials

/// The `deck` registers in the database: this device's imports and removals become
/// events in the outbox, and the registers as merged say which imported decks every
/// device should have (``SyncFolder/applySyncedDecks(into:)`` makes it so).
extension ReviewStore {
    /// An imported deck as its register holds it.
    struct SyncedDeck: Equatable {
        let name: String
        /// nil: the learner removed it.
        let sha256: String?
        /// Each media name its cards use → its digest.
        let media: [String: String]
    }

    /// Every deck register, by deck id. A register whose line no longer reads (it
    /// cannot happen unless the database was edited) is left out.
    func syncedDecks() throws -> [String: SyncedDeck] {
        var decks: [String: SyncedDeck] = [:]
        // Deck registers are named "deck", U+001F, the id: those between U+001F and U+0020.
        try database.query(
            "SELECT value FROM sync_register WHERE name > ? AND name < ?", [.text("deck\u{1F}"), .text("deck\u{20}")]
        ) { row in
            guard let event = try? SyncLine.decode(ArraySlice(row.text(0).utf8)),
                case .deck(let id, let name, let sha256, let media) = event.body
            else { return }
            decks[id] = SyncedDeck(name: name, sha256: sha256, media: media)
        }
        return decks
    }

    /// Notes that the learner removes the imported deck `id` (named `name`) while sync
    /// is off, as an event of `device` stamped `now`: it waits in the outbox, so that
    /// switching sync on later removes the deck everywhere rather than installing it
    /// again from the folder. Sync on, use ``SyncFolder/noteDeckRemoved(id:name:)``.
    public func noteDeckRemoved(id: String, name: String, device: String, now: Date) throws(ReviewStoreError) {
        _ = try noteDecks([.deck(id: id, name: name, sha256: nil, media: [:])], device: device, now: now.storeMilliseconds)
    }

    /// Puts the `deck` events `bodies` of `device` into the outbox and their registers,
    /// stamped by `clock` at `now`, in one transaction; returns how many.
    func noteDecks(_ bodies: [SyncEvent.Body], device: String, now: Int64) throws(ReviewStoreError) -> Int {
        try syncTransaction {
            try noteOwnEvents(bodies, device: device, now: now)
            return bodies.count
        }
    }
}
