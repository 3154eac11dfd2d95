import FoundationEssentials
import Observation

/// The Learn page's flash cards: a round of cards from the deck, each turned to see
/// its reading and meaning, then marked remembered or not yet.
///
/// Like the challenge's session, it owns its rules; the page only calls it and
/// reads it. Randomness is injected, so a round is reproducible.
///
/// With a ``StudyPlanner`` a round is the cards the schedule asks for now (due, then
/// new), and each card marked is a review: remembered = Good, not yet = Again. With
/// nothing scheduled the round is extra practice from the whole deck, still reviewed.
@MainActor
@Observable
public final class LearnSession {
    /// The card being learnt, or nil when the round is over (or the deck is empty).
    public var current: Challenge? { round.indices.contains(index) ? round[index] : nil }
    /// Whether the current card shows its reading and meaning.
    public private(set) var isFlipped = false
    /// Cards marked remembered in this round.
    public private(set) var remembered = 0
    /// The current card's place in the round, from 1 ("3 of 10").
    public var position: Int { min(index + 1, total) }
    /// Cards in the round.
    public var total: Int { round.count }
    /// Whether every card of the round has been marked.
    public var isFinished: Bool { index >= round.count }
    /// Whether this round is extra practice: the schedule had nothing to ask.
    public private(set) var isExtraPractice = false

    private var round: [Challenge] = []
    private var index = 0
    @ObservationIgnored private let core: PracticeCore
    @ObservationIgnored private let roundSize: Int
    @ObservationIgnored private var shownAt = ContinuousClock.now
    @ObservationIgnored private var random: any RandomNumberGenerator

    /// - Parameters:
    ///   - inUse: the deck in use; each change of deck starts a new round on the new one.
    ///   - roundSize: cards a round holds at most.
    ///   - planner: plans each round and keeps each card marked as a review; without
    ///     one, rounds are practice that is not scheduled.
    ///   - random: where every random choice comes from.
    public init(
        deck inUse: DeckInUse, roundSize: Int = 10, planner: StudyPlanner? = nil,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        core = PracticeCore(deck: inUse, planner: planner)
        self.roundSize = max(roundSize, 1)
        self.random = random
        inUse.whenChanged { [weak self] in self?.startAgain() }
        startAgain()
    }

    /// Flash cards of `deck` alone, named `deckKey` in the schedule (its name without one).
    public convenience init(
        deck: Deck, roundSize: Int = 10, planner: StudyPlanner? = nil, deckKey: String? = nil,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.init(deck: DeckInUse(deck, key: deckKey), roundSize: roundSize, planner: planner, random: random)
    }

    /// Turns the card over (and back).
    public func flip() {
        guard current != nil else { return }
        isFlipped.toggle()
    }

    /// Marks the current card and shows the next one, unturned.
    public func decide(remembered wasRemembered: Bool) {
        guard let card = current else { return }
        let undo = undoPoint()
        if wasRemembered { remembered += 1 }
        core.record(card, wasRemembered ? .right : .wrong, shownAt: shownAt, undo: undo)
        isFlipped = false
        index += 1
        shownAt = .now
    }

    /// A new round from the same deck.
    public func startAgain() {
        let planned = core.plan(limit: roundSize)
        let scheduled = (planned ?? []).map { core.deck.cards[$0] }
        isExtraPractice = planned != nil && scheduled.isEmpty
        round = scheduled.isEmpty ? Array(core.deck.cards.shuffled(using: &random).prefix(roundSize)) : scheduled
        shownAt = .now
        index = 0
        remembered = 0
        isFlipped = false
    }
}

/// Taking back the last answer (Ctrl+Z).
extension LearnSession {
    /// Takes back the card marked last in this round, once: its review, and the card
    /// shows again, unturned, with the remembered count as it was. Returns the card, or
    /// nil when there is nothing to take back (see `PracticeCore.undoLast()`); a new
    /// round forgets the last one's.
    ///
    /// - Throws: why the review could not be taken back; nothing changed.
    @discardableResult
    public func undoLastAnswer() throws(ReviewStoreError) -> Challenge? { try core.undoLast() }

    /// Puts the round back, when called, as it is now, before a card is marked.
    private func undoPoint() -> @MainActor () -> Void {
        let (index, remembered) = (self.index, self.remembered)
        return { [weak self] in
            guard let self else { return }
            self.index = index
            self.remembered = remembered
            isFlipped = false
            shownAt = .now
        }
    }
}
