import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// The card browser's actions: what the browser shows (``CardBrowser``, from the deck
/// in use, or every deck, and the schedule), and a card edited, suspended, reset or
/// deleted in its own deck, or the deck in use and its reviews exported. Each change is saved before
/// the browser shows it (the deck through ``DeckCatalog``, the schedule through
/// ``StudyPlanner``) and handed to the practice at once; what could not be saved is
/// said in a dialog, and nothing changes.
@MainActor @Observable
final class CardShelf {
    let browser: CardBrowser
    /// Whether the browser shows every deck's cards rather than the deck in use's.
    var showsEveryDeck = false {
        didSet { if showsEveryDeck != oldValue, isPrepared { show() } }
    }
    /// The edit page's fields.
    var draftReading = ""
    var draftMeaning = ""

    /// Where an edited deck goes back to, and its files.
    @ObservationIgnored private let decks: DeckChooser
    /// The deck the browser shows.
    @ObservationIgnored private let inUse: DeckInUse
    @ObservationIgnored private let planner: StudyPlanner
    @ObservationIgnored private let state: AppState

    init(browser: CardBrowser, decks: DeckChooser, planner: StudyPlanner, state: AppState) {
        self.browser = browser
        self.decks = decks
        inUse = decks.inUse
        self.planner = planner
        self.state = state
    }

    /// How long after the window's first frame the browser is built ahead: long
    /// enough that start-up (a large deck loading, the first session planned) is over.
    static let buildAheadDelay = Duration.seconds(2)

    /// Whether the browser has been opened or built ahead.
    @ObservationIgnored private var isPrepared = false

    /// Builds the browser over the deck in use before it is first opened, so that the
    /// first Ctrl+B shows it at once: GTK's first layout of its rows (about 200, the
    /// list's overscan, whatever the deck's size) took about 200 ms on the development
    /// machine with 100,000 cards. Called in idle time well after the first frame; a
    /// deck still loading is waited for, once more.
    func buildAhead(retries: Int = 1) {
        guard !isPrepared else { return }
        guard !inUse.isLoading else {
            if retries > 0 { MainLoop.after(Self.buildAheadDelay) { [weak self] in self?.buildAhead(retries: retries - 1) } }
            return
        }
        isPrepared = true
        show()
        state.buildsCardsAhead = true
    }

    /// Shows the card browser over the deck in use.
    func open() {
        isPrepared = true
        show()
        state.isEditingCard = false
        state.screen = .cards
    }

    /// Shows the decks again once a sync merge changed some (the deck in use is read
    /// again first, by ``DeckChooser/changedElsewhere(_:)``), if the browser was built.
    func changedElsewhere() {
        if isPrepared { show() }
    }

    /// Shows the deck in use, or every deck in Kuchi's order with the deck in use as
    /// the practice has it (loaded, with the learner's edits). A deck that cannot be
    /// read is left out and named in a toast.
    private func show() {
        let inUseShown = BrowsedDeck(
            inUse.deck, key: inUse.key, catalogID: inUse.catalogID, schedule: planner.schedule(deck: inUse.key),
            isImported: inUse.catalogID.map(decks.catalog.isImported) ?? false)
        guard showsEveryDeck else {
            browser.show([inUseShown], everyDeck: false)
            return
        }
        var shown = inUse.catalogID == nil ? [inUseShown] : []
        var unread: [String] = []
        for entry in decks.catalog.entries() {
            if entry.id == inUse.catalogID {
                shown.append(inUseShown)
                continue
            }
            do {
                shown.append(try browsed(entry.id))
            } catch {
                unread.append(entry.name)
            }
        }
        browser.show(shown, everyDeck: true)
        if let first = unread.first {
            state.toaster.show(unread.count == 1 ? tr("{deck} could not be read", ["deck": first])
                : trn("{deck} and {count} more deck could not be read", "{deck} and {count} more decks could not be read",
                      unread.count - 1, ["deck": first]))
        }
    }

    /// The deck `id` of Kuchi's decks, as read from its file, and where its cards stand.
    private func browsed(_ id: String) throws(DeckError) -> BrowsedDeck {
        let deck = try decks.catalog.load(id: id)
        let key = DeckChooser.scheduleKey(catalogID: id, name: deck.name)
        return BrowsedDeck(
            deck, key: key, catalogID: id, schedule: planner.schedule(deck: key), isImported: decks.catalog.isImported(id: id))
    }

    /// The card selected in the list.
    var selected: BrowsedCard? { browser.selected.flatMap { browser.cards.indices.contains($0) ? browser.cards[$0] : nil } }

    /// The deck of the card selected.
    private var selectedDeck: BrowsedDeck? { selected.flatMap(browser.deck(of:)) }

    /// Whether the selected card's deck can be edited: one of Kuchi's decks, not a file
    /// opened with `--deck` (export it, or import it, to edit it).
    var canEdit: Bool { (selectedDeck ?? browser.decks.first)?.catalogID != nil }

    func beginEdit() {
        guard let card = selected?.card, canEdit else { return }
        draftReading = card.reading
        draftMeaning = card.answer
        state.isEditingCard = true
    }

    func saveEdit() {
        guard let card = selected?.card, let deck = selectedDeck, let id = deck.catalogID else { return }
        changeDeck(deck, title: tr("Could not save the edit of {word}", ["word": card.question])) { () throws(DeckError) -> Deck in
            try decks.edit(question: card.question, reading: draftReading, answer: draftMeaning, deck: id)
        }
        state.isEditingCard = false
    }

    func toggleSuspended() {
        guard let card = selected, let deck = selectedDeck else { return }
        let changed = changeSchedule(
            of: card.card.question, deck: deck.key, title: tr("Could not change {word}", ["word": card.card.question])
        ) { () throws(ReviewStoreError) in
            try planner.setSuspended(!card.isSuspended, question: card.card.question, deck: deck.key)
        }
        if changed { state.toaster.show(card.isSuspended
            ? tr("{word} is back in your reviews", ["word": card.card.question])
            : tr("{word} is suspended", ["word": card.card.question])) }
    }

    /// Suspends or unsuspends the word `question` of the deck `deck` (its schedule key),
    /// for a dictionary app (AnkiConnect's `suspend`); the browser shows its new state.
    func setSuspended(_ isSuspended: Bool, question: String, deck: String) throws(ReviewStoreError) {
        try planner.setSuspended(isSuspended, question: question, deck: deck)
        showSchedule(of: question, deck: deck)
    }

    /// Whether the word `question` of the deck `deck` is suspended.
    func isSuspended(question: String, deck: String) -> Bool {
        planner.isSuspended(question: question, deck: deck)
    }

    func resetSelected() {
        state.cardConfirmation = nil
        guard let card = selected, let deck = selectedDeck else { return }
        let changed = changeSchedule(
            of: card.card.question, deck: deck.key, title: tr("Could not reset {word}", ["word": card.card.question])
        ) { () throws(ReviewStoreError) in
            try planner.resetProgress(question: card.card.question, deck: deck.key)
        }
        if changed { state.toaster.show(tr("{word} is new again", ["word": card.card.question])) }
    }

    func deleteSelected() {
        state.cardConfirmation = nil
        guard let card = selected?.card, let deck = selectedDeck, let id = deck.catalogID, deck.isImported else { return }
        changeDeck(deck, title: tr("Could not delete {word}", ["word": card.question])) { () throws(DeckError) -> Deck in
            try decks.delete(question: card.question, deck: id)
        }
        // Its history goes with it, so a word of the same name imported later starts new.
        try? planner.resetProgress(question: card.question, deck: deck.key)
        try? planner.setSuspended(false, question: card.question, deck: deck.key)
        browser.selected = nil
        state.toaster.show(tr("{word} was deleted", ["word": card.question]))
    }

    /// Writes the deck in use, with the learner's edits, or its reviews, to `path`.
    func export(_ kind: CardExport.Kind, to path: LocalPath) {
        state.exporting = nil
        do throws(ExportError) {
            switch kind {
            case .deck:
                state.toaster.show(try CardExport.write(inUse.deck, to: path))
            case .reviews:
                let reviews: [ExportedReview]
                do {
                    reviews = try planner.exportedReviews(deck: inUse.key)
                } catch {
                    throw ExportError(path: path, reason: tr("the review history could not be read: {reason}", ["reason": error.description]))
                }
                state.toaster.show(try CardExport.write(reviews, of: inUse.name, to: path))
            }
        } catch {
            state.importFailure = (
                title: tr("Could not export {file}", ["file": "\(path.lastComponent)"]),
                message: tr("Kuchi {reason}.", ["reason": error.description]))
        }
    }

    /// Runs `change` of the file of `shown` (one of the decks shown), hands the changed
    /// deck to the practice when it is the deck in use, and shows it.
    private func changeDeck(_ shown: BrowsedDeck, title: String, _ change: () throws(DeckError) -> Deck) {
        do {
            let deck = try change()
            if shown.catalogID == inUse.catalogID { decks.replaceCurrent(with: deck) }
            var decksShown = browser.decks
            if let position = decksShown.firstIndex(where: { $0.key == shown.key }) {
                decksShown[position].deck = deck
                decksShown[position].schedule = planner.schedule(deck: shown.key)
            }
            browser.show(decksShown, everyDeck: browser.showsEveryDeck)
        } catch {
            state.importFailure = (title: title, message: error.shownProblems)
        }
    }

    /// Runs `change` of the schedule of `question` in the deck named `deck` in the
    /// schedule, and shows the card's new state; whether it was saved.
    private func changeSchedule(
        of question: String, deck: String, title: String, _ change: () throws(ReviewStoreError) -> Void
    ) -> Bool {
        do {
            try change()
        } catch {
            state.importFailure = (title: title, message: tr("Your review history could not be changed: {reason}.", ["reason": error.description]))
            return false
        }
        showSchedule(of: question, deck: deck)
        return true
    }

    /// Shows the card `question` of the deck named `deck` in the schedule as the
    /// schedule now has it (suspended, reset…).
    private func showSchedule(of question: String, deck: String) {
        if let schedule = planner.schedule(deck: deck) { browser.update(question, deck: deck, schedule: schedule) }
    }
}
