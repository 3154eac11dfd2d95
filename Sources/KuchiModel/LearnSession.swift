import Observation

/// The Learn page's flash cards: a round of cards from the deck, each turned to see
/// its reading and meaning, then marked remembered or not yet.
///
/// Like the challenge's session, it owns its rules; the page only calls it and
/// reads it. Randomness is injected, so a round is reproducible.
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

    private var round: [Challenge] = []
    private var index = 0
    @ObservationIgnored private var deck: Deck
    @ObservationIgnored private let roundSize: Int
    @ObservationIgnored private let recorder: (any PracticeRecorder)?
    @ObservationIgnored private var random: any RandomNumberGenerator

    /// - Parameters:
    ///   - roundSize: cards a round holds at most.
    ///   - recorder: told of each card marked (remembered counts as correct).
    public init(
        deck: Deck, roundSize: Int = 10, recorder: (any PracticeRecorder)? = nil,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.deck = deck
        self.roundSize = max(roundSize, 1)
        self.recorder = recorder
        self.random = random
        startAgain()
    }

    /// Turns the card over (and back).
    public func flip() {
        guard current != nil else { return }
        isFlipped.toggle()
    }

    /// Marks the current card and shows the next one, unturned.
    public func decide(remembered wasRemembered: Bool) {
        guard let card = current else { return }
        if wasRemembered { remembered += 1 }
        recorder?.record(card, correct: wasRemembered)
        isFlipped = false
        index += 1
    }

    /// A new round from the same deck.
    public func startAgain() {
        round = Array(deck.cards.shuffled(using: &random).prefix(roundSize))
        index = 0
        remembered = 0
        isFlipped = false
    }

    /// Learns `deck` from now on, in a new round.
    public func use(_ deck: Deck) {
        guard deck != self.deck else { return }
        self.deck = deck
        startAgain()
    }
}
