import FoundationEssentials
import Observation

/// The card browser's model: every card of a deck with where it stands, narrowed by
/// a search as the learner types and put in the order they choose.
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

    /// The deck's cards with where they stand, in deck order.
    public private(set) var cards: [BrowsedCard] = []
    /// The deck shown, by its name in the schedule.
    public private(set) var deckKey = ""
    /// Whether the deck is an imported one (its cards may be deleted).
    public private(set) var isImportedDeck = false
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
    @ObservationIgnored private var positions: [String: Int]?

    public init(now: @escaping () -> Date = { Date() }) {
        self.now = now
    }

    /// Shows `deck` (its name in the schedule `key`), its cards standing as `schedule`
    /// says (all new without one). The search and the order stay.
    public func show(_ deck: Deck, key: String, schedule: DeckSchedule?, isImported: Bool) {
        let schedule = schedule ?? DeckSchedule()
        let isNew = schedule.cards.isEmpty && schedule.suspended.isEmpty
        var cards: [BrowsedCard] = []
        cards.reserveCapacity(deck.cards.count)
        for card in deck.cards {
            // Most cards of a large deck are new: no lookup when nothing is stored.
            let scheduled = isNew ? nil : schedule.cards[card.question]
            cards.append(BrowsedCard(
                card: card, state: scheduled.map { CardState($0.state) } ?? .new,
                isSuspended: !isNew && schedule.suspended.contains(card.question), due: scheduled?.due,
                isLeech: scheduled != nil && schedule.leeches.contains(card.question)))
        }
        if key != deckKey { selected = nil }
        deckKey = key
        isImportedDeck = isImported
        positions = nil
        self.cards = cards
        index = nil
        orders = [:]
        refresh()
    }

    /// Where the card `question` is in ``cards``.
    public func position(of question: String) -> Int? {
        if let positions { return positions[question] }
        var built: [String: Int] = [:]
        built.reserveCapacity(cards.count)
        for (position, card) in cards.enumerated() where built[card.card.question] == nil {
            built[card.card.question] = position
        }
        positions = built
        return built[question]
    }

    /// Takes a card's new state after a change of the schedule (suspended, reset).
    public func update(_ question: String, schedule: DeckSchedule) {
        guard let position = position(of: question) else { return }
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
    public var isLeech = false

    /// What the browser says of it: suspended, else its state.
    public var status: CardStatus { isSuspended ? .suspended : CardStatus(state) }
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
