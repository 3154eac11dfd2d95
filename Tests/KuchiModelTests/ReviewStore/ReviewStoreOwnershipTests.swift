import Foundation
import Testing
@testable import KuchiModel

@Suite("Review store: Kuchi's own database, and only that")
struct ReviewStoreOwnershipTests {
    @Test("a new database carries Kuchi's application id")
    func newDatabaseIsMarked() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        _ = try ReviewStore(path: path)
        #expect(try SQLiteDatabase(path: path).integer("PRAGMA application_id") == Int64(ReviewStore.applicationID))
    }

    @Test("another program's SQLite file is refused, with its tables named, and left byte for byte")
    func foreignFileRefused() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try makeForeignDatabase(at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = #expect(throws: ReviewStoreError.self) { try ReviewStore(path: path) }
        #expect(error?.kind == .foreign(tables: ["notes", "tags"]))
        #expect(error?.description == "\(path) is another program's database, not Kuchi's "
            + "(its tables are \"notes\", \"tags\"); it was left as it is")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kuchi.sqlite3"])
    }

    @Test("a file with Kuchi's tables but another program's mark is refused")
    func foreignMarkRefused() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try ReviewStore(path: path).record(makeReview("犬", at: 0))
        try SQLiteDatabase(path: path).execute("PRAGMA application_id = 1234")

        let error = #expect(throws: ReviewStoreError.self) { try ReviewStore(path: path) }
        #expect(error?.kind == .foreign(tables: [
            "card", "deck", "deck_question", "event", "legacy_progress", "review", "suspended_card", "sync_answer_id", "sync_device",
            "sync_file", "sync_outbox", "sync_own", "sync_register", "sync_retracted", "sync_review", "sync_state",
            "sync_unsent_retraction", "sync_unsent_review", "sync_unsent_suspension", "unlisted_import",
        ]))
    }

    @Test("a Kuchi database from before the mark is taken as Kuchi's, marked, and keeps its reviews")
    func unmarkedKuchiDatabaseAdopted() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        // Databases from before the mark have at most schema 2's tables.
        try ReviewStore(path: path, migrations: Array(ReviewStoreSchema.migrations.prefix(2)))
            .record(makeReview("犬", at: 0))
        try SQLiteDatabase(path: path).execute("PRAGMA application_id = 0")
        // Positive control: the same file with one table more is someone else's.
        let copyFolder = try TemporaryFolder("copy")
        let copy = storePath(in: copyFolder.url)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try SQLiteDatabase(path: copy).execute("CREATE TABLE photos (id)")
        #expect(throws: ReviewStoreError.self) { try ReviewStore(path: copy) }

        let store = try ReviewStore(path: path)
        #expect(try store.reviews(of: CardID(deck: "jlpt-n5", question: "犬")).count == 1)
        #expect(try SQLiteDatabase(path: path).integer("PRAGMA application_id") == Int64(ReviewStore.applicationID))
    }

    @Test("an empty file is made into a new database")
    func emptyFileInitialised() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try Data().write(to: URL(fileURLWithPath: path))
        try ReviewStore(path: path).record(makeReview("犬", at: 0))
        #expect(try SQLiteDatabase(path: path).integer("SELECT count(*) FROM review") == 1)
    }

    @Test("with another program's file in its place, the planner keeps this run's reviews in memory and says so")
    @MainActor
    func plannerKeepsReviewsInMemory() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        try makeForeignDatabase(at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let planner = StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() })
        #expect(planner.isScheduling)
        #expect(planner.sessionQuestions(deck: "n", questions: ["q0", "q1"], limit: 5) == ["q0", "q1"])
        #expect(planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(2)) != nil)
        #expect(planner.statistics(deck: "n", deckSize: 2)?.cards.new == 1)
        let problem = try #require(planner.openProblem)
        #expect(problem.contains("another program's database") && problem.contains("in memory only"), "\(problem)")
        #expect(planner.saveProblem == nil)
        planner.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kuchi.sqlite3"])
    }
}

/// A notes app's database: two tables, a row, no application id.
private func makeForeignDatabase(at path: String) throws {
    let database = try SQLiteDatabase(path: path)
    try database.execute("""
        CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
        CREATE TABLE tags (note INTEGER, tag TEXT);
        INSERT INTO notes (body) VALUES ('buy milk');
        PRAGMA user_version = 3;
        """)
}
