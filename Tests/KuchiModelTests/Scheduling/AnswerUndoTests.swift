import Foundation
import Testing
@testable import KuchiModel

@MainActor
@Suite("Taking back the last answer: the planner")
struct AnswerUndoTests {
    @Test("a saved answer is taken back: the card and its log are as before it, and the statistics follow")
    func savedAnswer() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1))
        fixture.clock.advance(600)
        let card = try fixture.reopen().card(q0)
        let statistics = planner.statistics(deck: "n", deckSize: 3)
        planner.review("q0", deck: "n", rating: .again, answerTime: .seconds(2))
        let given = try #require(planner.lastAnswer)
        #expect(planner.statistics(deck: "n", deckSize: 3) != statistics, "positive control")
        let revision = planner.revision

        #expect(try planner.undoLastAnswer() == given)
        #expect(planner.revision == revision + 1)
        #expect(try fixture.reopen().card(q0) == card)
        #expect(try fixture.reopen().reviews(of: q0).map(\.review.rating) == [.good])
        #expect(planner.statistics(deck: "n", deckSize: 3) == statistics)
    }

    @Test("a second undo does nothing: only the one last answer is taken back")
    func onlyOnce() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1))
        fixture.clock.advance(60)
        planner.review("q1", deck: "n", rating: .good, answerTime: .seconds(1))

        #expect(try planner.undoLastAnswer()?.card == q1)
        #expect(planner.lastAnswer == nil)
        #expect(try planner.undoLastAnswer() == nil)
        #expect(try fixture.reopen().reviews(of: q0).count == 1)
        #expect(try fixture.reopen().reviews(of: q1).isEmpty)
    }

    @Test("a waiting answer is taken out of the queue and the journal: a kill after it, and it is never saved")
    func waitingAnswer() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        var other: SQLiteDatabase? = try SQLiteDatabase(path: storePath(in: fixture.directory))
        try other?.execute("BEGIN IMMEDIATE")
        planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1))
        let firstLine = try journal(fixture)
        fixture.clock.advance(60)
        planner.review("q1", deck: "n", rating: .again, answerTime: .seconds(1))
        #expect(planner.waitingCount == 2)
        #expect(try journal(fixture).split(separator: "\n").count == 2)

        #expect(try planner.undoLastAnswer()?.card == q1)
        #expect(planner.waitingCount == 1)
        #expect(try journal(fixture) == firstLine)
        #expect(planner.saveProblem?.hasPrefix("1 answer waits to be saved") == true, "\(planner.saveProblem ?? "")")
        #expect(try planner.undoLastAnswer() == nil, "once")
        #expect(planner.waitingCount == 1)

        // Killed now (the planner is never closed), then started again once the lock is gone.
        try other?.execute("COMMIT")
        other = nil
        let path = storePath(in: fixture.directory)
        StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() }).close()
        let store = try ReviewStore(path: path)
        #expect(try store.reviews(of: q0).count == 1)
        #expect(try store.reviews(of: q1).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path + ".pending"))
    }

    @Test("the only waiting answer taken back: the journal is removed and the banner's sentence goes")
    func onlyWaitingAnswer() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        let other = try SQLiteDatabase(path: storePath(in: fixture.directory))
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("COMMIT") }
        planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1))
        #expect(FileManager.default.fileExists(atPath: storePath(in: fixture.directory) + ".pending"))
        #expect(planner.saveProblem != nil)

        #expect(try planner.undoLastAnswer()?.card == q0)
        #expect(planner.waitingCount == 0)
        #expect(planner.saveProblem == nil)
        #expect(!FileManager.default.fileExists(atPath: storePath(in: fixture.directory) + ".pending"))
    }

    @Test("answers waiting for the same card: taking back the newest leaves the card as the one before made it")
    func waitingAnswersToOneCard() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        let other = try SQLiteDatabase(path: storePath(in: fixture.directory))
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("COMMIT") }
        let first = try #require(planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1)))
        fixture.clock.advance(600)
        let second = try #require(planner.review("q0", deck: "n", rating: .again, answerTime: .seconds(1)))
        #expect(planner.answers.expected[q0] == second)

        try planner.undoLastAnswer()
        #expect(planner.answers.expected[q0] == first)
    }

    @Test("an answer kept in memory only (the journal cannot be written) is taken back from memory")
    func answerInMemoryOnly() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        // A folder where the journal should be: it cannot be written.
        try FileManager.default.createDirectory(
            atPath: storePath(in: fixture.directory) + ".pending", withIntermediateDirectories: false)
        let other = try SQLiteDatabase(path: storePath(in: fixture.directory))
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("COMMIT") }
        planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1))
        planner.review("q1", deck: "n", rating: .good, answerTime: .seconds(1))
        #expect(planner.saveProblem?.contains("2 answers could not be written to disk") == true, "\(planner.saveProblem ?? "")")

        #expect(try planner.undoLastAnswer()?.card == q1)
        #expect(planner.waitingCount == 1)
        #expect(planner.saveProblem?.contains("1 answer could not be written to disk") == true, "\(planner.saveProblem ?? "")")
    }

    @Test("a waiting answer saved since is taken back from the log")
    func waitingThenSaved() async throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        planner.retryInterval = .milliseconds(20)
        var other: SQLiteDatabase? = try SQLiteDatabase(path: storePath(in: fixture.directory))
        try other?.execute("BEGIN IMMEDIATE")
        planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1))
        #expect(planner.waitingCount == 1)
        try other?.execute("COMMIT")
        other = nil
        await waitUntil("the timer saved the waiting answer") { planner.waitingCount == 0 }
        #expect(try fixture.reopen().reviews(of: q0).count == 1, "positive control: saved by the timer")

        #expect(try planner.undoLastAnswer()?.card == q0)
        #expect(try fixture.reopen().reviews(of: q0).isEmpty)
        #expect(try fixture.reopen().card(q0) == nil)
    }

    @Test("a closed planner takes nothing back")
    func closed() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1))
        #expect(planner.lastAnswer != nil, "positive control")
        planner.close()
        #expect(try planner.undoLastAnswer() == nil)
        #expect(try fixture.reopen().reviews(of: q0).count == 1)
    }
}

private let q0 = CardID(deck: "n", question: "q0")
private let q1 = CardID(deck: "n", question: "q1")

/// The fixture's journal of waiting answers, as text.
private func journal(_ fixture: PlannerFixture) throws -> String {
    try String(contentsOfFile: storePath(in: fixture.directory) + ".pending", encoding: .utf8)
}
