import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// The decks a learner can choose, and the one in use: bundled, imported, or a file
/// given with `--deck`. Choosing one remembers it and gives it to the challenge and
/// the flash cards; a deck that cannot be used is reported in words, and Kuchi Basics
/// is used instead.
///
/// A deck file larger than ``backgroundLoadSize`` is read and checked on a thread of
/// its own, so the window shows (and stays responsive) while it loads; the one chosen
/// at start-up is read once the window has been painted (``loadPendingDeck()``), so
/// the first frame never waits for it nor shares the machine with it. Meanwhile the
/// models hold an empty stand-in under the deck's own key (``placeholder(named:)``):
/// no question, no flash card, nothing to answer, and nothing planned against
/// another deck; ``loadingName`` says which deck is coming, and the pages that show
/// the deck say so. Choosing another deck (or opening one) meanwhile wins: the load's
/// result is dropped when it comes.
@MainActor @Observable
final class DeckShelf {
    /// Every deck to choose from, for the Settings page.
    private(set) var entries: [DeckEntry] = []
    /// The deck in use: an entry's id, or nil for a file opened with `--deck`.
    private(set) var currentID: String?
    /// The deck in use's name in the schedule: its id, or for a deck opened from a file
    /// (`--deck`) the name written in it, not its path: the file may move and keep its
    /// schedule, and two files with the same name share one.
    var currentKey: String { currentID ?? "file:\(currentName)" }
    /// The deck in use's name, for the window's subtitle.
    private(set) var currentName = Deck.kuchiBasics.name
    /// The name of the deck being loaded in the background, while it loads.
    private(set) var loadingName: String?
    /// Whether the deck in use is still loading (the models hold no cards yet).
    var isLoading: Bool { loadingName != nil }
    /// Whether the load has taken longer than ``slowLoad``: worth a spinner. (A
    /// spinner for the few milliseconds most loads take would only flicker, and under
    /// software rendering its first frame costs about 7 MiB.)
    private(set) var isLoadingSlowly = false
    /// An Anki package waiting for the learner to choose its fields, while the field
    /// dialog shows (``importDeck(_:)``).
    private(set) var fieldMappingChoice: FieldMappingChoice?
    /// The file being imported in the background (``importInBackground(_:)``), by name.
    private(set) var importingName: String?

    /// The deck in use, as handed to the models (the empty stand-in while one loads).
    @ObservationIgnored private(set) var currentDeck = Deck.kuchiBasics
    @ObservationIgnored let catalog: DeckCatalog
    @ObservationIgnored private let users: UserManager
    /// Where an imported package's review history goes.
    @ObservationIgnored private let planner: StudyPlanner?
    @ObservationIgnored private let challenges: ChallengesViewModel
    @ObservationIgnored private let learn: LearnSession
    @ObservationIgnored private let typing: TypingSession
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

    /// How many of a deck's problems the window lists; `--check-deck` lists them all.
    static let problemsShown = 5

    /// Deck files larger than this (256 KiB on disk) load in the background; smaller
    /// ones, like Kuchi Basics, JLPT N5 and N4 (about 56 KiB, a millisecond or two),
    /// load at once. Past it a deck takes long enough to read and check (the JLPT N1
    /// deck, about 3,500 cards with example sentences, 800 KiB: 10 to 16 ms in a release
    /// build on the 2-core development machine, several times that in a debug build)
    /// to hold up the first frame or a click in Settings.
    nonisolated static let backgroundLoadSize = 256 << 10
    /// How long a load goes on before the pages show a spinner.
    static let slowLoad = Duration.seconds(1)

    /// - Parameters:
    ///   - current: the deck the models were made with (``restored(id:from:)``).
    ///   - loadGate: runs on the loading thread before a large deck is read there.
    init(
        catalog: DeckCatalog, users: UserManager, challenges: ChallengesViewModel, learn: LearnSession,
        typing: TypingSession, state: AppState, current: Restored, planner: StudyPlanner? = nil,
        loadGate: @escaping @Sendable () -> Void = {}
    ) {
        self.catalog = catalog
        self.planner = planner
        self.loadGate = loadGate
        self.users = users
        self.challenges = challenges
        self.learn = learn
        self.typing = typing
        self.state = state
        entries = catalog.entries()
        currentID = current.id
        currentName = current.deck.name
        currentDeck = current.deck
        if let problem = current.problem { state.problems.append(problem) }
        if current.isPending {
            pending = current.id
            loadingName = current.deck.name
        }
    }

    /// Starts loading the large deck named in the settings, if it is still the one
    /// wanted: the main window calls this once it has been painted.
    func loadPendingDeck() {
        guard let id = pending else { return }
        pending = nil
        guard id == currentID, let name = loadingName else { return }
        let catalog = catalog
        load(name: name, id: id, remember: false, file: id) { () throws(DeckError) -> Deck in try catalog.load(id: id) }
    }

    /// The deck to start with, its id, and why it is Kuchi Basics instead, if so.
    struct Restored {
        var deck: Deck
        var id: String
        var problem: String?
        /// Whether `deck` is the empty stand-in for a large deck, which the shelf
        /// loads in the background once it is made.
        var isPending = false
    }

    /// Loads the deck named in the settings (at start-up), or Kuchi Basics with the
    /// problem, before the models that use it are made (so nothing is planned twice).
    /// A large deck is not read here: the models start with its stand-in, and the
    /// shelf loads it in the background.
    static func restored(id: String, from catalog: DeckCatalog) -> Restored {
        if let file = catalog.file(id: id), let size = BoundedRead.size(of: LocalPath(file)),
           size > backgroundLoadSize
        {
            let name = DeckHeader.read(contentsOf: file)?.name ?? id
            return Restored(deck: placeholder(named: name), id: id, problem: nil, isPending: true)
        }
        do {
            return Restored(deck: try catalog.load(id: id), id: id, problem: nil)
        } catch {
            return Restored(deck: .kuchiBasics, id: "kuchi-basics", problem: message(for: error, file: id))
        }
    }

    /// Uses the deck with `id` and remembers the choice (once it has loaded).
    func select(_ id: String) {
        guard id != currentID else { return }
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

    /// Imports the deck in `path`, lists it and uses it; a refused file is shown
    /// in a dialog, in words. Returns the problem, if any, for a command line.
    ///
    /// An Anki package whose field names do not say which is the word, the reading and
    /// the meaning is imported once the learner has chosen them
    /// (``fieldMappingChoice``); until then this returns nil.
    @discardableResult
    func importDeck(_ path: LocalPath) -> String? {
        do {
            let mappings = try DeckImporter.fieldMappings(of: path)
            if let choice = FieldMappingChoice(path: path, mappings: mappings) {
                fieldMappingChoice = choice
                return nil
            }
            return importDeck(path, mappings: mappings)
        } catch {
            return refuse(path, error)
        }
    }

    /// The file chooser's import: as ``importDeck(_:)``, but the file is read, and the
    /// deck and its sounds written, on a thread of their own, so the window goes on
    /// while a large Anki package (25,000 notes: about 2 s) is unpacked. Only the end
    /// (listing the deck, replaying its history, the toast) is on the main actor. One
    /// import at a time: another asked for meanwhile is ignored.
    func importInBackground(_ path: LocalPath) {
        guard importingName == nil else { return }
        importingName = "\(path.lastComponent)"
        Task.detached(priority: .userInitiated) { [weak self] in
            let mappings = Result { () throws(DeckError) -> [AnkiFieldMapping] in try DeckImporter.fieldMappings(of: path) }
            MainLoop.perform { self?.mappingsRead(path, mappings) }
        }
    }

    private func mappingsRead(_ path: LocalPath, _ result: Result<[AnkiFieldMapping], DeckError>) {
        switch result {
        case .failure(let error):
            importingName = nil
            refuse(path, error)
        case .success(let mappings):
            if let choice = FieldMappingChoice(path: path, mappings: mappings) {
                importingName = nil
                fieldMappingChoice = choice
            } else {
                importInBackground(path, mappings: mappings)
            }
        }
    }

    private func importInBackground(_ path: LocalPath, mappings: [AnkiFieldMapping]) {
        importingName = "\(path.lastComponent)"
        let catalog = catalog
        Task.detached(priority: .userInitiated) { [weak self] in
            let result = Result { () throws(DeckError) -> (entry: DeckEntry, imported: ImportedDeck) in
                try catalog.import(path, mappings: mappings)
            }
            MainLoop.perform { self?.finishImport(path, result) }
        }
    }

    private func finishImport(_ path: LocalPath, _ result: Result<(entry: DeckEntry, imported: ImportedDeck), DeckError>) {
        importingName = nil
        switch result {
        case .success(let (entry, imported)): use(entry, imported)
        case .failure(let error): refuse(path, error)
        }
    }

    /// The field dialog's answer: the next note type's question, or the import.
    func confirmFieldMapping() {
        guard let choice = fieldMappingChoice, choice.confirm() else { return }
        fieldMappingChoice = nil
        importInBackground(choice.path, mappings: choice.mappings)
    }

    func cancelFieldMapping() {
        fieldMappingChoice = nil
    }

    @discardableResult
    private func importDeck(_ path: LocalPath, mappings: [AnkiFieldMapping]) -> String? {
        do {
            let (entry, imported) = try catalog.import(path, mappings: mappings)
            use(entry, imported)
            return nil
        } catch {
            return refuse(path, error)
        }
    }

    /// Lists the deck just imported and uses it; replays its history; says so.
    private func use(_ entry: DeckEntry, _ imported: ImportedDeck) {
        entries = catalog.entries()
        select(entry.id)
        state.toaster.show(historyAndSkips(of: imported, named: entry.name, id: entry.id))
    }

    @discardableResult
    private func refuse(_ path: LocalPath, _ error: DeckError) -> String {
        let text = error.problems.prefix(Self.problemsShown).map { PrintableText.escaping($0.description) }
            .joined(separator: "\n")
        state.importFailure = (
            title: tr("Could not import {file}", ["file": "\(path.lastComponent)"]),
            message: tr("Kuchi did not import this file. Fix what is listed below and import it again.") + "\n\n" + text)
        return text
    }

    /// Replays an Anki package's review history into the deck's cards (recognition:
    /// Anki's cards are word → meaning), and says what was imported, what kept, and
    /// what left out.
    private func historyAndSkips(of imported: ImportedDeck, named name: String, id: String) -> String {
        var sentences = [tr("Imported “{deck}”.", ["deck": name])]
        if !imported.reviews.isEmpty, let planner {
            do {
                let history = try planner.importHistory(imported.reviews, deck: PracticeDirection.recognition.scheduleKey(for: id))
                if history.cards > 0 {
                    sentences.append(trn(
                        "Its history came along: {count} review.", "Its history came along: {count} reviews.", history.reviews))
                }
                if history.cardsKept > 0 {
                    sentences.append(trn(
                        "{count} card you had already studied kept its history in Kuchi.",
                        "{count} cards you had already studied kept their history in Kuchi.", history.cardsKept))
                }
            } catch {
                sentences.append(tr("Its review history could not be saved: {reason}.", ["reason": error.description]))
            }
        }
        if let skipped = imported.skipped.sentence { sentences.append(skipped) }
        return sentences.joined(separator: " ")
    }

    /// Where the card's own recording is (an Anki package's sound, kept in the deck's
    /// media folder), if it has one and the file is there.
    func recordingPath(for card: Challenge?) -> String? {
        guard let audio = card?.audio, let id = currentID else { return nil }
        let path = catalog.mediaFolder(id: id).appendingPathComponent(audio).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// An empty deck standing for the deck `name` while it loads.
    static func placeholder(named name: String) -> Deck {
        Deck(name: name, language: "ja", cards: [])
    }

    /// Gives the models the stand-in for a deck and loads the deck with `loader` on a
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
        hand(Self.placeholder(named: name), id: id)
        loadingName = name
        isLoadingSlowly = false
        let gate = loadGate
        Task.detached(priority: .userInitiated) { [weak self] in
            gate()
            let result = Result { () throws(DeckError) -> Deck in try loader() }
            // Handed back through the GLib loop, which the app (and a test) runs.
            let shelf = self
            MainLoop.perform {
                shelf?.finishLoading(result, generation: generation, id: id, remember: remember, file: file)
            }
        }
        MainLoop.after(Self.slowLoad) { [weak self] in
            guard let self, generation == self.generation else { return }
            isLoadingSlowly = true
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
        loadingName = nil
        isLoadingSlowly = false
        pending = nil
        hand(deck, id: id)
    }

    /// Uses `deck`, the deck in use as the learner changed it (an edit, a card
    /// deleted), in place of the one in use.
    func replaceCurrent(with deck: Deck) {
        use(deck, id: currentID)
    }

    private func hand(_ deck: Deck, id: String?) {
        currentID = id
        currentName = deck.name
        currentDeck = deck
        challenges.use(deck, key: currentKey)
        learn.use(deck, key: currentKey)
        typing.use(deck, key: currentKey)
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
