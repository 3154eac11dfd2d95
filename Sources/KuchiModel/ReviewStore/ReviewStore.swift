import CSQLite
import FoundationEssentials

/// The learner's spaced-repetition memory: each card's FSRS state and the log of every
/// answer, in one SQLite database file.
///
/// Every ``record(_:)`` is one transaction, committed durably (WAL, `synchronous=FULL`)
/// before it returns: after a crash or a power cut a review is either fully there or
/// not there at all. So is every ``undo(reviewID:)``, which takes back a card's latest
/// review (ReviewStore+Undo.swift). A file the store cannot use (not a database, damaged, from a newer
/// Kuchi, locked by another program) is reported with a ``ReviewStoreError`` and left
/// exactly as it is, never replaced or deleted.
///
/// Not `Sendable`: the store owns one SQLite connection and a cache, and is meant to be
/// created and used on the main actor (each call takes well under a few milliseconds).
/// Use the store from one isolation domain at a time; SQLite's own mutex is off.
public final class ReviewStore {
    /// The database file.
    public let path: String
    let database: SQLiteDatabase
    /// Deck names → row ids. Decks are never deleted, so an id once seen stays valid.
    var deckIDs: [String: Int64] = [:]
    /// Per deck, the fingerprint of the question list known to be registered in the
    /// database (see ``newQuestions(deck:in:limit:)``), so it is read once per run.
    var registeredLists: [String: Int64] = [:]

    /// Opens the database at `path`, creating it (and its folder, owner-only) if missing
    /// and bringing an older schema up to date.
    ///
    /// Checks the file on the way (`PRAGMA quick_check`) and refuses, untouched, a file
    /// that is not a database, is damaged, or was written by a newer Kuchi.
    public convenience init(path: String) throws(ReviewStoreError) {
        try self.init(path: path, migrations: ReviewStoreSchema.migrations)
    }

    /// Opens with a given schema history; tests pass a longer one to act as a newer Kuchi.
    package init(path: String, migrations: [ReviewStoreMigration]) throws(ReviewStoreError) {
        self.path = path
        database = try Self.open(path: path, migrations: migrations)
    }

    /// A store for this run only, in memory (it is gone when the store is): where
    /// reviews go when the file at the database's path cannot be Kuchi's.
    public static func inMemory() throws(ReviewStoreError) -> ReviewStore {
        try ReviewStore(path: inMemoryPath, database: openInMemory(migrations: ReviewStoreSchema.migrations))
    }

    private init(path: String, database: SQLiteDatabase) {
        self.path = path
        self.database = database
    }

    /// Whether this store lives in memory only (see ``inMemory()``).
    public var isInMemory: Bool { path == Self.inMemoryPath }

    /// Copies every committed review from the write-ahead log into the database file
    /// and empties the log, so that the file alone is a complete copy of the history.
    ///
    /// Waits for the busy timeout if another connection is writing; a checkpoint that
    /// could not finish throws, and the log keeps what it has (nothing is lost).
    public func checkpoint() throws(ReviewStoreError) {
        guard !isInMemory else { return }
        try storeErrors {
            // Rows: busy (0 or 1), frames in the log, frames copied (-1, -1 if not WAL).
            var busy: Int64 = 0
            try database.query("PRAGMA wal_checkpoint(TRUNCATE)") { busy = $0.integer(0) }
            if busy != 0 { throw SQLiteError(code: SQLITE_BUSY, message: "the checkpoint waited for a reader", systemErrno: 0) }
        }
    }

    /// Whether `card` has a review logged at exactly `time` (to the millisecond): an
    /// answer kept while the database could not be written, already saved.
    public func hasReview(of card: CardID, at time: Date) throws(ReviewStoreError) -> Bool {
        try storeErrors {
            guard let deck = try deckID(named: card.deck) else { return false }
            return try database.integer("""
                SELECT count(*) FROM review WHERE card = (SELECT id FROM card WHERE deck = ? AND question = ?)
                    AND time = ?
                """, [.integer(deck), .text(card.question), .integer(time.storeMilliseconds)]) ?? 0 > 0
        }
    }

    /// Saves one review: the card's new state and a log entry, in one durable transaction;
    /// returns the log entry's id (see ``undo(reviewID:)``).
    ///
    /// The log's "before" is the state stored for the card at that moment (none for a
    /// new card), so the log always agrees with the card table. On error nothing is
    /// written.
    @discardableResult
    public func record(_ review: Review) throws(ReviewStoreError) -> Int64 {
        try record(review.card, rating: review.rating, time: review.time, answerTime: review.answerTime) { _ in
            review.after
        }.reviewID
    }

    /// Saves an answer to `card` as a review, in one durable transaction that reads the
    /// card's row once: `next` gives the card's state after the answer from the state
    /// stored (nil for a new card), and that state and a log entry are written. Returns
    /// the state after and the log entry's id (see ``undo(reviewID:)``).
    ///
    /// The log's "before" is the state `next` was given, so the log always agrees with
    /// the card table. On error nothing is written.
    public func record(
        _ card: CardID, rating: FSRSRating, time: Date, answerTime: Duration, next: (_ before: FSRSCard?) -> FSRSCard
    ) throws(ReviewStoreError) -> (after: FSRSCard, reviewID: Int64) {
        let (deck, after, id) = try storeErrors {
            try database.transaction {
                guard let deck = try deckID(named: card.deck, creating: true) else {
                    throw InvalidRow(detail: "deck \(card.deck) could not be added")
                }
                let stored = try storedCard(deck: deck, question: card.question)
                let after = next(stored?.card)
                let row: Int64
                if let stored {
                    row = stored.id
                    try database.run("""
                        UPDATE card SET state = ?, step = ?, stability = ?, difficulty = ?, due = ?,
                            last_review = ? WHERE id = ?
                        """, Self.values(of: after) + [.integer(row)])
                } else {
                    row = try insertCard(deck: deck, question: card.question, state: after, firstReview: time)
                }
                let review = Review(card: card, rating: rating, time: time, answerTime: answerTime, after: after)
                return (deck, after, try insertReview(review, card: row, deck: deck, before: stored?.card))
            }
        }
        // Only now that the transaction is committed may the cache learn of it.
        deckIDs[card.deck] = deck
        return (after, id)
    }

    /// Adds the card of `question` to `deck` in `state`, first reviewed at
    /// `firstReview`, and marks the question reviewed; returns its row. Inside a
    /// transaction: a review (``record(_:)``) or an imported history.
    func insertCard(deck: Int64, question: String, state: FSRSCard, firstReview: Date) throws -> Int64 {
        let inserted = try database.integer("""
            INSERT INTO card (deck, question, state, step, stability, difficulty, due,
                last_review, first_review) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """, [.integer(deck), .text(question)] + Self.values(of: state) + [.integer(firstReview.storeMilliseconds)])
        guard let inserted else { throw InvalidRow(detail: "a card could not be added") }
        try database.run(
            "UPDATE deck_question SET reviewed = 1 WHERE deck = ? AND question = ?", [.integer(deck), .text(question)])
        return inserted
    }

    /// Appends `review` of the card row `card` to the log, with the card's state
    /// `before` it (nil: it was new); returns its id. Inside a transaction.
    func insertReview(_ review: Review, card: Int64, deck: Int64, before: FSRSCard?) throws -> Int64 {
        let id = try database.integer("""
            INSERT INTO review (card, deck, time, rating, answer_ms,
                state_before, step_before, stability_before, difficulty_before, due_before,
                last_review_before, state_after, step_after, stability_after, difficulty_after,
                due_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """,
            [.integer(card), .integer(deck), .integer(review.time.storeMilliseconds),
             .integer(Int64(review.rating.rawValue)), .integer(review.answerTime.storeMilliseconds)]
                + Self.values(of: before) + Self.values(of: review.after).dropLast())
        guard let id else { throw InvalidRow(detail: "a review could not be added") }
        return id
    }

    /// The stored state of `card`, or `nil` if it was never reviewed (it is new).
    public func card(_ card: CardID) throws(ReviewStoreError) -> FSRSCard? {
        try storeErrors {
            guard let deck = try deckID(named: card.deck) else { return nil }
            return try storedCard(deck: deck, question: card.question)?.card
        }
    }

    /// The row id of the deck called `name`, added if missing and `creating` is set.
    func deckID(named name: String, creating: Bool = false) throws -> Int64? {
        if let known = deckIDs[name] { return known }
        let found: Int64?
        if creating {
            // An upsert that changes nothing, so RETURNING gives the id in both cases.
            found = try database.integer("""
                INSERT INTO deck (name) VALUES (?) ON CONFLICT (name) DO UPDATE SET name = excluded.name
                RETURNING id
                """, [.text(name)])
        } else {
            found = try database.integer("SELECT id FROM deck WHERE name = ?", [.text(name)])
            if let found { deckIDs[name] = found }
        }
        return found
    }

    /// Runs `body`, turning whatever it throws into a ``ReviewStoreError`` for this file.
    func storeErrors<Result>(_ body: () throws -> Result) throws(ReviewStoreError) -> Result {
        try Self.storeErrors(path: path, body)
    }

    /// Runs `body`, turning whatever it throws into a ``ReviewStoreError`` for `path`.
    static func storeErrors<Result>(path: String, _ body: () throws -> Result) throws(ReviewStoreError) -> Result {
        do {
            return try body()
        } catch let error as ReviewStoreError {
            throw error
        } catch let error as SQLiteError {
            throw ReviewStoreError(path: path, error)
        } catch let error as InvalidRow {
            throw ReviewStoreError(path: path, kind: .corrupt(error.detail))
        } catch {
            throw ReviewStoreError(path: path, kind: .other(String(describing: error)))
        }
    }
}

// The store owns a connection opened without SQLite's mutex.
@available(*, unavailable)
extension ReviewStore: Sendable {}
