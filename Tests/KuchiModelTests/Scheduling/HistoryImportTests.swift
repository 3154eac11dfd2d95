import Foundation
import Testing
@testable import KuchiModel

/// Another program's review history replayed into Kuchi's log (an Anki package's).
@Suite("Imported review history")
struct HistoryImportTests {
    private let start = Date(timeIntervalSince1970: 1_760_000_000)
    private let scheduler = FSRSScheduler(desiredRetention: 0.9)

    /// 食べる: Good, Good 10 minutes later, Again 3 days later, Good 10 minutes after;
    /// 飲む: Hard, then Easy a day later, given out of order.
    private var history: [ImportedReview] {
        let day = 86_400.0
        return [
            ImportedReview(question: "食べる", time: start, rating: .good, duration: .milliseconds(3_200), kind: .review),
            ImportedReview(question: "飲む", time: start.addingTimeInterval(day + 5), rating: .easy, duration: .milliseconds(900), kind: .review),
            ImportedReview(question: "食べる", time: start.addingTimeInterval(600), rating: .good, duration: .milliseconds(2_100), kind: .review),
            ImportedReview(question: "飲む", time: start.addingTimeInterval(5), rating: .hard, duration: .milliseconds(7_000), kind: .review),
            ImportedReview(question: "食べる", time: start.addingTimeInterval(3 * day), rating: .again, duration: .milliseconds(12_000), kind: .review),
            ImportedReview(question: "食べる", time: start.addingTimeInterval(3 * day + 600), rating: .good, duration: .milliseconds(4_000), kind: .review),
            // The same answer twice in the log (same millisecond): one review.
            ImportedReview(question: "食べる", time: start.addingTimeInterval(3 * day + 600), rating: .good, duration: .milliseconds(4_000), kind: .review),
        ]
    }

    /// The states a direct FSRS replay gives, one review after another.
    private func directReplay(_ ratings: [(TimeInterval, FSRSRating)]) -> [FSRSCard] {
        var card = FSRSCard(due: start.addingTimeInterval(ratings[0].0))
        return ratings.map { offset, rating in
            card = scheduler.review(card, rating: rating, at: start.addingTimeInterval(offset))
            return card
        }
    }

    @Test("each card's state is a direct FSRS replay of its history, and every review is in the log with its time and duration")
    func replayEqualsDirect() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        let result = try store.importHistory(history, deck: "anki-core", scheduler: scheduler)
        #expect(result == HistoryImport(cards: 2, reviews: 6, cardsKept: 0, reviewsSkipped: 0))

        let day = 86_400.0
        let eat = directReplay([(0, .good), (600, .good), (3 * day, .again), (3 * day + 600, .good)])
        let logged = try store.reviews(of: CardID(deck: "anki-core", question: "食べる"))
        #expect(logged.map(\.review.after) == eat)
        #expect(logged.map(\.review.rating) == [.good, .good, .again, .good])
        #expect(logged.map(\.review.answerTime) == [.milliseconds(3_200), .milliseconds(2_100), .milliseconds(12_000),
                                                    .milliseconds(4_000)])
        #expect(logged.map(\.before) == [nil] + eat.dropLast().map { Optional($0) })
        #expect(try store.card(CardID(deck: "anki-core", question: "食べる")) == eat.last)

        let drink = directReplay([(5, .hard), (day + 5, .easy)])
        #expect(try store.reviews(of: CardID(deck: "anki-core", question: "飲む")).map(\.review.after) == drink)
        #expect(try store.card(CardID(deck: "anki-core", question: "飲む")) == drink.last)

        // A card with a history is no longer new: a session asks it when it is due.
        let due = try store.dueCards(deck: "anki-core", at: .distantFuture, limit: 10).map(\.question)
        #expect(Set(due) == ["食べる", "飲む"])
        #expect(try store.newQuestions(deck: "anki-core", in: ["食べる", "飲む", "水"], limit: 10) == ["水"])
    }

    @Test("importing again keeps Kuchi's own history: cards it has are left alone and counted")
    func secondImportKeepsHistory() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let store = try ReviewStore(path: storePath(in: directory))
        _ = try store.importHistory(Array(history.prefix(2)), deck: "anki-core", scheduler: scheduler)
        let before = try store.reviews(of: CardID(deck: "anki-core", question: "食べる"))
        let again = try store.importHistory(history, deck: "anki-core", scheduler: scheduler)
        #expect(again == HistoryImport(cards: 0, reviews: 0, cardsKept: 2, reviewsSkipped: 6))
        #expect(try store.reviews(of: CardID(deck: "anki-core", question: "食べる")) == before)
    }

    @Test("a database locked by another connection: the import adds nothing, says why, and works once the lock is gone")
    func allOrNothing() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let store = try ReviewStore(path: path)
        // Another connection holds the write lock: the import cannot begin, and adds nothing.
        let blocker = try SQLiteDatabase(path: path)
        try blocker.execute("BEGIN IMMEDIATE")
        #expect(throws: ReviewStoreError.self) {
            try store.importHistory(history, deck: "anki-core", scheduler: scheduler)
        }
        try blocker.execute("ROLLBACK")
        #expect(try store.reviews(of: CardID(deck: "anki-core", question: "食べる")).isEmpty)
        #expect(try store.importHistory(history, deck: "anki-core", scheduler: scheduler).reviews == 6)
    }
}

extension HistoryImportTests {
    @Test("a history whose deck file was never listed is taken back; its cards are new again, the deck's older ones kept")
    func unlistedHistoryTakenBack() throws {
        let temporaryFolder = try TemporaryFolder()
        let path = storePath(in: temporaryFolder.url)
        let store = try ReviewStore(path: path)
        let eat = CardID(deck: "anki-core", question: "食べる")
        let drink = CardID(deck: "anki-core", question: "飲む")
        _ = try store.newQuestions(deck: "anki-core", in: ["食べる", "飲む", "水"], limit: 10)
        // The deck already had 食べる's history (say, a deck file removed by hand).
        _ = try store.importHistory(history.filter { $0.question == "食べる" }, deck: "anki-core", scheduler: scheduler)
        let kept = try store.reviews(of: eat)
        let replayed = try store.importHistory(history, deck: "anki-core", scheduler: scheduler, unlistedFile: "anki-core")
        #expect(replayed == HistoryImport(cards: 1, reviews: 2, cardsKept: 1, reviewsSkipped: 4))
        // Kuchi killed before the deck file: the next start settles with the file absent.
        let next = try ReviewStore(path: path)
        #expect(try next.settleImports { _ in false } == 2)
        #expect(try next.reviews(of: drink).isEmpty)
        #expect(try next.card(drink) == nil, "new again")
        #expect(try next.newQuestions(deck: "anki-core", in: ["食べる", "飲む", "水"], limit: 10) == ["飲む", "水"])
        #expect(try next.reviews(of: eat) == kept, "what the deck had before the import stays")
        #expect(try next.settleImports { _ in false } == 0, "settled once")
    }

    @Test("a history whose deck file is listed is kept, and its mark goes: a later settling takes nothing back")
    func listedHistoryKept() throws {
        let temporaryFolder = try TemporaryFolder()
        let store = try ReviewStore(path: storePath(in: temporaryFolder.url))
        _ = try store.importHistory(history, deck: "anki-core/production", scheduler: scheduler, unlistedFile: "anki-core")
        var asked: [String] = []
        #expect(try store.settleImports { asked.append($0); return true } == 0)
        #expect(asked == ["anki-core"], "asked by the deck file's id, not the schedule's key")
        #expect(try store.settleImports { _ in false } == 0)
        #expect(try store.reviews(of: CardID(deck: "anki-core/production", question: "飲む")).count == 2)
    }

    @Test("a replay rolled back leaves no mark; a database of version 3 gains the marks' table and keeps its history")
    func marksWithTheTransaction() throws {
        let temporaryFolder = try TemporaryFolder()
        let path = storePath(in: temporaryFolder.url)
        let old = try ReviewStore(path: path, migrations: Array(ReviewStoreSchema.migrations.prefix(3)))
        _ = try old.importHistory(Array(history.prefix(2)), deck: "anki-core", scheduler: scheduler)
        // Positive control: version 3 has nowhere to keep the mark.
        #expect(throws: ReviewStoreError.self) {
            try old.importHistory(history, deck: "other", scheduler: scheduler, unlistedFile: "other")
        }
        let store = try ReviewStore(path: path)
        #expect(try store.reviews(of: CardID(deck: "anki-core", question: "食べる")).count == 1)
        #expect(throws: ReviewStoreError.self) {
            try store.importHistory(history, deck: "other", scheduler: scheduler, unlistedFile: "other") { true }
        }
        #expect(try SQLiteDatabase(path: path).integer("SELECT count(*) FROM unlisted_import") == 0)
    }

    @MainActor
    @Test("a replay on a connection of its own commits whole, or rolls back whole when stopped")
    func replayer() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_760_000_000 + 30 * 86_400))
        let replayer = try #require(try fixture.planner.historyReplayer())
        var asked = 0
        #expect(throws: ReviewStoreError.self) {
            try replayer.replay(history, deck: "anki-core", unlistedFile: "anki-core") {
                asked += 1
                return asked > 1  // stopped after the first card went in
            }
        }
        #expect(try fixture.reopen().reviews(of: CardID(deck: "anki-core", question: "飲む")).isEmpty, "rolled back")
        let before = fixture.planner.revision
        let result = try replayer.replay(history, deck: "anki-core", unlistedFile: "anki-core")
        #expect(result.cards == 2 && result.reviews == 6)
        fixture.planner.historyReplayed(result)
        #expect(fixture.planner.revision > before, "what shows the schedule follows")
        #expect(try fixture.reopen().reviews(of: CardID(deck: "anki-core", question: "飲む")).count > 0)
    }

    @MainActor
    @Test("through the planner: the imported cards are due by their history, with today's desired retention")
    func throughPlanner() throws {
        let fixture = try PlannerFixture(at: Date(timeIntervalSince1970: 1_760_000_000 + 30 * 86_400))
        fixture.settings.desiredRetention = 85
        let before = fixture.planner.revision
        let result = try fixture.planner.importHistory(history, deck: "anki-core")
        #expect(result.cards == 2 && result.reviews == 6)
        #expect(fixture.planner.revision > before, "what shows the schedule follows")
        let retention85 = FSRSScheduler(desiredRetention: 0.85)
        var card = FSRSCard(due: start)
        for (offset, rating) in [(0.0, FSRSRating.hard), (86_400.0, .easy)] {
            card = retention85.review(card, rating: rating, at: start.addingTimeInterval(offset + 5))
        }
        #expect(try fixture.reopen().card(CardID(deck: "anki-core", question: "飲む")) == card)
        // A month later both are due: a session asks them, and no new card before them.
        let deck = Deck(name: "Core", language: "ja", cards: [
            Challenge(question: "食べる", reading: "たべる", answer: "to eat"),
            Challenge(question: "飲む", reading: "のむ", answer: "to drink"),
            Challenge(question: "水", reading: "みず", answer: "water"),
        ])
        let planned = fixture.planner.sessionQuestions(deck: "anki-core", questions: deck.cards.map(\.question), limit: 2)
        #expect(Set(planned) == ["食べる", "飲む"])
    }
}
