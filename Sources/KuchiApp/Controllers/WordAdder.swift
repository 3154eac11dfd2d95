import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// "Add a Word" (Ctrl+N, the main menu, the card browser's Add…): a word the learner met
/// today, with its reading, meaning and an example, into one of their own decks ("My
/// Words", made with its first word, or a deck they imported).
///
/// Typing the word looks it up in the bundled dictionary (``KuchiModel/JapaneseDictionary``,
/// by word, kana or romaji): the best entry that is exactly what was typed fills the
/// reading and the meaning, until the learner types in either themselves; the entries
/// found are offered as a list, and choosing one fills all three. A word already in a
/// deck is named ("Already in JLPT N3"), found on a thread of its own; it can still be
/// added to the learner's own deck. Adding goes through ``DeckChooser/add(_:to:)``: the
/// card is checked as a deck's, saved atomically, and new in the schedule at once.
@MainActor @Observable
final class WordAdder {
    /// Whether the dialog shows.
    private(set) var isPresented = false
    /// The word as the learner types it.
    var word = "" {
        didSet { if word != oldValue { lookUp() } }
    }
    var reading = ""
    var meaning = ""
    var sentence = ""
    var sentenceMeaning = ""
    /// The position of the deck chosen in ``decks``.
    var deckIndex = 0
    /// The decks a word can go into, as the dialog opened.
    private(set) var decks: [DeckEntry] = []
    /// What the dictionary found for ``word``, best first.
    private(set) var suggestions: [DictionaryMatch] = []
    /// The names of the decks that already have ``word``.
    private(set) var alreadyIn: [String] = []
    /// Why the dictionary cannot be used, if it cannot.
    private(set) var dictionaryProblem: String?
    /// How many suggestions the dialog lists.
    static let suggestionsShown = 5

    @ObservationIgnored private let dictionary: JapaneseDictionary?
    @ObservationIgnored private let chooser: DeckChooser
    @ObservationIgnored private let state: AppState
    /// Whether the learner typed the reading or the meaning themselves: a lookup then
    /// leaves it alone.
    @ObservationIgnored private var readingTyped = false
    @ObservationIgnored private var meaningTyped = false
    /// Which lookup of the decks is the latest (an older one's answer is dropped).
    @ObservationIgnored private var deckSearch = 0

    init(dictionary: JapaneseDictionary?, chooser: DeckChooser, state: AppState) {
        self.dictionary = dictionary
        self.chooser = chooser
        self.state = state
    }

    /// Opens the dialog, empty, on the deck chosen last (My Words at first).
    func open() {
        let chosen = decks.indices.contains(deckIndex) ? decks[deckIndex].id : DeckCatalog.ownWordsID
        decks = chooser.catalog.ownDecks()
        deckIndex = decks.firstIndex { $0.id == chosen } ?? 0
        word = ""
        reading = ""
        meaning = ""
        sentence = ""
        sentenceMeaning = ""
        readingTyped = false
        meaningTyped = false
        isPresented = true
    }

    func cancel() { isPresented = false }

    /// The reading, as the form binds it: typing it keeps it from lookups.
    var typedReading: Binding<String> {
        Binding(get: { self.reading }, set: { self.reading = $0; self.readingTyped = !$0.isEmpty })
    }

    /// The meaning, likewise.
    var typedMeaning: Binding<String> {
        Binding(get: { self.meaning }, set: { self.meaning = $0; self.meaningTyped = !$0.isEmpty })
    }

    /// Whether Add can be pressed: a word in Japanese (romaji finds it, but the card
    /// holds it as written: choose it from the list) and a meaning.
    var canAdd: Bool {
        word.unicodeScalars.contains { Kana.isKana($0) || Kana.isKanji($0) } && !meaning.trimmingWhitespace().isEmpty
    }

    /// Fills the form from the suggestion at `index`.
    func choose(_ index: Int) {
        guard suggestions.indices.contains(index) else { return }
        let match = suggestions[index]
        // The word first: its own lookup fills from the best entry, which the chosen
        // one then replaces (日本 read にっぽん is not the best of 日本).
        word = match.word
        reading = match.reading
        meaning = match.meaning
        readingTyped = false
        meaningTyped = false
    }

    /// Adds the card; says so in a toast, or why not in a dialog (the form keeps what
    /// was typed, for Ctrl+N to bring back).
    func add() {
        guard canAdd, decks.indices.contains(deckIndex) else { return }
        let sentence = sentence.trimmingWhitespace()
        let card = Challenge(
            question: word.trimmingWhitespace(), reading: reading.trimmingWhitespace(), answer: meaning.trimmingWhitespace(),
            examples: sentence.isEmpty ? [] : [Example(ja: sentence, en: sentenceMeaning.trimmingWhitespace())])
        isPresented = false
        do {
            let deck = try chooser.add(card, to: decks[deckIndex].id)
            state.toaster.show(tr("Added {word} to {deck}", ["word": card.question, "deck": deck]))
        } catch {
            state.importFailure = (title: tr("Could not add {word}", ["word": card.question]), message: error.shownProblems)
        }
    }

    private func lookUp() {
        let typed = word.trimmingWhitespace()
        if let dictionary, !typed.isEmpty {
            do {
                suggestions = try dictionary.lookup(typed, .prefix, limit: Self.suggestionsShown)
                dictionaryProblem = nil
            } catch {
                suggestions = []
                dictionaryProblem = tr("The dictionary could not be read: {reason}", ["reason": "\(error)"])
            }
        } else {
            suggestions = []
        }
        if let best = suggestions.first, best.isExact, best.word == typed || best.reading == typed {
            if !readingTyped { reading = best.reading }
            if !meaningTyped { meaning = best.meaning }
        }
        findDecks(having: typed)
    }

    private func findDecks(having word: String) {
        deckSearch += 1
        let search = deckSearch
        alreadyIn = []
        guard !word.isEmpty else { return }
        let catalog = chooser.catalog
        Task.detached(priority: .utility) { [weak self] in
            let names = catalog.decks(containing: word).map(\.name)
            MainLoop.perform {
                guard let self, self.deckSearch == search else { return }
                self.alreadyIn = names
            }
        }
    }
}
