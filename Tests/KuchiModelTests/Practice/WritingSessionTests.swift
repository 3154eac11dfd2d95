import Foundation
import Testing
@testable import KuchiModel

/// Kanji written as answers: asked only of one-kanji cards whose strokes are known,
/// graded by the character and its strokes, scheduled as a direction of its own. The
/// recogniser is a stand-in that reads what the test says, so Zinnia is not needed.
@MainActor
@Suite("Writing a kanji as the answer")
struct WritingSessionTests {
    private typealias Point = HandwrittenCharacter.Point

    private static let order: StrokeOrder? = try? StrokeOrder(
        data: Data(contentsOf: RepositoryPaths.root.appendingPathComponent("data/strokes/strokes.json")), file: "strokes.json")

    private let river = Challenge(question: "川", reading: "セン、かわ", romaji: "sen", answer: "river", level: "N5")
    private let sun = Challenge(question: "日", reading: "ニチ、ひ", romaji: "nichi", answer: "day; sun", level: "N5")
    private let eat = Challenge(question: "食べる", reading: "たべる", romaji: "taberu", answer: "to eat", level: "N5")
    private let state = Challenge(question: "州", reading: "シュウ", romaji: "shuu", answer: "state", level: "N3")

    /// A session on `cards` as deck "k", asking `directions`, whose recogniser reads
    /// every character as `read`; strokes known for the kanji `known` has.
    private func session(
        _ fixture: PlannerFixture?, _ cards: [Challenge], directions: Set<PracticeDirection> = [.writing],
        known: String = "川日州", read: String? = "川"
    ) -> TypingSession {
        let writing = TypingSession.Writing(
            strokes: { character in known.contains(character) ? try? Self.order?.strokes(of: character) : nil },
            recognize: { _ in read })
        return TypingSession(
            deck: Deck(name: "Kanji", language: "ja", cards: cards), directions: { _ in directions },
            planner: fixture?.planner, deckKey: "k", random: SeededRandomNumberGenerator(seed: 4), writing: writing)
    }

    /// `character` traced from KanjiVG in a 300 pad, its strokes then changed by `change`.
    private func written(_ character: Character, _ change: (inout [[Point]]) -> Void = { _ in }) throws -> HandwrittenCharacter {
        let order = try #require(Self.order)
        let strokes = try #require(try order.strokes(of: character))
        var writing = HandwrittenCharacter(tracing: strokes, side: 300, spacing: 3)
        change(&writing.strokes)
        return writing
    }

    private func ratings(_ fixture: PlannerFixture, _ key: String, _ question: String) throws -> [FSRSRating] {
        try fixture.reopen().reviews(of: CardID(deck: key, question: question)).map(\.review.rating)
    }

    @Test("only a one-kanji card with strokes known is asked to be written; a word deck asks nothing this way")
    func whoIsAsked() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        // 日's strokes are not known here, 食べる is a word: only 川 can be written.
        let kanji = session(fixture, [river, sun, eat], known: "川")
        #expect(kanji.total == 1)
        let question = try #require(kanji.current)
        #expect(question.direction == .writing && question.card == river)
        #expect(question.strokes?.strokeCount == 3)
        // Positive control: with 日's strokes known, it is asked too.
        let fixture2 = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(session(fixture2, [river, sun, eat]).total == 2)
        // A word deck studied both ways asks only the recognition cards.
        let fixture3 = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let words = session(fixture3, [eat], directions: [.recognition, .writing])
        #expect(words.total == 1 && words.current?.direction == .recognition)
        // Unscheduled practice asks a card that cannot be written another way.
        let practice = session(nil, [eat, river], directions: [.writing], known: "")
        #expect(practice.total == 2)
        #expect(practice.current?.direction == .recognition)
    }

    @Test("the right kanji in order is Good, scheduled under the deck's writing card")
    func rightInOrder() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let session = session(fixture, [river])
        session.submit(writing: try written("川"), chosen: nil)
        let result = try #require(session.result)
        #expect(result.outcome == .right && result.strokeOrder?.isOrderRight == true)
        #expect(result.strokeOrder?.finding == nil)
        #expect(session.typed == "川" && result.difference == AnswerDiff(expected: "川", typed: "川"))
        #expect(try ratings(fixture, "k/writing", "川") == [.good])
        #expect(try ratings(fixture, "k", "川").isEmpty, "the recognition card is another card")
    }

    @Test("the right kanji with two strokes swapped is Hard, and the result says which")
    func outOfTurn() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let session = session(fixture, [river])
        session.submit(writing: try written("川") { $0.swapAt(1, 2) }, chosen: "川")
        let result = try #require(session.result)
        #expect(result.outcome == .rightWithStrokeMistake && result.outcome.isRight)
        #expect(result.strokeOrder?.finding == "Stroke 3 came before stroke 2.")
        #expect(session.rightCount == 1)
        #expect(try ratings(fixture, "k/writing", "川") == [.hard])
    }

    @Test("the right kanji with a stroke missing, or one backwards, is Hard")
    func missingOrBackwards() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let missing = session(fixture, [river])
        missing.submit(writing: try written("川") { $0.removeLast() }, chosen: nil)
        #expect(missing.result?.outcome == .rightWithStrokeMistake)
        #expect(missing.result?.strokeOrder?.isCountRight == false)
        let fixture2 = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let backwards = session(fixture2, [river])
        backwards.submit(writing: try written("川") { $0[2].reverse() }, chosen: nil)
        #expect(backwards.result?.outcome == .rightWithStrokeMistake)
        #expect(backwards.result?.strokeOrder?.backwardStrokes == [3])
        #expect(try ratings(fixture2, "k/writing", "川") == [.hard])
    }

    @Test("another kanji, chosen or read, is Again; the learner's choice wins over the recogniser's")
    func wrongKanji() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        // The recogniser reads 川, but the learner chose 州.
        let chosen = session(fixture, [river])
        chosen.submit(writing: try written("川"), chosen: "州")
        #expect(chosen.result?.outcome == .wrong && chosen.result?.strokeOrder == nil)
        #expect(chosen.typed == "州" && chosen.result?.difference == AnswerDiff(expected: "川", typed: "州"))
        #expect(try ratings(fixture, "k/writing", "川") == [.again])
        // Nothing chosen: the recogniser's reading, here 州, is the answer.
        let read = session(nil, [river], read: "州")
        read.submit(writing: try written("川"), chosen: nil)
        #expect(read.result?.outcome == .wrong)
        // Nothing read at all is wrong too.
        let none = session(nil, [river], read: nil)
        none.submit(writing: try written("川"), chosen: nil)
        #expect(none.result?.outcome == .wrong)
    }

    @Test("'I was right' after a misreading makes the written answer Good")
    func misreadClaimed() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let session = session(fixture, [river], read: "州")
        session.submit(writing: try written("川"), chosen: nil)
        #expect(session.result?.outcome == .wrong)
        session.claimRight()
        #expect(session.result?.outcome == .right && session.result?.wasClaimed == true)
        #expect(try ratings(fixture, "k/writing", "川") == [.good])
    }

    @Test("after the hint (the stroke count) the right kanji in order is Hard")
    func hint() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let session = session(fixture, [river])
        session.showHint()
        #expect(session.hint == "3 strokes")
        session.submit(writing: try written("川"), chosen: nil)
        #expect(session.result?.outcome == .rightAfterHint)
        #expect(try ratings(fixture, "k/writing", "川") == [.hard])
    }

    @Test("writing answers only a writing question, with a stroke; a typed kanji is judged by the character")
    func onlyWritingQuestions() throws {
        let recognition = session(nil, [river], directions: [.recognition])
        recognition.submit(writing: try written("川"), chosen: "川")
        #expect(recognition.result == nil)
        let empty = session(nil, [river])
        empty.submit(writing: HandwrittenCharacter(width: 300, height: 300, strokes: [[]]), chosen: "川")
        #expect(empty.result == nil)
        // Positive control: the same session takes a writing.
        empty.submit(writing: try written("川"), chosen: nil)
        #expect(empty.result?.outcome == .right)
        let typed = session(nil, [river])
        typed.typed = " 川 "
        typed.submit()
        #expect(typed.result?.outcome == .right && typed.result?.strokeOrder == nil)
        let typedWrong = session(nil, [river])
        typedWrong.typed = "州"
        typedWrong.submit()
        #expect(typedWrong.result?.outcome == .wrong)
    }

    @Test("a word suspended, reset or exported is so in the writing direction too")
    func suspendResetExport() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_800_000_000))
        let session = session(fixture, [river])
        session.submit(writing: try written("川"), chosen: nil)
        let writingCard = CardID(deck: "k/writing", question: "川")
        #expect(try fixture.planner.exportedReviews(deck: "k").count == 1, "the writing review is exported")
        try fixture.planner.setSuspended(true, question: "川", deck: "k")
        #expect(try fixture.reopen().isSuspended(writingCard))
        // Suspended, the writing card is not planned: the round is extra practice.
        session.startAgain()
        #expect(session.isExtraPractice)
        try fixture.planner.setSuspended(false, question: "川", deck: "k")
        try fixture.planner.resetProgress(question: "川", deck: "k")
        #expect(try ratings(fixture, "k/writing", "川").isEmpty)        // A word of two kanji is never written: no writing card is suspended for it.
        try fixture.planner.setSuspended(true, question: "川口", deck: "k")
        #expect(try fixture.reopen().isSuspended(CardID(deck: "k/production", question: "川口")))
        #expect(try !fixture.reopen().isSuspended(CardID(deck: "k/writing", question: "川口")))
        #expect(PracticeDirection.directions(asking: "川") == [.recognition, .production, .writing])
        #expect(PracticeDirection.directions(asking: "かわ") == [.recognition, .production])
    }

    @Test("the writing direction's schedule key, and every direction's deck found back from its key")
    func scheduleKeys() {
        #expect(PracticeDirection.writing.rawValue == "writing")
        #expect(PracticeDirection.writing.scheduleKey(for: "kanji-n5") == "kanji-n5/writing")
        for direction in PracticeDirection.allCases {
            #expect(PracticeDirection.deckKey(ofScheduleKey: direction.scheduleKey(for: "kanji-n5")) == "kanji-n5")
        }
        #expect(PracticeDirection.deckKey(ofScheduleKey: "file:my/writing/deck") == "file:my/writing/deck")
    }

    @Test("the directions setting: writing one switch away per deck, kept in settings.json and synced")
    func setting() throws {
        var settings = Settings()
        #expect(settings.directions(for: "kanji-n5") == [.recognition])
        settings.writingDecks = ["kanji-n5"]
        #expect(settings.directions(for: "kanji-n5") == [.recognition, .writing])
        settings.productionDecks = ["kanji-n5"]
        #expect(settings.directions(for: "kanji-n5") == [.recognition, .production, .writing])
        #expect(settings.directions(for: "kanji-n4") == [.recognition])
        let saved = try JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(settings))
        #expect(saved.writingDecks == ["kanji-n5"])
        #expect(Settings().applyingSynced(settings.syncedValues).writingDecks == ["kanji-n5"])
    }
}
