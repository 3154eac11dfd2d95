import Foundation
import KuchiModel
import Testing

@Suite("Review store: the database file")
struct ReviewStoreFileTests {
    @Test("a new database is created with its folder, at the latest schema version, in WAL mode")
    func createsDatabase() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory.appendingPathComponent("data/kuchi"))
        _ = try ReviewStore(path: path)
        let database = try SQLiteDatabase(path: path)
        #expect(try database.integer("PRAGMA user_version") == Int64(ReviewStoreSchema.migrations.count))
        #expect(try database.text("PRAGMA journal_mode") == "wal")
    }

    @Test("a version-0 database (SQLite, but no Kuchi tables yet) is migrated and usable")
    func migratesVersionZero() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try SQLiteDatabase(path: path).execute("CREATE TABLE scratch (x); DROP TABLE scratch")

        let store = try ReviewStore(path: path)
        try store.record(makeReview("犬", at: 0))
        #expect(try SQLiteDatabase(path: path).integer("PRAGMA user_version") == Int64(latestVersion))
    }

    @Test("an older database is brought up to date by the later migrations, keeping its reviews")
    func migratesOlderVersion() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try ReviewStore(path: path).record(makeReview("犬", at: 0))

        let newer = try ReviewStore(path: path, migrations: ReviewStoreSchema.migrations + [addNotes])
        #expect(try newer.reviews(of: CardID(deck: "jlpt-n5", question: "犬")).count == 1)
        let database = try SQLiteDatabase(path: path)
        #expect(try database.integer("PRAGMA user_version") == Int64(latestVersion + 1))
        #expect(try database.integer("SELECT count(*) FROM card WHERE note IS NULL") == 1)
    }

    @Test("a database from a newer Kuchi is refused with both versions, and not modified")
    func refusesNewerSchema() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try ReviewStore(path: path, migrations: ReviewStoreSchema.migrations + [addNotes])
            .record(makeReview("犬", at: 0))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = #expect(throws: ReviewStoreError.self) { try ReviewStore(path: path) }
        #expect(error == ReviewStoreError(path: path, kind: .newerSchema(found: latestVersion + 1, supported: latestVersion)))
        #expect(error?.description == "\(path) was written by a newer version of Kuchi (database version \(latestVersion + 1); "
            + "this version knows up to \(latestVersion)); it was left as it is")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("a file of garbage is reported as not a database and left exactly as it is")
    func garbageIsNotADatabase() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let garbage = Data(String(repeating: "not a database, honestly. ", count: 200).utf8)
        try garbage.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: ReviewStoreError.self) { try ReviewStore(path: path) }
        #expect(error?.kind == .notADatabase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kuchi.sqlite3"])
    }

    @Test("a database cut short is reported as damaged and left as it is", arguments: Cut.allCases)
    func truncatedIsCorrupt(cut: Cut) throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let store = try ReviewStore(path: path)
        // One card answered 300 times: the file grows only in the review log's pages.
        for index in 0..<300 { try store.record(makeReview("犬", at: Double(index))) }
        _ = consume store  // closing copies the write-ahead log into the file
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = whole.prefix(cut.keeping(of: whole.count))
        try cut.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: ReviewStoreError.self) { try ReviewStore(path: path) }
        guard case .corrupt = error?.kind else { Issue.record("not reported as damaged: \(String(describing: error))"); return }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == cut)
    }

    @Test("damage to the card table is found on opening; the file is left as it is")
    func damagedCardsRefused() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try ReviewStore(path: path).record(makeReview("犬", at: 0))
        let damaged = try scribble(onRootPageOf: "card", in: path)

        let error = #expect(throws: ReviewStoreError.self) { try ReviewStore(path: path) }
        guard case .corrupt = error?.kind else { Issue.record("not reported as damaged: \(String(describing: error))"); return }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == damaged)
    }

    @Test("damage to the review log is left to the separate check, and a review then fails whole")
    func damagedLogFoundByCheck() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try ReviewStore(path: path).record(makeReview("犬", at: 0))
        let damaged = try scribble(onRootPageOf: "review", in: path)

        let store = try ReviewStore(path: path)  // opening skips the log, to stay fast
        let error = #expect(throws: ReviewStoreError.self) { try ReviewStore.checkReviewLog(path: path) }
        guard case .corrupt = error?.kind else { Issue.record("not reported as damaged: \(String(describing: error))"); return }
        let failed = #expect(throws: ReviewStoreError.self) { try store.record(makeReview("犬", at: 100, dueIn: 5)) }
        guard case .corrupt = failed?.kind else { Issue.record("not reported as damaged: \(String(describing: failed))"); return }
        #expect(try store.card(CardID(deck: "jlpt-n5", question: "犬")) == makeReview("犬", at: 0).after)
        _ = consume store
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == damaged)
    }

    @Test("damage to sync's ledgers of the review log is left to the separate check, which finds it",
          arguments: ["sync_review", "sync_own", "sync_unsent_review"])
    func damagedSyncLedgerFoundByCheck(table: String) throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try ReviewStore(path: path).record(makeReview("犬", at: 0))
        let damaged = try scribble(onRootPageOf: table, in: path)

        // Opening skips them, as it skips the log: they grow with the history.
        let store = try ReviewStore(path: path)
        #expect(try store.card(CardID(deck: "jlpt-n5", question: "犬")) == makeReview("犬", at: 0).after)
        let error = #expect(throws: ReviewStoreError.self) { try ReviewStore.checkReviewLog(path: path) }
        guard case .corrupt = error?.kind else { Issue.record("not reported as damaged: \(String(describing: error))"); return }
        _ = consume store
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == damaged)
    }

    @Test("the separate check of the review log passes a sound database")
    func soundLogPasses() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let store = try ReviewStore(path: path)
        try store.record(makeReview("犬", at: 0))
        try ReviewStore.checkReviewLog(path: path)  // while the store is open, too
    }
}

/// Ways to cut a database short.
enum Cut: CaseIterable, CustomTestStringConvertible {
    case half
    /// Only the last page, one of the review log's, which opening does not check:
    /// SQLite sees the file is shorter than its header says.
    case lastPage
    /// All but 1 KiB, less than a page.
    case allButOneKiB

    func keeping(of size: Int) -> Int {
        switch self {
        case .half: size / 2
        case .lastPage: size - 4_096
        case .allButOneKiB: 1_024
        }
    }

    var testDescription: String { "\(self)" }
}

/// A stand-in for a later Kuchi's migration.
/// The schema version this Kuchi writes.
private let latestVersion = ReviewStoreSchema.migrations.count

/// A migration of a later Kuchi.
private let addNotes = ReviewStoreMigration(version: latestVersion + 1, sql: "ALTER TABLE card ADD COLUMN note TEXT")

/// Overwrites all but the first byte of the root page of `table` (a closed database's),
/// as a failing disk might; returns the damaged file's contents.
func scribble(onRootPageOf table: String, in path: String) throws -> Data {
    let database = try SQLiteDatabase(path: path)
    let page = try #require(try database.integer("SELECT rootpage FROM sqlite_schema WHERE name = ?", [.text(table)]))
    let size = try #require(try database.integer("PRAGMA page_size"))
    _ = consume database
    var contents = try Data(contentsOf: URL(fileURLWithPath: path))
    let start = Int((page - 1) * size)
    contents.replaceSubrange((start + 1)..<(start + Int(size)), with: Data(repeating: 0x55, count: Int(size) - 1))
    try contents.write(to: URL(fileURLWithPath: path))
    return contents
}
