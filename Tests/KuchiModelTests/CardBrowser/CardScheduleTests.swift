import Foundation
import Testing
@testable import KuchiModel

@Suite("Card browser: suspend and reset in the review store")
struct CardScheduleTests {
    @Test("a suspended card is neither due nor new, until unsuspended; the others are planned as before")
    func suspendedNeverPlanned() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        try store.record(makeReview("犬", at: 0, dueIn: 60))
        try store.record(makeReview("猫", at: 0, dueIn: 60))
        let later = storeEpoch.addingTimeInterval(3_600)
        // Positive control: both due, both new questions offered.
        #expect(try store.dueCards(deck: "jlpt-n5", at: later, limit: 10).map(\.question) == ["犬", "猫"])
        #expect(try store.newQuestions(deck: "jlpt-n5", in: ["犬", "猫", "鳥", "魚"], limit: 10) == ["鳥", "魚"])

        try store.setSuspended(true, card: CardID(deck: "jlpt-n5", question: "犬"))
        try store.setSuspended(true, card: CardID(deck: "jlpt-n5", question: "鳥"))
        #expect(try store.dueCards(deck: "jlpt-n5", at: later, limit: 10).map(\.question) == ["猫"])
        #expect(try store.newQuestions(deck: "jlpt-n5", in: ["犬", "猫", "鳥", "魚"], limit: 10) == ["魚"])

        let reopened = try ReviewStore(path: storePath(in: directory))
        #expect(try reopened.isSuspended(CardID(deck: "jlpt-n5", question: "犬")))
        #expect(try reopened.schedule(deck: "jlpt-n5").suspended == ["犬", "鳥"])
        try reopened.setSuspended(false, card: CardID(deck: "jlpt-n5", question: "犬"))
        try reopened.setSuspended(false, card: CardID(deck: "jlpt-n5", question: "鳥"))
        #expect(try reopened.dueCards(deck: "jlpt-n5", at: later, limit: 10).map(\.question) == ["犬", "猫"])
        #expect(try reopened.newQuestions(deck: "jlpt-n5", in: ["犬", "猫", "鳥", "魚"], limit: 10) == ["鳥", "魚"])
    }

    @Test("reset removes a card's reviews and its state in one go, and it is new again; other cards keep theirs")
    func resetRoundTrip() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        try store.record(makeReview("犬", at: 0, state: .learning, dueIn: 600))
        try store.record(makeReview("犬", at: 700))
        try store.record(makeReview("猫", at: 800))
        #expect(try store.resetProgress(of: dog) == 2)

        let reopened = try ReviewStore(path: storePath(in: directory))
        #expect(try reopened.card(dog) == nil)
        #expect(try reopened.reviews(of: dog).isEmpty)
        #expect(try reopened.card(cat) == makeReview("猫", at: 800).after)
        #expect(try reopened.reviews(of: cat).count == 1)
        #expect(try reopened.schedule(deck: "jlpt-n5").cards.keys.sorted() == ["猫"])
        #expect(try reopened.newQuestions(deck: "jlpt-n5", in: ["犬", "猫"], limit: 5) == ["犬"])
    }

    @Test("a version 2 database is migrated, keeps its history, and can suspend")
    func migratesVersion2() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let old = try ReviewStore(path: path, migrations: Array(ReviewStoreSchema.migrations.prefix(2)))
        try old.record(makeReview("犬", at: 0, dueIn: 60))
        // Positive control: version 2 has nowhere to keep a suspension.
        #expect(throws: ReviewStoreError.self) { try old.setSuspended(true, card: dog) }

        let store = try ReviewStore(path: path)
        #expect(try SQLiteDatabase(path: path).integer("PRAGMA user_version") == Int64(ReviewStoreSchema.migrations.count))
        #expect(try store.reviews(of: dog).map(\.review) == [makeReview("犬", at: 0, dueIn: 60)])
        try store.setSuspended(true, card: dog)
        #expect(try store.dueCards(deck: "jlpt-n5", at: storeEpoch.addingTimeInterval(3_600), limit: 5).isEmpty)
    }

    @Test("the review log exports as the FSRS optimizer's CSV: card, time in ms, rating, state before, duration")
    func reviewCSV() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        try store.record(makeReview("犬", rating: .again, at: 0, state: .learning, dueIn: 60))
        try store.record(makeReview("犬", at: 100))
        try store.record(makeReview("猫", deck: "jlpt-n5/production", at: 50))
        try store.record(makeReview("鳥", deck: "jlpt-n4", at: 60))
        let reviews = try store.exportedReviews(decks: ["jlpt-n5", "jlpt-n5/production"])
        let text = String(decoding: ReviewLogCSV.encode(reviews), as: UTF8.self)
        let ms = Int64(storeEpoch.timeIntervalSince1970 * 1000)
        let dog = CardID(deck: "jlpt-n5", question: "犬").stableNumber
        let cat = CardID(deck: "jlpt-n5/production", question: "猫").stableNumber
        #expect(text == """
            card_id,review_time,review_rating,review_state,review_duration
            \(dog),\(ms),1,0,1500
            \(cat),\(ms + 50_000),3,0,1500
            \(dog),\(ms + 100_000),3,1,1500

            """)
        #expect(dog != cat && dog > 0 && dog < 1 << 53)
    }

    @Test("a card's export id is the same in two databases that gave its rows different ids")
    func exportIDIsTheSameEverywhere() throws {
        let temporaryFolder = try TemporaryFolder()
        let first = try ReviewStore(path: temporaryFolder.url.appendingPathComponent("a.sqlite3").path)
        let second = try ReviewStore(path: temporaryFolder.url.appendingPathComponent("b.sqlite3").path)
        try first.record(makeReview("犬", at: 0))
        try second.record(makeReview("猫", at: 0))
        try second.record(makeReview("犬", at: 0))
        let dogFirst = try first.exportedReviews(decks: ["jlpt-n5"]).map(\.card)
        let dogSecond = try second.exportedReviews(decks: ["jlpt-n5"]).filter { $0.card != CardID(deck: "jlpt-n5", question: "猫").stableNumber }.map(\.card)
        #expect(dogFirst == dogSecond && dogFirst.count == 1)
    }
}

@Suite("Card browser: the planner")
@MainActor
struct CardPlannerTests {
    @Test("a suspended word is never planned in either direction; reset makes it new again")
    func plannerSkipsSuspended() throws {
        let fixture = try PlannerFixture(at: storeEpoch)
        let planner = fixture.planner!
        let words = ["犬", "猫", "鳥"]
        #expect(planner.sessionQuestions(deck: "n", questions: words, limit: 5) == words)
        let revision = planner.revision
        try planner.setSuspended(true, question: "猫", deck: "n")
        #expect(planner.revision > revision)
        #expect(planner.sessionQuestions(deck: "n", questions: words, limit: 5) == ["犬", "鳥"])
        #expect(planner.sessionQuestions(deck: "n/production", questions: words, limit: 5) == ["犬", "鳥"])
        planner.review("犬", deck: "n", rating: .good, answerTime: .seconds(2))
        #expect(planner.schedule(deck: "n")?.cards["犬"] != nil)
        try planner.resetProgress(question: "犬", deck: "n")
        #expect(planner.schedule(deck: "n")?.cards["犬"] == nil)
        #expect(planner.lastAnswer == nil)
        #expect(try fixture.reopen().reviews(of: CardID(deck: "n", question: "犬")).isEmpty)
        try planner.setSuspended(false, question: "猫", deck: "n")
        #expect(planner.sessionQuestions(deck: "n", questions: words, limit: 5) == words)
    }
}

private let dog = CardID(deck: "jlpt-n5", question: "犬")
private let cat = CardID(deck: "jlpt-n5", question: "猫")
