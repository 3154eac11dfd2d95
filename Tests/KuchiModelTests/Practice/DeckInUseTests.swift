import Synchronization
import Testing
@testable import KuchiModel

@MainActor
@Suite("The deck in use")
struct DeckInUseTests {
    @Test("a deck's questions are built once, however many practice modes read them")
    func questionsBuiltOncePerDeck() {
        let builds = BuildCount()
        DeckQuestions.$onBuild.withValue({ builds.add() }) {
            let inUse = DeckInUse(.kuchiBasics)
            let challenges = ChallengesViewModel(deck: inUse, random: SeededRandomNumberGenerator(seed: 1))
            let learn = LearnSession(deck: inUse, random: SeededRandomNumberGenerator(seed: 1))
            let typing = TypingSession(
                deck: inUse, directions: { _ in [.recognition] }, random: SeededRandomNumberGenerator(seed: 1))
            #expect(builds.value == 1)
            inUse.use(twoCards)
            #expect(builds.value == 2, "one more for the new deck, not one per practice mode")
            // Every mode is on the new deck: it was not handed a copy of its own.
            #expect(challenges.currentChallenge.map { twoCards.cards.contains($0.challenge) } == true)
            #expect(learn.total == 2)
            #expect(typing.current.map { twoCards.cards.contains($0.card) } == true)
            inUse.use(twoCards)
            #expect(builds.value == 2, "the same deck again builds nothing")
        }
    }

    @Test("a change of deck starts each practice mode again; the same deck keeps them as they are")
    func modesFollowTheDeck() throws {
        let inUse = DeckInUse(.kuchiBasics, key: "basics", catalogID: "basics")
        let learn = LearnSession(deck: inUse, random: SeededRandomNumberGenerator(seed: 2))
        learn.decide(remembered: true)
        inUse.use(.kuchiBasics, key: "basics", catalogID: "basics")
        #expect(learn.remembered == 1, "positive control: the same deck keeps the round")
        inUse.use(.kuchiBasics, key: "file:Kuchi Basics")
        #expect(learn.remembered == 0 && learn.position == 1, "another key is another deck in the schedule")
        #expect(inUse.catalogID == nil && inUse.key == "file:Kuchi Basics")
    }

    @Test("typed answers not yet asked for are not planned by a change of deck")
    func typingWaitsForItsStart() throws {
        let inUse = DeckInUse(.kuchiBasics)
        let typing = TypingSession(
            deck: inUse, directions: { _ in [.recognition] }, random: SeededRandomNumberGenerator(seed: 3), startsNow: false)
        inUse.use(twoCards)
        #expect(typing.current == nil)
        typing.start()
        #expect(twoCards.cards.contains(try #require(typing.current).card))
    }

    @Test("while a deck loads, its empty stand-in is in use under its own name and key")
    func loading() throws {
        let inUse = DeckInUse(.kuchiBasics)
        let challenges = ChallengesViewModel(deck: inUse, random: SeededRandomNumberGenerator(seed: 4))
        inUse.beginLoading(named: "Big Deck", key: "big", catalogID: "big")
        #expect(inUse.isLoading && !inUse.isLoadingSlowly)
        #expect(inUse.name == "Big Deck" && inUse.key == "big" && inUse.deck.cards.isEmpty)
        #expect(challenges.currentChallenge == nil, "nothing of the deck before is asked")
        inUse.loadIsSlow()
        #expect(inUse.isLoadingSlowly)
        inUse.use(twoCards, key: "big", catalogID: "big")
        #expect(!inUse.isLoading && !inUse.isLoadingSlowly)
        #expect(twoCards.cards.contains(try #require(challenges.currentChallenge).challenge))
        inUse.loadIsSlow()
        #expect(!inUse.isLoadingSlowly, "a load that is over is not slow")
    }
}

private let twoCards = Deck(name: "Two", language: "ja", cards: Array(Deck.kuchiBasics.cards.prefix(2)))

/// Counts builds from whatever thread they are told on.
private final class BuildCount: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
