import Foundation
import Testing
@testable import KuchiModel

@MainActor
@Suite("Typed answers in both directions")
struct TypingSessionTests {
    private let deck = Deck(name: "Verbs", language: "ja", cards: [
        Challenge(question: "食べる", reading: "たべる", romaji: "taberu", answer: "to eat", level: "N5"),
        Challenge(question: "飲む", reading: "のむ", romaji: "nomu", answer: "to drink", level: "N5"),
        Challenge(question: "切手", reading: "きって", romaji: "kitte", answer: "stamp", level: "N5"),
    ])

    private func session(_ fixture: PlannerFixture, production: Bool) -> TypingSession {
        TypingSession(
            deck: deck, directions: { _ in production ? [.production] : [.recognition] }, planner: fixture.planner,
            deckKey: "v", random: SeededRandomNumberGenerator(seed: 3))
    }

    private func answer(_ session: TypingSession, rightly: Bool) throws -> TypingSession.Question {
        let question = try #require(session.current)
        let card = question.card
        session.typed = question.direction == .production
            ? (rightly ? card.romaji : "zzz") : (rightly ? card.answer : "nothing like it")
        session.submit()
        return question
    }

    @Test("production: romaji turns into kana as typed, a right answer is Good under the production card")
    func productionRight() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let session = session(fixture, production: true)
        let question = try #require(session.current)
        #expect(question.direction == .production)
        session.typed = "tabe"
        #expect(session.typed == "たべ")
        session.typed = question.card.romaji
        #expect(session.typed == question.card.reading)
        session.submit()
        #expect(session.result?.outcome == .right)
        let store = try fixture.reopen()
        let production = CardID(deck: "v/production", question: question.card.question)
        #expect(try store.reviews(of: production).map(\.review.rating) == [.good])
        #expect(try store.card(CardID(deck: "v", question: question.card.question)) == nil,
                "the recognition card is another card, not reviewed")
    }

    @Test("a right answer after the hint is Hard; a wrong one Again; 'I was right' makes it Good")
    func grades() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let session = session(fixture, production: false)
        session.showHint()
        #expect(session.hint.hasSuffix("…"))
        let first = try answer(session, rightly: true)
        #expect(session.result?.outcome == .rightAfterHint)
        session.next()
        let second = try answer(session, rightly: false)
        #expect(session.result?.outcome == .wrong)
        #expect(session.rightCount == 1)
        session.claimRight()
        #expect(session.result?.outcome == .right && session.result?.wasClaimed == true)
        #expect(session.rightCount == 2)
        let store = try fixture.reopen()
        #expect(try store.reviews(of: CardID(deck: "v", question: first.card.question)).map(\.review.rating) == [.hard])
        #expect(try store.reviews(of: CardID(deck: "v", question: second.card.question)).map(\.review.rating) == [.good],
                "the Again was taken back")
    }

    @Test("both directions are scheduled apart, and each is counted in its own statistics")
    func directionsApart() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let both = TypingSession(
            deck: deck, directions: { _ in [.recognition, .production] }, planner: fixture.planner, deckKey: "v",
            random: SeededRandomNumberGenerator(seed: 5))
        #expect(both.total == 6, "three words, each both ways")
        var directions: [PracticeDirection] = []
        while !both.isFinished {
            directions.append(try answer(both, rightly: true).direction)
            both.next()
        }
        #expect(directions.filter { $0 == .production }.count == 3)
        // Statistics by direction: each direction's three cards are no longer new.
        for key in ["v", "v/production"] {
            let statistics = try #require(fixture.planner.statistics(deck: key, deckSize: 3))
            #expect(statistics.cards.new == 0 && statistics.cards.learning + statistics.cards.review == 3, "\(key)")
        }
    }

    @Test("a relaunch keeps the directions apart: production answered wrong is due again, recognition answered right is not yet")
    func directionsAfterRelaunch() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let both = TypingSession(
            deck: deck, directions: { _ in [.recognition, .production] }, planner: fixture.planner, deckKey: "v",
            random: SeededRandomNumberGenerator(seed: 5))
        while !both.isFinished {
            let asked = try #require(both.current)
            _ = try answer(both, rightly: asked.direction == .recognition)
            both.next()
        }
        fixture.planner.close()

        // The app quits; five minutes later it starts again on the same file: Again's
        // first learning step (1 minute) is over, Good's (10 minutes) is not.
        fixture.clock.advance(300)
        let clock = fixture.clock
        let relaunched = StudyPlanner.open(
            path: storePath(in: fixture.directory), legacyProgress: nil, settings: { Settings() }, clock: { clock.now },
            logCheckDelay: .seconds(3_600))
        defer { relaunched.close() }
        #expect(relaunched.isScheduling)
        let again = TypingSession(
            deck: deck, directions: { _ in [.recognition, .production] }, planner: relaunched, deckKey: "v",
            random: SeededRandomNumberGenerator(seed: 6))
        #expect(!again.isExtraPractice)
        var asked: [PracticeDirection: Set<String>] = [:]
        while let question = again.current {
            asked[question.direction, default: []].insert(question.card.question)
            _ = try answer(again, rightly: true)
            again.next()
        }
        #expect(asked[.production] == Set(deck.cards.map(\.question)), "the production cards (Again) are due again")
        #expect(asked[.recognition] == nil, "the recognition cards (Good) are not due for 10 minutes")
        let production = try #require(relaunched.statistics(deck: "v/production", deckSize: 3))
        let recognition = try #require(relaunched.statistics(deck: "v", deckSize: 3))
        #expect(production.cards.new == 0 && recognition.cards.new == 0)
        let store = try fixture.reopen()
        for card in deck.cards {
            #expect(try store.reviews(of: CardID(deck: "v", question: card.question)).map(\.review.rating) == [.good])
            #expect(try store.reviews(of: CardID(deck: "v/production", question: card.question)).map(\.review.rating)
                == [.again, .good])
        }
    }

    @Test("the deck's own romaji is right for the Japanese: konnichiwa for こんにちは, arigatou for ありがとう")
    func deckRomaji() {
        let hello = Challenge(question: "こんにちは", reading: "こんにちは", romaji: "konnichiwa", answer: "hello")
        #expect(TypedAnswer.isRight(japanese: "konnichiwa", for: hello))
        #expect(TypedAnswer.isRight(japanese: "こんにちは", for: hello))
        #expect(!TypedAnswer.isRight(japanese: "konnichiha!", for: hello))
        let thanks = Challenge(question: "ありがとう", reading: "ありがとう", romaji: "arigatō", answer: "thank you")
        #expect(TypedAnswer.isRight(japanese: "arigatou", for: thanks))
    }

    @Test("the directions setting: recognition only by default, production one switch away, per deck")
    func setting() {
        var settings = Settings()
        #expect(settings.directions(for: "jlpt-n5") == [.recognition])
        settings.productionDecks = ["jlpt-n5"]
        #expect(settings.directions(for: "jlpt-n5") == [.recognition, .production])
        #expect(settings.directions(for: "jlpt-n4") == [.recognition])
    }
}
