import FoundationEssentials

/// The learner's own words: a word met today, added by hand ("Add a Word") or by a
/// dictionary app, goes into one of the learner's decks: "My Words", made with its
/// first word, or a deck they imported. The card is checked as a loaded deck's is, and
/// the deck written atomically and durably (``AtomicFile``), so an added word is never
/// half there; it is new in the schedule at once (a card without a review is new).
extension DeckCatalog {
    /// The id of "My Words", the learner's own deck.
    public static let ownWordsID = "my-words"

    /// How many distinct meanings the deck `id` must have: a question's choices
    /// (3), but 1 for "My Words", which starts with one word and borrows the choices it
    /// lacks from Kuchi Basics while it is short (``ChallengesViewModel``'s dealer).
    func choicesNeeded(id: String) -> Int {
        id == Self.ownWordsID ? 1 : 3
    }

    /// The decks a word can be added to: "My Words" (listed even before it exists,
    /// first) and the decks the learner imported.
    public func ownDecks() -> [DeckEntry] {
        let imported = entries().filter { $0.origin == .imported }
        let ownWords = imported.first { $0.id == Self.ownWordsID }
            ?? DeckEntry(id: Self.ownWordsID, name: tr("My Words"), origin: .imported)
        return [ownWords] + imported.filter { $0.id != Self.ownWordsID }
    }

    /// Adds `card` to the deck `id` (one of ``ownDecks()``; "My Words" is made with its
    /// first card) and returns the deck as it now loads. `recording` gets the word
    /// added (``SyncEvent/Body/word(card:json:)``) once the card passed its checks and
    /// before the file is written: sync notes it there (``SyncFolder/record(_:)``).
    ///
    /// - Throws: the deck's file and, in words, why: the deck already has the word, the
    ///   card is one a deck could not hold (an empty meaning, a reading not in kana, text
    ///   a card cannot show), the deck is not the learner's, or the file could not be
    ///   written (nothing changed then).
    @discardableResult
    public func add(
        _ card: Challenge, to id: String = DeckCatalog.ownWordsID,
        recording: (_ changes: [SyncEvent.Body]) throws(DeckError) -> Void = { _ throws(DeckError) in }
    ) throws(DeckError) -> Deck {
        var deck: Deck
        if id == Self.ownWordsID, file(id: id) == nil {
            deck = try newOwnWords()
        } else {
            guard isImported(id: id) else {
                throw refusal(id, tr("is not one of your decks: words go into My Words or a deck you imported"))
            }
            deck = try loadAsShipped(id: id)
        }
        guard !deck.cards.contains(where: { $0.question == card.question }) else {
            throw refusal(id, tr("already has {word}", ["word": card.question]))
        }
        deck.cards.append(card)
        return try write(deck, id: id) { () throws(DeckError) in
            try recording([.word(card: CardID(deck: id, question: card.question), json: DeckFile.encodeCard(card))])
        }
    }

    /// "My Words" without a card, its folder made: the deck its first word goes into.
    func newOwnWords() throws(DeckError) -> Deck {
        do {
            try FileManager.default.createDirectory(
                at: importedFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw refusal(
                Self.ownWordsID, tr("could not be made: the folder {folder} cannot be made", ["folder": "\(LocalPath(importedFolder))"]))
        }
        return Deck(name: tr("My Words"), language: "ja", license: "", attribution: "", cards: [])
    }

    /// The decks, bundled and imported, with a card for `word` (for "already in JLPT
    /// N3"), found without loading them: a deck file holds each question as a JSON
    /// string, so a file without the word's text cannot have it, and only the few that
    /// do are loaded to be sure. Meant for a thread of its own: the bundled decks are
    /// tens of MiB.
    public func decks(containing word: String) -> [DeckEntry] {
        guard !word.isEmpty else { return [] }
        var found: [DeckEntry] = []
        if Deck.kuchiBasics.cards.contains(where: { $0.question == word }) {
            found.append(DeckEntry(id: Self.builtInID, name: Deck.kuchiBasics.name, origin: .builtIn))
        }
        let needle = Data("\"\(word)\"".utf8)
        for entry in entries() where entry.origin != .builtIn {
            guard let url = file(id: entry.id), let data = try? Data(contentsOf: url, options: .mappedIfSafe),
                  data.firstRange(of: needle) != nil,
                  let deck = try? load(id: entry.id), deck.cards.contains(where: { $0.question == word })
            else { continue }
            found.append(entry)
        }
        return found
    }
}
