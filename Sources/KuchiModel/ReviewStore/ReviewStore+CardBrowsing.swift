import FoundationEssentials

/// What the card browser reads and changes: where every card of a deck stands, and a
/// card suspended, unsuspended or reset.
extension ReviewStore {
    /// The stored state of every reviewed card of `deck` and the questions suspended,
    /// in two index reads (about 40 ms for 100,000 cards in a release build).
    public func schedule(deck: String) throws(ReviewStoreError) -> DeckSchedule {
        try storeErrors {
            guard let deck = try deckID(named: deck) else { return DeckSchedule() }
            var schedule = DeckSchedule()
            try database.query("SELECT question, state, due FROM card WHERE deck = ?", [.integer(deck)]) { row in
                guard let state = FSRSState(rawValue: Int(row.integer(1))) else {
                    throw InvalidRow(detail: "card \(row.text(0)) has an unknown card state \(row.integer(1))")
                }
                schedule.cards[row.text(0)] = ScheduledCard(state: state, due: Date(storeMilliseconds: row.integer(2)))
            }
            try database.query("SELECT question FROM suspended_card WHERE deck = ?", [.integer(deck)]) { row in
                schedule.suspended.insert(row.text(0))
            }
            // Lapses from the index of reviews by deck and time (it holds the state before
            // and the rating), then the few cards with enough of them.
            try database.query("""
                SELECT question FROM card WHERE id IN (
                    SELECT card FROM review WHERE deck = ? AND rating = 1 AND state_before = ?
                    GROUP BY card HAVING count(*) >= ?)
                """, [.integer(deck), .integer(Int64(FSRSState.review.rawValue)), .integer(Int64(Leech.threshold))]
            ) { row in
                schedule.leeches.insert(row.text(0))
            }
            return schedule
        }
    }

    /// Suspends `card` (it is never planned again, due or new, until unsuspended) or
    /// unsuspends it; its memory state and history stay as they are. Durable on return.
    public func setSuspended(_ isSuspended: Bool, card: CardID) throws(ReviewStoreError) {
        try storeErrors {
            try database.transaction {
                guard let deck = try deckID(named: card.deck, creating: isSuspended) else { return }
                try database.run(
                    isSuspended
                        ? "INSERT INTO suspended_card (deck, question) VALUES (?, ?) ON CONFLICT DO NOTHING"
                        : "DELETE FROM suspended_card WHERE deck = ? AND question = ?",
                    [.integer(deck), .text(card.question)])
                deckIDs[card.deck] = deck
            }
        }
    }

    /// Whether `card` is suspended.
    public func isSuspended(_ card: CardID) throws(ReviewStoreError) -> Bool {
        try storeErrors {
            guard let deck = try deckID(named: card.deck) else { return false }
            return try database.integer(
                "SELECT count(*) FROM suspended_card WHERE deck = ? AND question = ?",
                [.integer(deck), .text(card.question)]) ?? 0 > 0
        }
    }

    /// Forgets what the learner did with `card`: its reviews and its memory state go, in
    /// one durable transaction, and it is new again (suspended or not, as it was).
    /// Returns how many reviews were removed.
    @discardableResult
    public func resetProgress(of card: CardID) throws(ReviewStoreError) -> Int {
        try storeErrors {
            guard let deck = try deckID(named: card.deck) else { return 0 }
            return try database.transaction { () throws -> Int in
                guard let row = try storedCard(deck: deck, question: card.question) else { return 0 }
                return try forget(card: row.id, deck: deck, question: card.question)
            }
        }
    }
}

/// Where the cards of one deck stand: the reviewed ones' state and due time, and the
/// questions suspended. A question in neither is new.
public struct DeckSchedule: Sendable, Equatable {
    public var cards: [String: ScheduledCard] = [:]
    public var suspended: Set<String> = []
    /// The questions that are leeches: 8 lapses or more (``Leech``).
    public var leeches: Set<String> = []

    public init(cards: [String: ScheduledCard] = [:], suspended: Set<String> = [], leeches: Set<String> = []) {
        self.cards = cards
        self.suspended = suspended
        self.leeches = leeches
    }
}

/// A reviewed card's state and when it is due.
public struct ScheduledCard: Sendable, Equatable {
    public var state: FSRSState
    public var due: Date

    public init(state: FSRSState, due: Date) {
        self.state = state
        self.due = due
    }
}

extension ReviewStore {
    /// How many times `card` has lapsed: answered Again while in review (``Leech``).
    public func lapseCount(of card: CardID) throws(ReviewStoreError) -> Int {
        try storeErrors {
            guard let deck = try deckID(named: card.deck) else { return 0 }
            return Int(try database.integer("""
                SELECT count(*) FROM review WHERE card = (SELECT id FROM card WHERE deck = ? AND question = ?)
                    AND rating = 1 AND state_before = ?
                """, [.integer(deck), .text(card.question), .integer(Int64(FSRSState.review.rawValue))]) ?? 0)
        }
    }
}
