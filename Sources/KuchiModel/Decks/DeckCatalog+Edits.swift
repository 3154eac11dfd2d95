import FoundationEssentials

/// The learner's changes to a deck's cards, from the card browser: an edit of a
/// bundled (or the built-in) deck is kept as an override beside it, an edit of an
/// imported deck is written into its copy; only an imported deck's cards can be
/// deleted. Every write is atomic and durable (``AtomicFile``), and the deck it
/// leaves is checked as a loaded one is (``DeckLoader``) before it is written, so an
/// edit can never leave a deck that does not load.
extension DeckCatalog {
    /// Where the overrides of bundled decks are kept: `overrides/` beside the imported decks.
    public var overridesFolder: URL { importedFolder.deletingLastPathComponent().appendingPathComponent("overrides") }

    /// The overrides file of the deck with `id`.
    func overridesFile(id: String) -> URL { overridesFolder.appendingPathComponent("\(id).json") }

    /// The learner's overrides of the deck with `id` (none for an imported deck, which
    /// holds its edits itself), as the file has them: ``CardOverrides/applied(to:file:limits:)``
    /// checks each.
    func overrides(id: String) throws(DeckError) -> CardOverrides {
        guard id == Self.builtInID || Settings.isDeckIdentifier(id) else { return CardOverrides() }
        return try CardOverrides.load(from: overridesFile(id: id))
    }

    /// Whether the deck with `id` is one the learner imported.
    public func isImported(id: String) -> Bool {
        guard Settings.isDeckIdentifier(id), id != Self.builtInID else { return false }
        let imported = importedFolder.appendingPathComponent("\(id).json")
        return file(id: id) == imported
    }

    /// Changes the reading and the meaning of the card `question` of the deck `id`,
    /// keeping the change across relaunches and deck updates; returns the deck as it
    /// now loads.
    ///
    /// `recording` gets the fields changed (``SyncEvent/Body/cardField(card:field:value:)``,
    /// one per field) once the edit passed its checks and before anything is written:
    /// sync notes them there (``SyncFolder/record(_:)``); an error it throws stops the edit.
    public func edit(
        question: String, reading: String, answer: String, deck id: String,
        recording: (_ changes: [SyncEvent.Body]) throws(DeckError) -> Void = { _ throws(DeckError) in }
    ) throws(DeckError) -> Deck {
        let reading = reading.trimmingWhitespace()
        let answer = answer.trimmingWhitespace()
        if let problem = CardOverrides.Edit(reading: reading, answer: answer).problem(question: question) {
            throw refusal(id, problem)
        }
        if isImported(id: id) {
            var deck = try loadAsShipped(id: id)
            guard let index = deck.cards.firstIndex(where: { $0.question == question }) else {
                throw refusal(id, tr("has no card {word}", ["word": question]))
            }
            let changes = Self.fieldChanges(of: deck.cards[index], reading: reading, answer: answer, deck: id)
            deck.cards[index] = deck.cards[index].edited(reading: reading, answer: answer)
            return try write(deck, id: id) { () throws(DeckError) in try recording(changes) }
        }
        let shipped = try loadAsShipped(id: id)
        guard let original = shipped.cards.first(where: { $0.question == question }) else {
            throw refusal(id, tr("has no card {word}", ["word": question]))
        }
        var overrides = try overrides(id: id)
        // Compared with the card as it shows now, the learner's earlier edit on it.
        let shown = overrides.cards[question].map { $0.applied(to: original) } ?? original
        let changes = Self.fieldChanges(of: shown, reading: reading, answer: answer, deck: id)
        let edit = CardOverrides.Edit(
            reading: reading == original.reading ? nil : reading, answer: answer == original.answer ? nil : answer)
        overrides.cards[question] = edit == CardOverrides.Edit() ? nil : edit
        // An edit already in the file that the checks refuse (one written by hand) stays
        // left out, as when the deck loads; it does not stop this one.
        let deck = overrides.applied(to: shipped, file: "\(id).json").deck
        try check(deck, id: id)
        try recording(changes)
        do {
            try overrides.save(to: overridesFile(id: id))
        } catch {
            throw refusal(id, tr("your edit could not be saved: {reason}", ["reason": error.error.words]))
        }
        return deck
    }

    /// Deletes the card `question` from the imported deck `id`; returns the deck as it
    /// now loads. A bundled deck's cards cannot be deleted (suspend them instead).
    /// `recording` gets the deletion (``SyncEvent/Body/word(card:json:)`` without a card)
    /// before the file is written, as for ``edit(question:reading:answer:deck:recording:)``.
    public func delete(
        question: String, deck id: String,
        recording: (_ changes: [SyncEvent.Body]) throws(DeckError) -> Void = { _ throws(DeckError) in }
    ) throws(DeckError) -> Deck {
        guard isImported(id: id) else { throw refusal(id, tr("is not an imported deck: its cards cannot be deleted")) }
        var deck = try loadAsShipped(id: id)
        guard let index = deck.cards.firstIndex(where: { $0.question == question }) else {
            throw refusal(id, tr("has no card {word}", ["word": question]))
        }
        deck.cards.remove(at: index)
        return try write(deck, id: id) { () throws(DeckError) in
            try recording([.word(card: CardID(deck: id, question: question), json: nil)])
        }
    }

    /// The `field` events of changing `card` of the deck `id` to `reading` and `answer`:
    /// one per field that differs.
    static func fieldChanges(of card: Challenge, reading: String, answer: String, deck id: String) -> [SyncEvent.Body] {
        let id = CardID(deck: id, question: card.question)
        return (card.reading == reading ? [] : [.cardField(card: id, field: SyncCardField.reading, value: reading)])
            + (card.answer == answer ? [] : [.cardField(card: id, field: SyncCardField.meaning, value: answer)])
    }

    /// Writes `deck` as the imported deck `id`, once it loads as a deck should;
    /// `beforeWriting` runs between the check and the write.
    func write(
        _ deck: Deck, id: String, beforeWriting: () throws(DeckError) -> Void = { () throws(DeckError) in }
    ) throws(DeckError) -> Deck {
        let data = try check(deck, id: id)
        try beforeWriting()
        do {
            try AtomicFile.write(data, to: importedFolder.appendingPathComponent("\(id).json"))
        } catch {
            throw refusal(id, tr("the change could not be saved: {reason}", ["reason": error.error.words]))
        }
        return deck
    }

    /// `deck` as a deck file, checked as a loaded deck is.
    @discardableResult
    func check(_ deck: Deck, id: String) throws(DeckError) -> Data {
        let data: Data
        do {
            data = try DeckFile.encode(deck)
        } catch {
            throw refusal(id, tr("could not be written: {reason}", ["reason": error.error.words]))
        }
        _ = try DeckLoader.decode(data, file: "\(id).json", choicesPerQuestion: choicesNeeded(id: id))
        return data
    }

    func refusal(_ id: String, _ message: String) -> DeckError {
        DeckError(problems: [DeckProblem(file: "\(id).json", message: message)])
    }
}
