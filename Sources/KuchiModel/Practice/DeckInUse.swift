import Observation

/// The deck in use: the one deck the practice modes ask from, the card browser shows
/// and the statistics count, with its name in the schedule and its questions.
///
/// It has one owner: whatever chooses decks gives it the deck chosen
/// (``use(_:key:catalogID:)``), and everything else reads it from here, never a copy.
/// The practice modes built on it follow a change at once, each starting a new round
/// on the new deck; what shows the deck follows it by observation.
///
/// While a large deck loads (``isLoading``), ``deck`` is an empty stand-in under the
/// coming deck's own name and key: nothing is asked, shown or planned against another
/// deck meanwhile.
@MainActor
@Observable
public final class DeckInUse {
    /// The cards (none while the deck loads).
    public private(set) var deck: Deck
    /// The deck's name in the schedule: its identifier, and the prefix of each
    /// direction's (``PracticeDirection/scheduleKey(for:)``).
    public private(set) var key: String
    /// The deck's identifier in its ``DeckCatalog``; nil for a deck file opened on its own.
    public private(set) var catalogID: String?
    /// Whether the deck is still loading: ``deck`` is its empty stand-in.
    public private(set) var isLoading = false
    /// Whether the load has taken long enough to be worth a spinner (``loadIsSlow()``).
    public private(set) var isLoadingSlowly = false
    /// The deck's questions and where each stands, built once per deck.
    private(set) var questions: DeckQuestions
    /// The practice modes to tell of a new deck (``whenChanged(_:)``).
    @ObservationIgnored private var followers: [@MainActor () -> Void] = []

    /// The deck's name, as the window's subtitle shows it (the coming deck's while it loads).
    public var name: String { deck.name }

    /// `deck` in use, named `key` in the schedule (its name without one).
    public init(_ deck: Deck, key: String? = nil, catalogID: String? = nil) {
        self.deck = deck
        self.key = key ?? deck.name
        self.catalogID = catalogID
        questions = DeckQuestions(deck)
    }

    /// The stand-in for the deck `name` while it loads, under its own key.
    public static func loading(named name: String, key: String, catalogID: String?) -> DeckInUse {
        let inUse = DeckInUse(placeholder(named: name), key: key, catalogID: catalogID)
        inUse.isLoading = true
        return inUse
    }

    /// Uses `deck` from now on, named `key` in the schedule (its name without one); a
    /// load under way is over. The practice modes start again on it, unless it is the
    /// deck in use already.
    public func use(_ deck: Deck, key: String? = nil, catalogID: String? = nil) {
        finishLoading()
        replace(deck, key: key ?? deck.name, catalogID: catalogID)
    }

    /// Shows the stand-in for the deck `name`, which is loading: nothing to ask or show
    /// until ``use(_:key:catalogID:)`` gives the deck.
    public func beginLoading(named name: String, key: String, catalogID: String?) {
        isLoading = true
        if isLoadingSlowly { isLoadingSlowly = false }
        replace(Self.placeholder(named: name), key: key, catalogID: catalogID)
    }

    /// The load under way has taken a while: worth a spinner.
    public func loadIsSlow() {
        guard isLoading else { return }
        isLoadingSlowly = true
    }

    /// Calls `reaction` after every change of deck; a practice mode starts a new round
    /// in it. Reactions run in the order they were given, and live as long as this does.
    func whenChanged(_ reaction: @escaping @MainActor () -> Void) {
        followers.append(reaction)
    }

    private func finishLoading() {
        if isLoading { isLoading = false }
        if isLoadingSlowly { isLoadingSlowly = false }
    }

    private func replace(_ deck: Deck, key: String, catalogID: String?) {
        if catalogID != self.catalogID { self.catalogID = catalogID }
        guard deck != self.deck || key != self.key else { return }
        self.deck = deck
        self.key = key
        questions = DeckQuestions(deck)
        for follower in followers { follower() }
    }

    /// An empty deck standing for the deck `name` while it loads.
    private static func placeholder(named name: String) -> Deck {
        Deck(name: name, language: "ja", cards: [])
    }
}
