import Foundation
import KuchiModel
import Testing

@Suite("Review store: cards and the review log")
struct ReviewStoreTests {
    @Test("a card's state survives closing and reopening the store, to the millisecond")
    func cardRoundTrip() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        try ReviewStore(path: storePath(in: directory)).record(relearningReview)

        let reopened = try ReviewStore(path: storePath(in: directory))
        #expect(try reopened.card(relearningReview.card) == relearningReview.after)
    }

    @Test("a card never reviewed has no state and no history: it is new")
    func unknownCardIsNew() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        try store.record(makeReview("犬", at: 0))
        #expect(try store.card(CardID(deck: "jlpt-n5", question: "猫")) == nil)
        #expect(try store.reviews(of: CardID(deck: "jlpt-n4", question: "犬")).isEmpty)
    }

    @Test("the log keeps each answer with the card's state before (none when new) and after")
    func logKeepsBeforeAndAfter() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        let first = makeReview("犬", rating: .good, at: 0, state: .learning, dueIn: 600)
        let second = makeReview("犬", rating: .again, at: 700, state: .relearning, dueIn: 600)
        try store.record(first)
        try store.record(second)

        let log = try store.reviews(of: first.card)
        #expect(log.map(\.review) == [first, second])
        #expect(log.map(\.before) == [nil, first.after])
        #expect(log[0].id < log[1].id)
    }

    @Test("a review that fails half-way leaves neither the card's new state nor a log entry")
    func failedReviewWritesNothing() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        try store.record(makeReview("犬", at: 0))
        // Another program's trigger makes the log insert, the last step, fail.
        try SQLiteDatabase(path: storePath(in: directory)).execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON review BEGIN SELECT RAISE (ABORT, 'refused'); END")

        #expect(throws: ReviewStoreError.self) { try store.record(makeReview("犬", at: 100, dueIn: 999)) }
        #expect(throws: ReviewStoreError.self) { try store.record(makeReview("猫", at: 100)) }
        #expect(try store.card(CardID(deck: "jlpt-n5", question: "犬")) == makeReview("犬", at: 0).after)
        #expect(try store.card(CardID(deck: "jlpt-n5", question: "猫")) == nil)
        #expect(try store.newQuestions(deck: "jlpt-n5", in: ["犬", "猫"], limit: 5) == ["猫"])
    }

    @Test("due cards are those due by the time asked, most overdue first, up to the limit")
    func dueOrdering() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        try store.record(makeReview("a", at: 0, dueIn: 300))  // due at 300
        try store.record(makeReview("b", at: 10, dueIn: 90))  // due at 100, the most overdue
        try store.record(makeReview("c", at: 20, dueIn: 180))  // due at 200
        try store.record(makeReview("d", at: 30, dueIn: 1_000))  // not due yet
        try store.record(makeReview("e", deck: "other", at: 0, dueIn: 0))  // another deck

        let now = storeEpoch.addingTimeInterval(300)
        #expect(try store.dueCards(deck: "jlpt-n5", at: now, limit: 10).map(\.question) == ["b", "c", "a"])
        #expect(try store.dueCards(deck: "jlpt-n5", at: now, limit: 2).map(\.question) == ["b", "c"])
        #expect(try store.dueCards(deck: "jlpt-n5", at: now, limit: 1).first?.card == makeReview("b", at: 10, dueIn: 90).after)
        #expect(try store.dueCards(deck: "missing", at: now, limit: 10).isEmpty)
    }

    @Test("cards first reviewed since an instant are counted; later reviews of older cards are not")
    func newCardCount() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        try store.record(makeReview("old", at: 0))
        try store.record(makeReview("old", at: 5_000))  // reviewed again after the instant
        try store.record(makeReview("new1", at: 4_000))  // first reviewed exactly at the instant
        try store.record(makeReview("new2", at: 4_500))
        try store.record(makeReview("new2", at: 4_600))
        try store.record(makeReview("elsewhere", deck: "other", at: 4_500))

        let since = storeEpoch.addingTimeInterval(4_000)
        #expect(try store.newCardCount(deck: "jlpt-n5", firstReviewedSince: since) == 2)
        #expect(try store.newCardCount(deck: "jlpt-n5", firstReviewedSince: storeEpoch) == 3)
        #expect(try store.newCardCount(deck: "missing", firstReviewedSince: since) == 0)
    }

    @Test("new questions are the never-reviewed ones in deck order, up to the limit, and stop being new once answered")
    func newQuestionsInDeckOrder() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        try store.record(makeReview("二", at: 0))
        let deck = ["一", "二", "三", "四", "五"]
        #expect(try store.newQuestions(deck: "jlpt-n5", in: deck, limit: 3) == ["一", "三", "四"])

        try store.record(makeReview("三", at: 10))  // after the first call cached the deck
        #expect(try store.newQuestions(deck: "jlpt-n5", in: deck, limit: 3) == ["一", "四", "五"])
        #expect(try store.newQuestions(deck: "jlpt-n4", in: deck, limit: 2) == ["一", "二"])
        #expect(try store.newQuestions(deck: "jlpt-n5", in: deck, limit: 0).isEmpty)
    }

    @Test("when a deck's list changes, new questions follow its new order and include what was added")
    func changedDeckList() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        try store.record(makeReview("二", at: 0))
        #expect(try store.newQuestions(deck: "jlpt-n5", in: ["一", "二", "三"], limit: 5) == ["一", "三"])

        let edited = ["零", "三", "二", "一", "三"]  // reordered, extended, one repeated
        #expect(try store.newQuestions(deck: "jlpt-n5", in: edited, limit: 5) == ["零", "三", "一"])
        let reopened = try ReviewStore(path: storePath(in: directory))
        #expect(try reopened.newQuestions(deck: "jlpt-n5", in: edited, limit: 5) == ["零", "三", "一"])
        #expect(try reopened.newQuestions(deck: "jlpt-n5", in: ["一", "二", "三"], limit: 5) == ["一", "三"])
    }
}

/// A card left in relearning with a step, a fractional stability and times with milliseconds.
private let relearningReview = Review(
    card: CardID(deck: "kuchi-basics", question: "ありがとう"), rating: .again,
    time: Date(timeIntervalSince1970: 1_795_306_500.123), answerTime: .milliseconds(2_345),
    after: FSRSCard(
        state: .relearning, step: 1, stability: 0.123_456_789, difficulty: 7.654_321,
        due: Date(timeIntervalSince1970: 1_795_307_100.456), lastReview: Date(timeIntervalSince1970: 1_795_306_500.123)))
