import FoundationEssentials

/// The learner's changes to the cards of their decks, as sync carries them: `word`
/// registers (a card of My Words or an imported deck, or its deletion) and `field`
/// registers (a card's reading or meaning edited). A change made here is noted in the
/// outbox, with its register, before the deck file is written (see
/// ``DeckCatalog/applySyncedCards(_:)`` for why that order loses nothing).
extension ReviewStore {
    /// Notes `changes` (``SyncEvent/Body/word(card:json:)`` and
    /// ``SyncEvent/Body/cardField(card:field:value:)``, made here) as events of `device`
    /// (``SyncDevice/id(in:)``) stamped `now`: each becomes its register's value and a
    /// line of the outbox, in one durable transaction. Sync on, use
    /// ``SyncFolder/record(_:)``; with sync off the changes wait in the outbox, so
    /// that switching it on later sends them rather than overwriting them with an older
    /// value from the folder.
    public func recordCardChanges(_ changes: [SyncEvent.Body], device: String, now: Date) throws(ReviewStoreError) {
        guard !changes.isEmpty else { return }
        try syncTransaction { try noteOwnEvents(changes, device: device, now: now.storeMilliseconds) }
    }

    /// The `word` and `field` registers as kept, of the deck `deck` or of every deck.
    func syncedCards(deck: String?) throws -> SyncedCards {
        var cards = SyncedCards()
        let separator = "\u{1F}"
        // A register's name is its kind, deck, word (and field) joined by U+001F: the
        // names of one deck's (or every deck's) cards are one range of the index.
        let prefix = deck.map { $0 + separator } ?? ""
        let sql = "SELECT name, value FROM sync_register WHERE name >= ?1 AND name < ?2 OR name >= ?3 AND name < ?4"
        let values: [SQLiteValue] = ["word", "field"].flatMap { kind -> [SQLiteValue] in
            let start = kind + separator + prefix
            return [.text(start), .text(start + "\u{10FFFF}")]
        }
        try database.query(sql, values) { row in
            let parts = row.text(0).split(separator: Character(separator), omittingEmptySubsequences: false).map(String.init)
            let value = row.text(1)
            switch (parts.first, parts.count) {
            case ("word", 3):
                cards.words[CardID(deck: parts[1], question: parts[2])] = value == "null" ? .some(nil) : .some(value)
            case ("field", 4):
                cards.fields[CardID(deck: parts[1], question: parts[2]), default: [:]][parts[3]] = value
            default:
                break
            }
        }
        return cards
    }
}

/// What the folder says a deck's cards are, on top of the deck's base (its bundled
/// file, or the file as imported): per word, the card or its deletion, and per card
/// the fields edited. Read from the store's registers (``SyncFolder/syncedCards(deck:)``)
/// and applied by ``DeckCatalog/applySyncedCards(_:)``.
public struct SyncedCards: Sendable, Equatable {
    /// Per card, its `word` register: the card as a deck file's JSON object, or nil
    /// (deleted).
    public var words: [CardID: String?] = [:]
    /// Per card, its `field` registers: field name → value.
    public var fields: [CardID: [String: String]] = [:]

    public init(words: [CardID: String?] = [:], fields: [CardID: [String: String]] = [:]) {
        self.words = words
        self.fields = fields
    }

    /// The decks these cards belong to, sorted.
    public var decks: [String] { Set(words.keys.map(\.deck)).union(fields.keys.map(\.deck)).sorted() }
}
