import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// The decks a learner can choose, and the one in use: bundled, imported, or a file
/// given with `--deck`. Choosing one remembers it and gives it to the challenge and
/// the flash cards; a deck that cannot be used is reported in words, and Kuchi Basics
/// is used instead.
@MainActor @Observable
final class DeckShelf {
    /// Every deck to choose from, for the Settings page.
    private(set) var entries: [DeckEntry] = []
    /// The deck in use: an entry's id, or nil for a file opened with `--deck`.
    private(set) var currentID: String?
    /// The deck in use's name, for the window's subtitle.
    private(set) var currentName = Deck.kuchiBasics.name

    @ObservationIgnored private let catalog: DeckCatalog
    @ObservationIgnored private let users: UserManager
    @ObservationIgnored private let challenges: ChallengesViewModel
    @ObservationIgnored private let learn: LearnSession
    @ObservationIgnored private let state: AppState

    /// How many of a deck's problems the window lists; `--check-deck` lists them all.
    static let problemsShown = 5

    /// - Parameter current: the deck the models were made with (``restored(id:from:)``).
    init(
        catalog: DeckCatalog, users: UserManager, challenges: ChallengesViewModel, learn: LearnSession,
        state: AppState, current: Restored
    ) {
        self.catalog = catalog
        self.users = users
        self.challenges = challenges
        self.learn = learn
        self.state = state
        entries = catalog.entries()
        currentID = current.id
        currentName = current.deck.name
        if let problem = current.problem { state.problems.append(problem) }
    }

    /// The deck to start with, its id, and why it is Kuchi Basics instead, if so.
    struct Restored {
        var deck: Deck
        var id: String
        var problem: String?
    }

    /// Loads the deck named in the settings (at start-up), or Kuchi Basics with the
    /// problem, before the models that use it are made (so nothing is planned twice).
    static func restored(id: String, from catalog: DeckCatalog) -> Restored {
        do {
            return Restored(deck: try catalog.load(id: id), id: id, problem: nil)
        } catch {
            return Restored(deck: .kuchiBasics, id: "kuchi-basics", problem: message(for: error, file: id))
        }
    }

    /// Uses the deck with `id` and remembers the choice.
    func select(_ id: String) {
        guard id != currentID else { return }
        do {
            use(try catalog.load(id: id), id: id)
            users.settings.deck = id
        } catch {
            fallBack(problem: Self.message(for: error, file: entries.first { $0.id == id }?.name ?? id))
        }
    }

    /// Uses the deck in `path` without importing or remembering it (`--deck FILE`).
    func open(_ path: LocalPath) {
        do {
            use(try DeckLoader.load(path: path), id: nil)
        } catch {
            fallBack(problem: Self.message(for: error, file: path.description))
        }
    }

    /// Imports the deck in `path`, lists it and uses it; a refused file is shown
    /// in a dialog, in words. Returns the problem, if any, for a command line.
    @discardableResult
    func importDeck(_ path: LocalPath) -> String? {
        do {
            let entry = try catalog.import(path)
            entries = catalog.entries()
            select(entry.id)
            state.toaster.show("Imported “\(entry.name)”")
            return nil
        } catch {
            let text = error.problems.prefix(Self.problemsShown).map { PrintableText.escaping($0.description) }
                .joined(separator: "\n")
            state.importFailure = (
                title: "Could not import \(path.lastComponent)",
                message: "Kuchi did not import this file. Fix what is listed below and import it again.\n\n\(text)")
            return text
        }
    }

    private func use(_ deck: Deck, id: String?) {
        currentID = id
        currentName = deck.name
        // A deck opened from a file (`--deck`) is scheduled under the name written in
        // it, not its path: the file may move and keep its schedule, and two files
        // with the same name share one.
        let key = id ?? "file:\(deck.name)"
        challenges.use(deck, key: key)
        learn.use(deck, key: key)
    }

    private func fallBack(problem: String) {
        state.problems.append(problem)
        use(.kuchiBasics, id: "kuchi-basics")
    }

    private static func message(for error: DeckError, file: String) -> String {
        var lines = ["The deck \(file) could not be used, so Kuchi Basics is shown instead. "
            + "Fix the problems below and open the deck again:"]
        lines += error.problems.prefix(Self.problemsShown).map { "• " + PrintableText.escaping($0.description) }
        if error.problems.count > Self.problemsShown {
            lines.append("… and more: run “kuchi --check-deck FILE” to list them all.")
        }
        return lines.joined(separator: "\n")
    }
}
