import Foundation
import Testing
@testable import KuchiModel

@MainActor
@Suite("Answers the database cannot take yet, and closing it")
struct WaitingAnswersTests {
    @Test("answers given while another program holds the lock wait in order and are saved with their own times")
    func lockedAnswersWaitInOrder() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        let other = try SQLiteDatabase(path: storePath(in: fixture.directory))
        try other.execute("BEGIN IMMEDIATE")
        var times: [Date] = []
        for question in ["q1", "q2", "q1"] {
            times.append(fixture.clock.now)
            #expect(planner.review(question, deck: "n", rating: .good, answerTime: .seconds(2)) != nil)
            fixture.clock.advance(90)
        }
        #expect(planner.waitingCount == 3)
        let problem = try #require(planner.saveProblem)
        #expect(problem.hasPrefix("3 answers wait to be saved: ") && problem.contains("in use by another program"), "\(problem)")
        #expect(problem.contains("keeps them in kuchi.sqlite3.pending"), "\(problem)")
        #expect(try journalLines(fixture).count == 3)

        try other.execute("COMMIT")
        times.append(fixture.clock.now)
        #expect(planner.review("q3", deck: "n", rating: .again, answerTime: .seconds(2)) != nil)
        #expect(planner.waitingCount == 0)
        #expect(planner.saveProblem == nil)
        let logged = try fixture.reopen().database.query(time: "SELECT time FROM review ORDER BY id")
        #expect(logged == times.map(\.storeMilliseconds))
        #expect(try fixture.reopen().reviews(of: CardID(deck: "n", question: "q1")).count == 2)
        #expect(!FileManager.default.fileExists(atPath: storePath(in: fixture.directory) + ".pending"))
    }

    @Test("waiting answers are saved by the timer, with no other answer given")
    func timerSavesWaitingAnswers() async throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        planner.retryInterval = .milliseconds(20)
        var other: SQLiteDatabase? = try SQLiteDatabase(path: storePath(in: fixture.directory))
        try other?.execute("BEGIN IMMEDIATE")
        planner.review("q1", deck: "n", rating: .good, answerTime: .seconds(1))
        #expect(planner.waitingCount == 1)
        try other?.execute("COMMIT")
        other = nil
        await waitUntil("the timer saved the waiting answer") { planner.waitingCount == 0 }
        #expect(try fixture.reopen().reviews(of: CardID(deck: "n", question: "q1")).count == 1)
    }

    @Test("answers still waiting at exit are saved at the next start, and only once")
    func journalSavedAtNextStart() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let first = StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() })
        var other: SQLiteDatabase? = try SQLiteDatabase(path: path)
        try other?.execute("BEGIN IMMEDIATE")
        first.review("q1", deck: "n", rating: .good, answerTime: .seconds(1))
        first.review("q2", deck: "n", rating: .again, answerTime: .seconds(1))
        first.close()
        #expect(first.waitingCount == 2, "the lock outlived the exit")
        try other?.execute("COMMIT")
        other = nil
        let journal = try Data(contentsOf: URL(fileURLWithPath: path + ".pending"))

        let second = StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() })
        #expect(second.waitingCount == 0)
        second.close()
        #expect(try ReviewStore(path: path).database.query(time: "SELECT count(*) FROM review") == [2])
        // A crash between saving and removing the journal: the same lines again.
        try journal.write(to: URL(fileURLWithPath: path + ".pending"))
        StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() }).close()
        #expect(try ReviewStore(path: path).database.query(time: "SELECT count(*) FROM review") == [2])
        #expect(!FileManager.default.fileExists(atPath: path + ".pending"))
    }

    @Test("a line cut short by a kill is ignored; an unreadable line is named with its file and line and kept aside")
    func damagedJournalLines() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let good = #"{"answerMilliseconds":1000,"deck":"n","question":"q1","rating":3,"time":1763632800000}"#
        let later = #"{"answerMilliseconds":1000,"deck":"n","question":"q2","rating":1,"time":1763632900000}"#
        try Data("\(good)\nnot an answer\n\(later)\n{\"answerMill".utf8).write(to: URL(fileURLWithPath: path + ".pending"))

        let planner = StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() })
        let problem = try #require(planner.journalProblem)
        #expect(problem.hasPrefix("\(path).pending, line 2: not an answer Kuchi can read"), "\(problem)")
        #expect(problem.contains("moved it aside to kuchi.sqlite3.pending.corrupt-"), "\(problem)")
        #expect(planner.hasDismissibleProblems, "the banner offers Dismiss for it")
        planner.dismissProblems()
        #expect(planner.journalProblem == nil && !planner.hasDismissibleProblems)
        planner.close()
        let store = try ReviewStore(path: path)
        #expect(try store.reviews(of: CardID(deck: "n", question: "q1")).map(\.review.time) == [Date(storeMilliseconds: 1_763_632_800_000)])
        #expect(try store.reviews(of: CardID(deck: "n", question: "q2")).count == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.contains { $0.hasPrefix("kuchi.sqlite3.pending.corrupt-") })
    }

    @Test("closing brings the database file up to date: a copy of it alone holds every review")
    func closeCheckpoints() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let planner = StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() })
        planner.checkpointDelay = .seconds(3_600)
        for question in ["q1", "q2", "q3"] { planner.review(question, deck: "n", rating: .good, answerTime: .seconds(1)) }
        // Positive control: before closing, the file alone does not have them.
        #expect(try reviewsInCopy(ofFile: path) == 0)
        planner.close()
        #expect(try reviewsInCopy(ofFile: path) == 3)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(planner.review("q4", deck: "n", rating: .good, answerTime: .seconds(1)) == nil, "closed")
    }

    @Test("closing before the review log's check is due leaves the database file alone: no -wal or -shm beside it")
    func closeBeforeLogCheck() async throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        // As when the store opens late (a full disk with space again) and a quit follows
        // within the check's delay. Stopped, the check ends without waiting it out.
        let planner = StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() }, logCheckDelay: .seconds(2))
        planner.review("q1", deck: "n", rating: .good, answerTime: .seconds(1))
        let check = try #require(planner.connection.logCheck?.task)
        planner.close()
        await check.value
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kuchi.sqlite3"])
        #expect(!planner.hasCheckedLog, "the check did not run after the close")
        #expect(try reviewsInCopy(ofFile: path) == 1)
    }

    @Test("a quiet moment after answers checkpoints the log, so a copy of the file is a backup")
    func quietMomentCheckpoints() async throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = storePath(in: directory)
        let planner = StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() }, logCheckDelay: .seconds(3_600))
        planner.checkpointDelay = .milliseconds(50)
        planner.review("q1", deck: "n", rating: .good, answerTime: .seconds(1))
        planner.review("q2", deck: "n", rating: .good, answerTime: .seconds(1))
        #expect(try reviewsInCopy(ofFile: path) == 0, "positive control: not yet")
        // Waits for the quiet moment's task (the last save's) to end.
        let quietMoment = try #require(planner.answers.checkpointTask)
        let ended = Flag()
        Task {
            await quietMoment.value
            ended.set()
        }
        #expect(await ended.wait(), "the quiet moment's task ends")
        #expect(planner.answers.checkpoints == 1, "one checkpoint after the two saves")
        #expect(try reviewsInCopy(ofFile: path) == 2)
        planner.close()
    }
}

private func journalLines(_ fixture: PlannerFixture) throws -> [Substring] {
    let text = try String(contentsOfFile: storePath(in: fixture.directory) + ".pending", encoding: .utf8)
    return text.split(separator: "\n")
}

/// Copies only the database file (none of SQLite's -wal or -shm) and counts its reviews.
private func reviewsInCopy(ofFile path: String) throws -> Int64 {
    let copyFolder = try TemporaryFolder("copy")
    let copy = copyFolder.url.appendingPathComponent("copy.sqlite3").path
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let database = try SQLiteDatabase(path: copy, readOnly: true)
    let hasLog = try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'review'") == 1
    return hasLog ? try database.integer("SELECT count(*) FROM review") ?? 0 : 0
}

private extension SQLiteDatabase {
    /// The first column of every row, as integers.
    func query(time sql: String) throws -> [Int64] {
        var values: [Int64] = []
        try query(sql) { values.append($0.integer(0)) }
        return values
    }
}
