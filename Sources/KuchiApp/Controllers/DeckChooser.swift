import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// Choosing the deck in use among the decks: bundled, imported (``DeckImports`` adds
/// them), or a file given with `--deck`. Choosing one remembers it and makes it the
/// deck in use (``DeckInUse``, which the practice modes, the card browser and the
/// statistics read); a deck that cannot be used is reported in words, and Kuchi Basics
/// is used instead.
///
/// A deck file larger than ``backgroundLoadSize`` is read and checked on a thread of
/// its own, so the window shows (and stays responsive) while it loads; the one chosen
/// at start-up is read once the window has been painted (``loadPendingDeck()``), so
/// the first frame never waits for it nor shares the machine with it. Meanwhile the
/// deck in use is an empty stand-in under the deck's own key
/// (``DeckInUse/beginLoading(named:key:catalogID:)``): no question, no flash card,
/// nothing to answer, and nothing planned against another deck; the pages that show
/// the deck say which one is coming. Choosing another deck (or opening one) meanwhile
/// wins: the load's result is dropped when it comes.
@MainActor @Observable
final class DeckChooser {
    /// Every deck to choose from, for the Settings page.
    private(set) var entries: [DeckEntry] = []

    @ObservationIgnored let catalog: DeckCatalog
    /// Where the deck chosen goes: the one owner of the deck in use.
    @ObservationIgnored let inUse: DeckInUse
    @ObservationIgnored private let users: UserManager
    @ObservationIgnored private let state: AppState
    /// Counts deck changes, so a background load that was overtaken is dropped.
    @ObservationIgnored private var generation = 0
    /// Runs on the loading thread before a deck is read there (tests hold a load with it).
    @ObservationIgnored private let loadGate: @Sendable () -> Void
    /// The large deck named in the settings at start-up, until ``loadPendingDeck()``.
    @ObservationIgnored private var pending: String?
    /// How many background loads have come back to the main actor, used or dropped
    /// (tests wait on it rather than on time).
    @ObservationIgnored private(set) var finishedLoads = 0
    /// Notes a change of a deck's cards (the catalog's `recording`) for sync before the
    /// deck is written: ``Syncing/record(_:deck:)``, set once both are made.
    @ObservationIgnored var recordCardChanges: @MainActor (_ changes: [SyncEvent.Body], _ deck: String) throws(DeckError) -> Void = {
        _, _ throws(DeckError) in
    }

    /// Notes the removal of an imported deck for sync before its files go
    /// (``Syncing/noteDeckRemoved(id:name:)``, set once both are made); returns why it
    /// could not, or nil.
    @ObservationIgnored var noteDeckRemoved: @MainActor (_ id: String, _ name: String) -> String? = { _, _ in nil }
    /// The imported deck the learner asked to remove, while the confirmation is shown.
    var removal: DeckEntry?

    /// How many of a deck's problems the window lists (here, for an import, in the card
    /// browser); `--check-deck` lists them all.
    nonisolated static let problemsShown = 5

    /// Deck files larger than this (256 KiB on disk) load in the background; smaller
    /// ones, like Kuchi Basics, JLPT N5 and N4 (about 56 KiB, a millisecond or two),
    /// load at once. Past it a deck takes long enough to read and check (the JLPT N1
    /// deck, about 3,500 cards with example sentences, 800 KiB: 10 to 16 ms in a release
    /// build on the 2-core development machine, several times that in a debug build)
    /// to hold up the first frame or a click in Settings.
    nonisolated static let backgroundLoadSize = 256 << 10
    /// How long a load goes on before the pages show a spinner. (A spinner for the few
    /// milliseconds most loads take would only flicker, and under software rendering
    /// its first frame costs about 7 MiB.)
    static let slowLoad = Duration.seconds(1)

    /// - Parameters:
    ///   - restored: the deck in use the models were made with (``restored(id:from:)``),
    ///     and why it is not the one the settings name, if so.
    ///   - loadGate: runs on the loading thread before a large deck is read there.
    init(
        catalog: DeckCatalog, users: UserManager, state: AppState, restored: Restored,
        loadGate: @escaping @Sendable () -> Void = {}
    ) {
        self.catalog = catalog
        inUse = restored.inUse
        self.loadGate = loadGate
        self.users = users
        self.state = state
        entries = catalog.entries()
        if let problem = restored.problem { state.problems.append(problem) }
        if inUse.isLoading { pending = inUse.catalogID }
    }

    /// Starts loading the large deck named in the settings, if it is still the one
    /// wanted: the main window calls this once it has been painted.
    func loadPendingDeck() {
        guard let id = pending else { return }
        pending = nil
        guard id == inUse.catalogID, inUse.isLoading else { return }
        let catalog = catalog
        load(name: inUse.name, id: id, remember: false, file: id) { () throws(DeckError) -> Deck in
            try catalog.load(id: id)
        }
    }

    /// The deck in use to start with, and why it is Kuchi Basics instead, if so.
    struct Restored {
        /// The deck in use: the one the settings name, or the stand-in for it while a
        /// large one waits to load (``loadPendingDeck()``), or Kuchi Basics.
        var inUse: DeckInUse
        var problem: String?
    }

    /// Loads the deck named in the settings (at start-up), or Kuchi Basics with the
    /// problem, before the models that use it are made (so nothing is planned twice).
    /// A large deck is not read here: the models start with its stand-in, and the
    /// chooser loads it in the background.
    static func restored(id: String, from catalog: DeckCatalog) -> Restored {
        if let file = catalog.file(id: id), let size = BoundedRead.size(of: LocalPath(file)),
           size > backgroundLoadSize
        {
            let name = DeckHeader.read(contentsOf: file)?.name ?? id
            return Restored(inUse: .loading(named: name, key: id, catalogID: id), problem: nil)
        }
        do {
            return Restored(inUse: DeckInUse(try catalog.load(id: id), key: id, catalogID: id), problem: nil)
        } catch {
            let basics = "kuchi-basics"
            return Restored(
                inUse: DeckInUse(.kuchiBasics, key: basics, catalogID: basics), problem: message(for: error, file: id))
        }
    }

    /// A deck's name in the schedule: its id, or for a deck opened from a file (`--deck`)
    /// the name written in it, not its path: the file may move and keep its schedule,
    /// and two files with the same name share one.
    static func scheduleKey(catalogID: String?, name: String) -> String {
        catalogID ?? "file:\(name)"
    }

    /// Uses the deck with `id` and remembers the choice (once it has loaded).
    func select(_ id: String) {
        guard id != inUse.catalogID else { return }
        let name = entries.first { $0.id == id }?.name ?? id
        if let file = catalog.file(id: id), let size = BoundedRead.size(of: LocalPath(file)),
           size > Self.backgroundLoadSize
        {
            let catalog = catalog
            load(name: name, id: id, remember: true, file: name) { () throws(DeckError) -> Deck in
                try catalog.load(id: id)
            }
            return
        }
        do {
            use(try catalog.load(id: id), id: id)
            users.settings.deck = id
        } catch {
            fallBack(problem: Self.message(for: error, file: name))
        }
    }

    /// Uses the deck in `path` without importing or remembering it (`--deck FILE`).
    func open(_ path: LocalPath) {
        if let size = BoundedRead.size(of: path), size > Self.backgroundLoadSize {
            let name = DeckHeader.read(path: path)?.name ?? path.lastComponent.description
            load(name: name, id: nil, remember: false, file: path.description) { () throws(DeckError) -> Deck in
                try DeckLoader.load(path: path)
            }
            return
        }
        do {
            use(try DeckLoader.load(path: path), id: nil)
        } catch {
            fallBack(problem: Self.message(for: error, file: path.description))
        }
    }

    /// Where the card's own recording is (an Anki package's sound, kept in the deck's
    /// media folder), if it has one and the file is there.
    func recordingPath(for card: Challenge?) -> String? {
        guard let audio = card?.audio, let id = inUse.catalogID else { return nil }
        let path = catalog.mediaFolder(id: id).appendingPathComponent(audio).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Makes the stand-in for a deck the deck in use and loads the deck with `loader` on a
    /// thread of its own; once it is read, on the main actor, uses it (remembering
    /// the choice if `remember`), or falls back to Kuchi Basics with its problems,
    /// named after `file`. Any deck change before then drops the result.
    private func load(
        name: String, id: String?, remember: Bool, file: String,
        _ loader: @escaping @Sendable () throws(DeckError) -> Deck
    ) {
        generation += 1
        let generation = generation
        pending = nil
        inUse.beginLoading(named: name, key: Self.scheduleKey(catalogID: id, name: name), catalogID: id)
        let gate = loadGate
        Task.detached(priority: .userInitiated) { [weak self] in
            gate()
            let result = Result { () throws(DeckError) -> Deck in try loader() }
            // Handed back through the GLib loop, which the app (and a test) runs.
            let chooser = self
            MainLoop.perform {
                chooser?.finishLoading(result, generation: generation, id: id, remember: remember, file: file)
            }
        }
        MainLoop.after(Self.slowLoad) { [weak self] in
            guard let self, generation == self.generation else { return }
            inUse.loadIsSlow()
        }
    }

    private func finishLoading(
        _ result: Result<Deck, DeckError>, generation: Int, id: String?, remember: Bool, file: String
    ) {
        finishedLoads += 1
        guard generation == self.generation else { return }
        switch result {
        case .success(let deck):
            use(deck, id: id)
            if remember, let id { users.settings.deck = id }
        case .failure(let error):
            fallBack(problem: Self.message(for: error, file: file))
        }
    }

    /// Uses `deck` from now on; a load under way is no longer wanted.
    private func use(_ deck: Deck, id: String?) {
        generation += 1
        pending = nil
        inUse.use(deck, key: Self.scheduleKey(catalogID: id, name: deck.name), catalogID: id)
    }

    /// Uses `deck`, the deck in use as the learner changed it (an edit, a card
    /// deleted), in place of the one in use.
    func replaceCurrent(with deck: Deck) {
        use(deck, id: inUse.catalogID)
    }

    /// Adds `card` to the learner's deck `id` (``KuchiModel/DeckCatalog/add(_:to:recording:)``:
    /// "My Words" is made with its first word), for "Add a Word" and for dictionary apps:
    /// the list of decks follows, and the deck in use, if it is that one, has the card at
    /// once (new in its schedule). Returns the deck's name.
    @discardableResult
    func add(_ card: Challenge, to id: String) throws(DeckError) -> String {
        let deck = try catalog.add(card, to: id) { changes throws(DeckError) in try recordCardChanges(changes, id) }
        changed(deck, id: id)
        return deck.name
    }

    /// Edits the card `question` of the deck `id` (``KuchiModel/DeckCatalog/edit(question:reading:answer:deck:recording:)``),
    /// noting the change for sync; returns the deck as it now loads.
    func edit(question: String, reading: String, answer: String, deck id: String) throws(DeckError) -> Deck {
        try catalog.edit(question: question, reading: reading, answer: answer, deck: id) { changes throws(DeckError) in
            try recordCardChanges(changes, id)
        }
    }

    /// Deletes the card `question` of the imported deck `id`
    /// (``KuchiModel/DeckCatalog/delete(question:deck:recording:)``), noting the deletion
    /// for sync; returns the deck as it now loads.
    func delete(question: String, deck id: String) throws(DeckError) -> Deck {
        try catalog.delete(question: question, deck: id) { changes throws(DeckError) in try recordCardChanges(changes, id) }
    }

    /// The decks `ids` changed on another computer (a sync merge applied them): the
    /// list of decks follows, and the deck in use, if it is one of them, is read again.
    /// Only between sessions: a merge never runs while one is under way.
    func changedElsewhere(_ ids: [String]) {
        guard let id = inUse.catalogID, ids.contains(id) else {
            entries = catalog.entries()
            return
        }
        do throws(DeckError) {
            changed(try catalog.load(id: id), id: id)
        } catch {
            entries = catalog.entries()
            state.problems.append(Self.message(for: error, file: "\(id).json"))
        }
    }

    /// The deck `id` is now `deck` (a word added here or elsewhere): the one place the
    /// list of decks and the deck in use follow a change of a deck's cards.
    private func changed(_ deck: Deck, id: String) {
        entries = catalog.entries()
        if inUse.catalogID == id { use(deck, id: id) }
    }

    /// This computer's imported deck `from` now has the id `to` (a sync merge moved it:
    /// another computer's different deck took `from`): the deck in use follows it.
    func followMove(from: String, to: String) {
        entries = catalog.entries()
        if inUse.catalogID == from { select(to) }
    }

    /// Lists the decks again, one having just been imported, and uses the deck `id`.
    func useImported(_ id: String) {
        catalogChanged()
        select(id)
    }

    /// Lists the decks again: after an import, and after a sync installed or removed
    /// an imported deck. The deck in use gone (removed here or on another computer),
    /// Kuchi Basics is used, as for a deck that is missing, and remembered.
    func catalogChanged() {
        entries = catalog.entries()
        if let id = inUse.catalogID, !entries.contains(where: { $0.id == id }) {
            use(.kuchiBasics, id: "kuchi-basics")
            users.settings.deck = "kuchi-basics"
        }
    }

    /// The deck in use if the learner imported it: the one Settings offers to remove
    /// (bundled decks, Kuchi Basics and My Words are never removed).
    var removableDeck: DeckEntry? {
        entries.first { $0.id == inUse.catalogID && $0.origin == .imported }
    }

    /// Asks to remove the deck in use (``removableDeck``): the window confirms.
    func askToRemove() {
        removal = removableDeck
    }

    /// Keeps the deck asked about.
    func cancelRemoval() {
        removal = nil
    }

    /// Removes the deck asked about: its file and sounds. The removal is noted for sync
    /// first, so a kill between the two still removes it everywhere; if it cannot be
    /// noted, the deck stays and a toast says why. Its review history stays in the
    /// database (the statistics count it; a deck imported again gets a new id).
    func confirmRemoval() {
        guard let deck = removal else { return }
        removal = nil
        if let reason = noteDeckRemoved(deck.id, deck.name) {
            state.toaster.show(tr("{deck} could not be removed: {reason}", ["deck": deck.name, "reason": reason]))
            return
        }
        catalog.remove(id: deck.id)
        catalogChanged()
        state.toaster.show(tr("{deck} was removed", ["deck": deck.name]))
    }

    private func fallBack(problem: String) {
        state.problems.append(problem)
        use(.kuchiBasics, id: "kuchi-basics")
    }

    private static func message(for error: DeckError, file: String) -> String {
        var lines = [tr("The deck {file} could not be used, so Kuchi Basics is shown instead. Fix the problems below and open the deck again:", ["file": file])]
        lines += error.problems.prefix(Self.problemsShown).map { "• " + PrintableText.escaping($0.description) }
        if error.problems.count > Self.problemsShown {
            lines.append(tr("… and more: run “kuchi --check-deck FILE” to list them all."))
        }
        return lines.joined(separator: "\n")
    }
}

extension DeckError {
    /// The first ``DeckChooser/problemsShown`` problems, one a line, their control
    /// characters escaped: what a dialog says of a file or a card that was refused.
    var shownProblems: String {
        problems.prefix(DeckChooser.problemsShown).map { PrintableText.escaping($0.description) }.joined(separator: "\n")
    }
}
