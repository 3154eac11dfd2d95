import Foundation
import KuchiModel
import Testing

@Suite("Review store: taking back a card's latest review")
struct ReviewStoreUndoTests {
    @Test("taking back a new card's first review removes its row: it is new again, and not counted as started today")
    func undoFirstReview() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let store = try ReviewStore(path: path)
        try store.record(makeReview("猫", at: 0))
        #expect(try store.newQuestions(deck: "jlpt-n5", in: ["犬", "猫"], limit: 5) == ["犬"])
        let rows = try cardRows(path)

        let id = try store.record(makeReview("犬", at: 60))
        // Positive control: the review changed the card table and the new cards.
        #expect(try cardRows(path) != rows)
        #expect(try store.newQuestions(deck: "jlpt-n5", in: ["犬", "猫"], limit: 5).isEmpty)

        let undone = try store.undo(reviewID: id)
        #expect(undone == LoggedReview(id: id, review: makeReview("犬", at: 60), before: nil))
        #expect(try store.card(dog) == nil)
        #expect(try store.reviews(of: dog).isEmpty)
        #expect(try cardRows(path) == rows)
        #expect(try store.newQuestions(deck: "jlpt-n5", in: ["犬", "猫"], limit: 5) == ["犬"])
        #expect(try store.newCardCount(deck: "jlpt-n5", firstReviewedSince: storeEpoch) == 1)
    }

    @Test("taking back a later review puts the card's row back exactly as it was before it")
    func undoLaterReview() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let store = try ReviewStore(path: path)
        let first = makeReview("犬", rating: .good, at: 0, state: .learning, dueIn: 600)
        try store.record(first)
        let rows = try cardRows(path)
        let card = try store.card(dog)

        let second = makeReview("犬", rating: .again, at: 700, state: .relearning, dueIn: 60)
        let id = try store.record(second)
        #expect(try cardRows(path) != rows, "positive control")

        let undone = try store.undo(reviewID: id)
        #expect(undone == LoggedReview(id: id, review: second, before: first.after))
        #expect(try store.card(dog) == card)
        #expect(try cardRows(path) == rows)
        #expect(try store.reviews(of: dog).map(\.review) == [first])
    }

    @Test("only a card's latest review can be taken back; an earlier one is refused and nothing changes")
    func onlyTheLatest() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let store = try ReviewStore(path: path)
        let first = try store.record(makeReview("犬", at: 0))
        let second = try store.record(makeReview("犬", at: 700))
        // A later review of another card does not make the dog's second one less its latest.
        try store.record(makeReview("猫", at: 800))
        let rows = try cardRows(path)

        let error = #expect(throws: ReviewStoreError.self) { try store.undo(reviewID: first) }
        #expect(error == ReviewStoreError(path: path, kind: .notLatestReview(first)))
        #expect(error?.description == "review \(first) in \(path) cannot be taken back: it is not the last answer "
            + "to its card, or no longer in the log; nothing was changed")
        #expect(try cardRows(path) == rows)
        #expect(try store.reviews(of: dog).count == 2)

        try store.undo(reviewID: second)
        // Gone from the log, it cannot be taken back twice.
        #expect(throws: ReviewStoreError(path: path, kind: .notLatestReview(second))) { try store.undo(reviewID: second) }
        #expect(throws: ReviewStoreError(path: path, kind: .notLatestReview(999))) { try store.undo(reviewID: 999) }
        #expect(try store.reviews(of: dog).map(\.id) == [first])
    }

    @Test("the database itself refuses to delete a review that is not its card's latest, and any update")
    func databaseKeepsTheRule() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let store = try ReviewStore(path: path)
        let first = try store.record(makeReview("犬", at: 0))
        let second = try store.record(makeReview("犬", at: 700))

        let other = try SQLiteDatabase(path: path)
        #expect(throws: SQLiteError.self) { try other.execute("DELETE FROM review WHERE id = \(first)") }
        #expect(throws: SQLiteError.self) { try other.execute("UPDATE review SET rating = 1 WHERE id = \(second)") }
        try other.execute("DELETE FROM review WHERE id = \(second)")
        #expect(try store.reviews(of: dog).map(\.id) == [first])
    }

    @Test("an undo is on disk when it returns: a store opened after it finds it undone")
    func undoIsDurable() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let store = try ReviewStore(path: path)
        try store.record(makeReview("犬", at: 0, state: .learning))
        let rows = try cardRows(path)
        let id = try store.record(makeReview("犬", at: 700))
        try store.undo(reviewID: id)

        // The first store is still open: the new one reads what was committed.
        let reopened = try ReviewStore(path: path)
        #expect(try reopened.reviews(of: dog).map(\.review) == [makeReview("犬", at: 0, state: .learning)])
        #expect(try reopened.card(dog) == makeReview("犬", at: 0, state: .learning).after)
        #expect(try cardRows(path) == rows)
    }

    @Test("a database from before reviews could be taken back is migrated, and its latest review can be")
    func migratesVersion1() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let old = try ReviewStore(path: path, migrations: Array(ReviewStoreSchema.migrations.prefix(1)))
        let id = try old.record(makeReview("犬", at: 0))
        // Positive control: version 1's log is append-only.
        #expect(throws: ReviewStoreError.self) { try old.undo(reviewID: id) }
        #expect(try old.reviews(of: dog).count == 1)

        let store = try ReviewStore(path: path)
        #expect(try SQLiteDatabase(path: path).integer("PRAGMA user_version") == Int64(ReviewStoreSchema.migrations.count))
        try store.undo(reviewID: id)
        #expect(try store.reviews(of: dog).isEmpty)
        #expect(try store.card(dog) == nil)
    }
}

private let dog = CardID(deck: "jlpt-n5", question: "犬")

/// Every column of a card row.
private struct CardRow: Equatable {
    var id, deck: Int64
    var question: String
    var state: Int64
    var step: Int64?
    var stability, difficulty: Double?
    var due: Int64
    var lastReview: Int64?
    var firstReview: Int64
}

/// The whole card table of the database at `path`, read through a connection of its own.
private func cardRows(_ path: String) throws -> [CardRow] {
    var rows: [CardRow] = []
    try SQLiteDatabase(path: path).query("""
        SELECT id, deck, question, state, step, stability, difficulty, due, last_review, first_review
        FROM card ORDER BY id
        """) { row in
            rows.append(CardRow(
                id: row.integer(0), deck: row.integer(1), question: row.text(2), state: row.integer(3),
                step: row.optionalInteger(4), stability: row.optionalReal(5), difficulty: row.optionalReal(6),
                due: row.integer(7), lastReview: row.optionalInteger(8), firstReview: row.integer(9)))
        }
    return rows
}
