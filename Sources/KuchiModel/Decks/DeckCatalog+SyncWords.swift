import FoundationEssentials

/// The learner's own words and card edits from other devices: a deck's cards on every
/// device are its base (the bundled file, or an imported deck's file) and, on top, the
/// folder's `word` registers (a card added, or deleted) and `field` registers (a reading
/// or meaning edited), each kept by its latest stamp (``SyncFolder/syncedCards(deck:)``).
///
/// Why applying every register, this device's own too, loses nothing: an edit here is
/// checked, then noted in the store's outbox with its register (``SyncFolder/record(_:)``),
/// and only then is the deck file written. Kuchi killed between the two leaves a register
/// the file does not hold yet; the next apply (each start's first merge applies every
/// deck's registers) writes it. The other order would lose the edit for the other devices
/// without a trace: a file that differs from the registers could as well be a new version
/// of the deck.
extension DeckCatalog {
    /// What applying synced cards did.
    public struct SyncedCardsResult: Sendable, Equatable {
        /// The decks whose file or overrides were written, sorted.
        public var changedDecks: [String] = []
        /// The words and fields that could not be applied (a value a deck could not
        /// hold; a deck whose file cannot be read), each naming the deck file and card.
        /// They stay in the store and are tried again at the next apply.
        public var problems: [DeckProblem] = []

        public init(changedDecks: [String] = [], problems: [DeckProblem] = []) {
            self.changedDecks = changedDecks
            self.problems = problems
        }
    }

    /// Applies `cards` (the folder's `word` and `field` registers,
    /// ``SyncFolder/syncedCards(deck:)``) to their decks: a word added on another device
    /// is added ("My Words" is made for it if missing), a word deleted is removed, an
    /// edited field is written (into an imported deck's file; as the override of a
    /// bundled or built-in deck). Each card and field passes the checks an edit here
    /// passes, and each deck the checks of a loaded deck, before it is written
    /// atomically and durably. A word or field of a deck this device does not have
    /// (yet), or a field of a word a deck does not have, waits: call this again with
    /// that deck's registers when it arrives.
    public func applySyncedCards(_ cards: SyncedCards) -> SyncedCardsResult {
        var result = SyncedCardsResult()
        for id in cards.decks {
            do throws(DeckError) {
                if try applySynced(cards, deck: id) { result.changedDecks.append(id) }
            } catch {
                result.problems += error.problems
            }
        }
        return result
    }

    /// Applies the cards of `cards` of the deck `id`; returns whether it wrote anything.
    private func applySynced(_ cards: SyncedCards, deck id: String) throws(DeckError) -> Bool {
        let words = cards.words.filter { $0.key.deck == id }.sorted { $0.key.question < $1.key.question }
        let fields = cards.fields.filter { $0.key.deck == id }.sorted { $0.key.question < $1.key.question }
        guard Settings.isDeckIdentifier(id) else { return false }
        if isImported(id: id) || id == Self.ownWordsID && file(id: id) == nil {
            let base: Deck
            if file(id: id) != nil {
                base = try loadAsShipped(id: id)
            } else {
                // My Words is made by its first word, not by an edit or a deletion.
                guard words.contains(where: { $0.value != nil }) else { return false }
                base = try newOwnWords()
            }
            var deck = base
            var problems: [DeckProblem] = []
            for (card, json) in words {
                let index = deck.cards.firstIndex { $0.question == card.question }
                guard let json else {
                    if let index { deck.cards.remove(at: index) }
                    continue
                }
                // The card as the deck has it already (most words, at each start): not
                // read and checked again, which costs more than writing it out.
                if let index, DeckFile.encodeCard(deck.cards[index]) == json { continue }
                switch DeckFile.decodeCard(json, question: card.question) {
                case .success(let synced):
                    if let index { deck.cards[index] = synced } else { deck.cards.append(synced) }
                case .failure(let refusal):
                    problems.append(DeckProblem(file: "\(id).json", message: refusal.reason))
                }
            }
            for (card, values) in fields {
                guard let index = deck.cards.firstIndex(where: { $0.question == card.question }) else { continue }
                let edit = Self.edit(values, of: card.question, deck: id, problems: &problems)
                deck.cards[index] = edit.applied(to: deck.cards[index])
            }
            guard deck != base else {
                if !problems.isEmpty { throw DeckError(problems: problems) }
                return false
            }
            _ = try write(deck, id: id)
            if !problems.isEmpty { throw DeckError(problems: problems) }
            return true
        }
        // A bundled or the built-in deck: its base is never written; edits are overrides.
        guard id == Self.builtInID || file(id: id) != nil else { return false }
        let shipped = try loadAsShipped(id: id)
        let kept = try overrides(id: id)
        var overrides = kept
        var problems: [DeckProblem] = []
        for (card, values) in fields {
            guard let original = shipped.cards.first(where: { $0.question == card.question }) else { continue }
            let synced = Self.edit(values, of: card.question, deck: id, problems: &problems)
            var edit = overrides.cards[card.question] ?? CardOverrides.Edit()
            if let reading = synced.reading { edit.reading = reading == original.reading ? nil : reading }
            if let answer = synced.answer { edit.answer = answer == original.answer ? nil : answer }
            overrides.cards[card.question] = edit == CardOverrides.Edit() ? nil : edit
        }
        guard overrides != kept else {
            if !problems.isEmpty { throw DeckError(problems: problems) }
            return false
        }
        try check(overrides.applied(to: shipped, file: "\(id).json").deck, id: id)
        do {
            try overrides.save(to: overridesFile(id: id))
        } catch {
            throw refusal(id, tr("the change could not be saved: {reason}", ["reason": error.error.words]))
        }
        if !problems.isEmpty { throw DeckError(problems: problems) }
        return true
    }

    /// The edit the synced `values` (field → value) of the card `question` make, less
    /// those the card editor would refuse, which go to `problems`; fields a newer Kuchi
    /// sent and this one does not know are left out.
    private static func edit(
        _ values: [String: String], of question: String, deck id: String, problems: inout [DeckProblem]
    ) -> CardOverrides.Edit {
        var edit = CardOverrides.Edit()
        if let reading = values[SyncCardField.reading] {
            let one = CardOverrides.Edit(reading: reading)
            if let problem = one.problem(question: question) {
                problems.append(DeckProblem(file: "\(id).json", message: problem))
            } else {
                edit.reading = reading
            }
        }
        if let answer = values[SyncCardField.meaning] {
            let one = CardOverrides.Edit(answer: answer)
            if let problem = one.problem(question: question) {
                problems.append(DeckProblem(file: "\(id).json", message: problem))
            } else {
                edit.answer = answer
            }
        }
        return edit
    }
}
