import FoundationEssentials
import Observation

/// The card browser's model: every card of a deck, or of every deck at once, with
/// where it stands, narrowed by a search as the learner types and put in the order
/// they choose.
///
/// ``visible`` is the list shown: indexes into ``cards``, so a change of one card
/// (suspended, edited) re-reads only that card, and a keystroke writes one array of
/// integers. Search is ``CardSearchIndex``, built at the first search; each order is
/// computed the first time it is asked for and kept until the cards change. Times are injected (``now``) so that
/// due dates in tests are exact.
@MainActor @Observable
public final class CardBrowser {
    /// The orders the browser offers.
    public enum Order: Int, CaseIterable, Sendable {
        /// As the deck has them: new cards in the order they will be learnt.
        case deck
        /// Soonest due first; new cards after, in deck order.
        case due
        /// New, learning, review, relearning, then suspended; each in deck order.
        case state
        /// By reading (or the word, without one), in kana order.
        case word
    }

    /// The decks' cards with where they stand, deck after deck, each in deck order.
    public private(set) var cards: [BrowsedCard] = []
    /// The decks shown (``BrowsedCard/deck`` is a position here): one, or every deck.
    public private(set) var decks: [BrowsedDeck] = []
    /// Whether every deck is shown rather than one (each row then names its deck).
    public private(set) var showsEveryDeck = false
    /// What the learner typed in the search field.
    public var query = "" {
        didSet { if query != oldValue { refresh() } }
    }
    /// The order of the list.
    public var order = Order.deck {
        didSet { if order != oldValue { refresh() } }
    }
    /// Whether only leeches show (the Leeches filter): cards of 8 lapses or more, to
    /// edit, suspend or reset (``Leech``).
    public var showsLeechesOnly = false {
        didSet { if showsLeechesOnly != oldValue { refresh() } }
    }
    /// The cards shown, as indexes into ``cards``.
    public private(set) var visible: [Int] = []
    /// The card selected in the list, as an index into ``cards``.
    public var selected: Int?
    /// When "due" is measured from.
    @ObservationIgnored public var now: () -> Date

    /// Built at the first search, not at opening: most openings never search.
    @ObservationIgnored private var index: CardSearchIndex?
    @ObservationIgnored private var orders: [Order: [Int]] = [:]
    /// Built when first asked for (``position(of:)``, ``update(_:schedule:)``).
    @ObservationIgnored private var positions: [Place: Int]?

    public init(now: @escaping () -> Date = { Date() }) {
        self.now = now
    }

    /// Shows `deck` (its name in the schedule `key`), its cards standing as `schedule`
    /// says (all new without one). The search and the order stay.
    public func show(_ deck: Deck, key: String, schedule: DeckSchedule?, isImported: Bool, catalogID: String? = nil) {
        show([BrowsedDeck(deck, key: key, catalogID: catalogID, schedule: schedule, isImported: isImported)], everyDeck: false)
    }

    /// Shows the cards of `decks`, deck after deck, each standing as its schedule says;
    /// `everyDeck` when they are every deck (each row then names its deck). The search
    /// and the order stay; the selection too, when the same decks are shown again.
    public func show(_ decks: [BrowsedDeck], everyDeck: Bool) {
        var cards: [BrowsedCard] = []
        cards.reserveCapacity(decks.reduce(0) { $0 + $1.deck.cards.count })
        for (position, shown) in decks.enumerated() {
            let schedule = shown.schedule ?? DeckSchedule()
            let isNew = schedule.cards.isEmpty && schedule.suspended.isEmpty
            for card in shown.deck.cards {
                // Most cards of a large deck are new: no lookup when nothing is stored.
                let scheduled = isNew ? nil : schedule.cards[card.question]
                cards.append(BrowsedCard(
                    card: card, state: scheduled.map { CardState($0.state) } ?? .new,
                    isSuspended: !isNew && schedule.suspended.contains(card.question), due: scheduled?.due,
                    isLeech: scheduled != nil && schedule.leeches.contains(card.question), deck: position))
            }
        }
        if decks.map(\.key) != self.decks.map(\.key) { selected = nil }
        self.decks = decks
        showsEveryDeck = everyDeck
        positions = nil
        self.cards = cards
        index = nil
        orders = [:]
        refresh()
    }

    /// The deck `card` is in.
    public func deck(of card: BrowsedCard) -> BrowsedDeck? {
        decks.indices.contains(card.deck) ? decks[card.deck] : nil
    }

    /// Whether the selected card's deck (or, with none selected, the one deck shown) is
    /// an imported one, whose cards may be deleted.
    public var isImportedDeck: Bool {
        if let selected, cards.indices.contains(selected) { return deck(of: cards[selected])?.isImported ?? false }
        return !showsEveryDeck && decks.first?.isImported == true
    }

    /// Where the card `question` of the deck named `key` in the schedule is in ``cards``.
    public func position(of question: String, deck key: String) -> Int? {
        guard let deck = decks.firstIndex(where: { $0.key == key }) else { return nil }
        if let positions { return positions[Place(deck: deck, question: question)] }
        var built: [Place: Int] = [:]
        built.reserveCapacity(cards.count)
        for (position, card) in cards.enumerated() {
            let place = Place(deck: card.deck, question: card.card.question)
            if built[place] == nil { built[place] = position }
        }
        positions = built
        return built[Place(deck: deck, question: question)]
    }

    /// A card's place: its deck (a position in ``decks``) and its word.
    private struct Place: Hashable {
        let deck: Int
        let question: String
    }

    /// Takes a card's new state after a change of the schedule (suspended, reset) of
    /// the deck named `key` (`schedule` is that deck's).
    public func update(_ question: String, deck key: String, schedule: DeckSchedule) {
        guard let position = position(of: question, deck: key) else { return }
        let scheduled = schedule.cards[question]
        cards[position].state = scheduled.map { CardState($0.state) } ?? .new
        cards[position].due = scheduled?.due
        cards[position].isSuspended = schedule.suspended.contains(question)
        cards[position].isLeech = schedule.leeches.contains(question)
        orders[.due] = nil
        orders[.state] = nil
        if order == .due || order == .state || showsLeechesOnly { refresh() }
    }

    /// How many cards the deck has, and how many show: "12 of 3,500 cards".
    public var summary: String {
        visible.count == cards.count ? trn("{count} card", "{count} cards", cards.count)
            : trn("{shown} of {count} card", "{shown} of {count} cards", cards.count, ["shown": visible.count.grouped])
    }

    private func refresh() {
        var order = ordered(self.order)
        if showsLeechesOnly { order = order.filter { cards[$0].isLeech } }
        guard !query.trimmingWhitespace().isEmpty else {
            if visible != order { visible = order }
            return
        }
        let index = self.index ?? CardSearchIndex(cards.map(\.card))
        self.index = index
        let matches = index.matches(query)
        var shown: [Int] = []
        shown.reserveCapacity(order.count)
        for card in order where matches[card] { shown.append(card) }
        visible = shown
    }

    private func ordered(_ order: Order) -> [Int] {
        if let known = orders[order] { return known }
        let all = Array(cards.indices)
        let sorted: [Int]
        switch order {
        case .deck:
            sorted = all
        case .due:
            let far = Date.distantFuture
            sorted = all.sorted { (cards[$0].due ?? far, $0) < (cards[$1].due ?? far, $1) }
        case .state:
            sorted = all.sorted { (cards[$0].status.rawValue, $0) < (cards[$1].status.rawValue, $1) }
        case .word:
            let keys = cards.map { Array(CardSearchIndex.fold($0.card.reading.isEmpty ? $0.card.question : $0.card.reading).utf8) }
            sorted = all.sorted { left, right in
                keys[left] == keys[right] ? left < right : keys[left].lexicographicallyPrecedes(keys[right])
            }
        }
        orders[order] = sorted
        return sorted
    }
}

/// A card as the browser shows it.
public struct BrowsedCard: Sendable, Equatable {
    public var card: Challenge
    public var state: CardState
    public var isSuspended: Bool
    /// When it is next due; nil for a new card.
    public var due: Date?
    /// Whether it is a leech: 8 lapses or more (``Leech``).
    public var isLeech: Bool
    /// Its deck, as a position in ``CardBrowser/decks``.
    public var deck: Int

    public init(card: Challenge, state: CardState, isSuspended: Bool, due: Date?, isLeech: Bool = false, deck: Int = 0) {
        self.card = card
        self.state = state
        self.isSuspended = isSuspended
        self.due = due
        self.isLeech = isLeech
        self.deck = deck
    }

    /// What the browser says of it: suspended, else its state.
    public var status: CardStatus { isSuspended ? .suspended : CardStatus(state) }
}

/// A deck the browser shows: its cards, its name in the schedule and in Kuchi's
/// decks, where its cards stand, and whether it is imported.
public struct BrowsedDeck: Sendable {
    public var deck: Deck
    /// Its name in the schedule (``DeckInUse/key``).
    public var key: String
    /// Its identifier in the ``DeckCatalog``; nil for a deck file opened on its own.
    public var catalogID: String?
    public var schedule: DeckSchedule?
    public var isImported: Bool

    public init(_ deck: Deck, key: String, catalogID: String?, schedule: DeckSchedule?, isImported: Bool) {
        self.deck = deck
        self.key = key
        self.catalogID = catalogID
        self.schedule = schedule
        self.isImported = isImported
    }

    /// The deck's name, as a row of every deck shows it.
    public var name: String { deck.name }
}

/// Where a card is in its life, as the browser says it (FSRS's states, and new).
public enum CardState: Int, Sendable, Equatable {
    case new, learning, review, relearning

    init(_ state: FSRSState) {
        switch state {
        case .learning: self = .learning
        case .review: self = .review
        case .relearning: self = .relearning
        }
    }
}

/// What the browser shows in a card's state column.
public enum CardStatus: Int, Sendable, Equatable, CaseIterable {
    case new, learning, review, relearning, suspended

    init(_ state: CardState) {
        switch state {
        case .new: self = .new
        case .learning: self = .learning
        case .review: self = .review
        case .relearning: self = .relearning
        }
    }

    /// "New", "Learning", "Review", "Relearning", "Suspended".
    public var title: String {
        switch self {
        case .new: trc("card state", "New")
        case .learning: trc("card state", "Learning")
        case .review: trc("card state", "Review")
        case .relearning: trc("card state", "Relearning")
        case .suspended: trc("card state", "Suspended")
        }
    }
}
