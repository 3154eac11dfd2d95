import Foundation
import Observation
import Testing
@testable import KuchiModel

/// A clock the test moves by hand.
@MainActor
final class TestClock {
    var now: Date
    init(_ now: Date) { self.now = now }
    func advance(_ seconds: TimeInterval) { now = now.addingTimeInterval(seconds) }
}

/// A planner on a fresh database in `directory`, with settings the test can change.
@MainActor
final class PlannerFixture {
    let directory: URL
    private let temporaryFolder: TemporaryFolder
    let clock: TestClock
    var settings = Settings()
    private(set) var planner: StudyPlanner!

    init(at time: Date, _ label: String = #function) throws {
        temporaryFolder = try TemporaryFolder(label)
        directory = temporaryFolder.url
        clock = TestClock(time)
        let clock = clock
        planner = StudyPlanner(
            store: try ReviewStore(path: storePath(in: directory)),
            settings: { [unowned self] in self.settings }, clock: { clock.now },
            random: SeededRandomNumberGenerator(seed: 7))
    }

    /// A store on the same file, to look at what was saved.
    func reopen() throws -> ReviewStore { try ReviewStore(path: storePath(in: directory)) }

    /// A challenge session of `deck`, as deck "n", on this planner, `length` long.
    func session(of deck: Deck, length: Int) -> ChallengesViewModel {
        ChallengesViewModel(
            deck: deck, questionsPerSession: { length }, planner: planner, deckKey: "n", random: SeededRandomNumberGenerator(seed: 1))
    }
}

/// A deck of `count` cards: question "q0"… answer "a0"…
func numberedDeck(_ count: Int, name: String = "Numbers") -> Deck {
    Deck(name: name, language: "ja", cards: (0..<count).map { Challenge(question: "q\($0)", pronunciation: "", answer: "a\($0)") })
}

extension LocalTimeTests {
    @MainActor
    @Suite("Study planner and scheduled sessions")
    struct StudyPlannerTests {
        let deck = numberedDeck(30)
        var questions: [String] { deck.cards.map(\.question) }

        @Test("a session is the due cards, most overdue first, then new cards in deck order up to today's limit")
        func sessionComposition() throws {
            try withTimeZone("UTC0") {
                let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
                fixture.settings.dailyNewCards = 4
                let planner = fixture.planner!
                // Day 1: four new cards, all Good.
                for question in planner.sessionQuestions(deck: "n", questions: questions, limit: 20) {
                    #expect(planner.review(question, deck: "n", rating: .good, answerTime: .seconds(2)) != nil)
                    fixture.clock.advance(60)
                }
                #expect(planner.sessionQuestions(deck: "n", questions: questions, limit: 20).isEmpty)
                // Days later: q0…q3 are due (q0 reviewed first, so most overdue), then four new ones.
                fixture.clock.now = utc(2026, 12, 20, 10)
                #expect(planner.sessionQuestions(deck: "n", questions: questions, limit: 20)
                    == ["q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7"])
                #expect(planner.sessionQuestions(deck: "n", questions: questions, limit: 5)
                    == ["q0", "q1", "q2", "q3", "q4"])
                // A question no longer in the deck is not asked.
                #expect(planner.sessionQuestions(deck: "n", questions: Array(questions.dropFirst()), limit: 3)
                    == ["q1", "q2", "q3"])
            }
        }

        @Test("new cards stop at the daily limit until the study day turns at 4 AM local time")
        func dailyLimitAndDayBoundary() throws {
            try withTimeZone(berlin) {
                // 2026-11-20 22:00 in Berlin (UTC+1).
                let fixture = try PlannerFixture(at: utc(2026, 11, 20, 21))
                fixture.settings.dailyNewCards = 3
                let planner = fixture.planner!
                for question in ["q0", "q1"] {
                    planner.review(question, deck: "n", rating: .good, answerTime: .seconds(1))
                }
                #expect(planner.sessionQuestions(deck: "n", questions: questions, limit: 20).filter { !["q0", "q1"].contains($0) } == ["q2"])
                // 03:30 the next morning is still the same study day.
                fixture.clock.now = utc(2026, 11, 21, 2, 30)
                planner.review("q2", deck: "n", rating: .good, answerTime: .seconds(1))
                #expect(planner.outlook(deck: "n", questions: questions)?.new == 0)
                // 04:01: a new day, three new cards again.
                fixture.clock.now = utc(2026, 11, 21, 3, 1)
                #expect(planner.outlook(deck: "n", questions: questions)?.new == 3)
                // Raising the limit applies at once.
                fixture.settings.dailyNewCards = 5
                #expect(planner.outlook(deck: "n", questions: questions)?.new == 5)
            }
        }

        @Test("with nothing due and no new cards left, the outlook says when the next card is due")
        func nothingDue() throws {
            try withTimeZone("UTC0") {
                let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
                fixture.settings.dailyNewCards = 1
                let planner = fixture.planner!
                planner.review("q0", deck: "n", rating: .easy, answerTime: .seconds(1))
                let outlook = try #require(planner.outlook(deck: "n", questions: questions))
                #expect(!outlook.hasWork)
                let due = try #require(outlook.nextDue)
                #expect(due > fixture.clock.now)
                #expect(outlook.summary.hasPrefix("Nothing is due. The next card is due "), "\(outlook.summary)")
                #expect(outlook.summary == "Nothing is due. The next card is due \(DueTime.describe(due, from: fixture.clock.now)).")
            }
        }

        @Test("an outlook left on screen changes when its next card falls due, with no answer given")
        func outlookFollowsTime() async throws {
            try await withTimeZone("UTC0") {
                let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
                fixture.settings.dailyNewCards = 1
                let planner = fixture.planner!
                let again = try #require(planner.review("q0", deck: "n", rating: .again, answerTime: .seconds(1)))
                // Just before the card's one-minute step is up.
                fixture.clock.now = again.due.addingTimeInterval(-0.2)
                let changed = Flag()
                let before = withObservationTracking {
                    planner.outlook(deck: "n", questions: questions)
                } onChange: { changed.set() }
                #expect(before?.due == 0)
                #expect(before?.summary == "Nothing is due. The next card is due in a minute.")
                fixture.clock.now = again.due.addingTimeInterval(1)
                // Waits for the planner's wake-up to tell the outlook's readers.
                #expect(await changed.wait(), "the outlook's readers are told when the card falls due")
                #expect(planner.outlook(deck: "n", questions: questions)?.due == 1)
            }
        }

        @Test("the first answer to each question rates it: right is Good, wrong then right is one Again")
        func firstAnswerRates() throws {
            try withTimeZone("UTC0") {
                let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
                let session = fixture.session(of: deck, length: 3)
                #expect(session.plannedCount == 20)
                #expect(session.length == 3)
                let first = try #require(session.currentChallenge).challenge.question
                #expect(first == "q0")
                session.toggleChoices()
                #expect(session.answer(try #require(session.choice(correct: false))) == .wrong)
                session.acknowledgeFeedback()
                #expect(session.showsChoices)
                #expect(session.answer(try #require(session.choice(correct: true))) == .correct)
                session.acknowledgeFeedback()
                #expect(session.currentChallenge?.challenge.question == "q1")
                session.moveOn()

                let store = try fixture.reopen()
                let firstLog = try store.reviews(of: CardID(deck: "n", question: "q0"))
                #expect(firstLog.map(\.review.rating) == [.again])
                #expect(firstLog.first?.before == nil)
                #expect(try store.reviews(of: CardID(deck: "n", question: "q1")).map(\.review.rating) == [.good])
                #expect(try store.card(CardID(deck: "n", question: "q0"))?.state == .learning)
            }
        }

        @Test("a card answered wrong comes back in the same session once its learning step is due, and not before")
        func relearningStepReturns() throws {
            try withTimeZone("UTC0") {
                let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
                let session = fixture.session(of: deck, length: 10)
                session.toggleChoices()
                session.answer(try #require(session.choice(correct: false)))  // q0: Again, due in 1 minute
                session.acknowledgeFeedback()
                session.moveOn()  // q0 answered right; next is q1
                #expect(session.currentChallenge?.challenge.question == "q1")
                session.moveOn()  // q1 Good; q0 is not due yet
                #expect(session.currentChallenge?.challenge.question == "q2")
                fixture.clock.advance(61)
                session.moveOn()  // q2 Good; q0's step has come
                #expect(session.currentChallenge?.challenge.question == "q0")
                session.moveOn()
                #expect(session.currentChallenge?.challenge.question == "q3")
                let log = try fixture.reopen().reviews(of: CardID(deck: "n", question: "q0"))
                #expect(log.map(\.review.rating) == [.again, .good])
                // Asked: q0 q1 q2 q0 — no card twice except by its step.
                #expect(session.correctAnswers.map(\.challenge.question) == ["q0", "q1", "q2", "q0"])
            }
        }

        @Test("the session is no longer than the schedule, and with nothing left Play Again has nothing to ask")
        func sessionEndsWithSchedule() throws {
            try withTimeZone("UTC0") {
                let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
                fixture.settings.dailyNewCards = 2
                let session = fixture.session(of: deck, length: 5)
                #expect(session.length == 2)
                session.moveOn()
                session.moveOn()
                #expect(session.isOver)
                session.restart()
                #expect(session.plannedCount == 0)
                #expect(session.isOver)
                #expect(session.outlook?.hasWork == false)
                // Extra practice: the whole deck, the setting's length, still reviewed.
                session.practiseAnyway()
                #expect(session.isExtraPractice)
                #expect(session.length == 5)
                #expect(!session.isOver)
                let asked = try #require(session.currentChallenge).challenge.question
                session.moveOn()
                #expect(try fixture.reopen().reviews(of: CardID(deck: "n", question: asked)).count >= 1)
                session.restart()
                #expect(session.isExtraPractice, "Play Again goes on with extra practice while nothing is due")
            }
        }

        @Test("flash cards follow the schedule and each card marked is a review")
        func learnRecords() throws {
            try withTimeZone("UTC0") {
                let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
                fixture.settings.dailyNewCards = 3
                let learn = LearnSession(deck: deck, roundSize: 10, planner: fixture.planner, deckKey: "n")
                #expect(learn.total == 3)
                #expect(learn.current?.question == "q0")
                learn.decide(remembered: true)
                learn.decide(remembered: false)
                learn.decide(remembered: true)
                #expect(learn.isFinished)
                let store = try fixture.reopen()
                #expect(try store.reviews(of: CardID(deck: "n", question: "q1")).map(\.review.rating) == [.again])
                #expect(try store.reviews(of: CardID(deck: "n", question: "q2")).map(\.review.rating) == [.good])
                learn.startAgain()
                #expect(learn.isExtraPractice)
                #expect(learn.total == 10)
            }
        }

        @Test("desired retention from the settings sets the interval")
        func retentionSetsInterval() throws {
            try withTimeZone("UTC0") {
                @MainActor func interval(retention: Int) throws -> TimeInterval {
                    let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10), "retention\(retention)")
                    fixture.settings.desiredRetention = retention
                    let planner = fixture.planner!
                    planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1))
                    fixture.clock.advance(600)
                    let card = try #require(planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1)))
                    #expect(card.state == .review)
                    return card.due.timeIntervalSince(fixture.clock.now)
                }
                let relaxed = try interval(retention: 80)
                let strict = try interval(retention: 95)
                #expect(relaxed > strict)
            }
        }

        @Test("a damaged database is reported, left as it is, and sessions go on unscheduled")
        func damagedDatabase() throws {
            try withTimeZone("UTC0") {
                let temporaryFolder = try TemporaryFolder()
                let directory = temporaryFolder.url
                let path = storePath(in: directory)
                let junk = Data(repeating: 0x41, count: 8_192)
                try junk.write(to: URL(fileURLWithPath: path))
                let planner = StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() })
                #expect(!planner.isScheduling)
                let problem = try #require(planner.openProblem)
                #expect(problem.contains(path) && problem.contains("left as it is"), "\(problem)")
                let session = ChallengesViewModel(deck: deck, questionsPerSession: { 3 }, planner: planner, deckKey: "n")
                #expect(session.plannedCount == nil)
                #expect(session.currentChallenge != nil)
                session.moveOn()
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == junk)
                planner.dismissProblems()
                // The answer waits for the file to be repaired or replaced; that stays said.
                let waiting = try #require(planner.problems.first)
                #expect(planner.problems.count == 1)
                #expect(waiting.hasPrefix("1 answer waits to be saved: \(path) is not a Kuchi database"), "\(waiting)")
                #expect(waiting.hasSuffix("Kuchi saves it, with the time it was given, as soon as it can. "
                    + "It keeps it in kuchi.sqlite3.pending meanwhile."), "\(waiting)")
            }
        }

        @Test("a database locked at start is opened at the next answer once the lock is gone")
        func lockedAtStartHeals() throws {
            try withTimeZone("UTC0") {
                let temporaryFolder = try TemporaryFolder()
                let directory = temporaryFolder.url
                let path = storePath(in: directory)
                try ReviewStore(path: path).record(makeReview("q9", deck: "n", at: 0))
                var other: SQLiteDatabase? = try SQLiteDatabase(path: path)
                try other?.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE")
                let planner = StudyPlanner.open(path: path, legacyProgress: nil, settings: { Settings() })
                #expect(!planner.isScheduling)
                #expect(planner.openProblem?.contains("in use by another program") == true, "\(planner.problems)")
                #expect(planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1)) != nil)
                #expect(planner.waitingCount == 1, "kept, not dropped")
                try other?.execute("COMMIT")
                other = nil  // closing the connection ends its exclusive lock
                #expect(planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1)) != nil)
                #expect(planner.isScheduling)
                #expect(planner.waitingCount == 0)
                planner.dismissProblems()
                #expect(planner.problems.isEmpty)
                #expect(try ReviewStore(path: path).reviews(of: CardID(deck: "n", question: "q0")).count == 2)
            }
        }

        @Test("the review log is checked in the background after opening, and damage there is reported")
        func backgroundLogCheck() async throws {
            for damaged in [false, true] {
                let temporaryFolder = try TemporaryFolder("log\(damaged)")
                let directory = temporaryFolder.url
                let path = storePath(in: directory)
                try ReviewStore(path: path).record(makeReview("q0", deck: "n", at: 0))
                let before = damaged ? try scribble(onRootPageOf: "review", in: path) : nil
                let planner = StudyPlanner.open(
                    path: path, legacyProgress: nil, settings: { Settings() }, logCheckDelay: .zero)
                #expect(planner.isScheduling, "opening leaves the log to the background check")
                await waitUntil("the background check of the log ends") { planner.hasCheckedLog }
                if damaged {
                    #expect(planner.logProblem?.contains("is damaged") == true, "\(planner.problems)")
                    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing changed")
                } else {
                    #expect(planner.logProblem == nil)
                }
            }
        }

        @Test("a review that cannot be saved is reported until it is")
        func saveProblemReported() throws {
            try withTimeZone("UTC0") {
                let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
                let planner = fixture.planner!
                #expect(planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(1)) != nil)
                // Another connection holds the write lock.
                let other = try SQLiteDatabase(path: storePath(in: fixture.directory))
                try other.execute("BEGIN IMMEDIATE")
                #expect(planner.review("q1", deck: "n", rating: .good, answerTime: .seconds(1)) != nil)
                #expect(planner.saveProblem?.contains("in use by another program") == true, "\(planner.problems)")
                try other.execute("COMMIT")
                #expect(planner.review("q2", deck: "n", rating: .good, answerTime: .seconds(1)) != nil)
                #expect(planner.saveProblem == nil)
                #expect(try fixture.reopen().reviews(of: CardID(deck: "n", question: "q1")).count == 1)
            }
        }

        @Test("the old progress.json is imported once and left in place")
        func legacyImportedOnce() throws {
            try withTimeZone("UTC0") {
                let temporaryFolder = try TemporaryFolder()
                let directory = temporaryFolder.url
                let progress = directory.appendingPathComponent("progress.json")
                let text = Data(#"{"questions": {"犬": {"correct": 3, "wrong": 1}}}"#.utf8)
                try text.write(to: progress)
                let path = storePath(in: directory)
                _ = StudyPlanner.open(path: path, legacyProgress: progress, settings: { Settings() })
                _ = StudyPlanner.open(path: path, legacyProgress: progress, settings: { Settings() })
                #expect(try ReviewStore(path: path).legacyProgress().questions["犬"] == Progress.Counts(correct: 3, wrong: 1))
                #expect(try Data(contentsOf: progress) == text)
            }
        }
    }
}

extension LocalTimeTests {
@Suite("Due times and statistics in words")
struct StudyTextTests {
    @Test("due times are said relative to now")
    func dueTimes() {
        withTimeZone("UTC0") {
            let now = utc(2026, 11, 23, 10)
            #expect(DueTime.describe(now.addingTimeInterval(-5), from: now) == "now")
            #expect(DueTime.describe(now.addingTimeInterval(30), from: now) == "in a minute")
            #expect(DueTime.describe(now.addingTimeInterval(600), from: now) == "in 10 minutes")
            #expect(DueTime.describe(utc(2026, 11, 23, 18, 5), from: now) == "today at 18:05")
            #expect(DueTime.describe(utc(2026, 11, 24, 9, 0), from: now) == "tomorrow at 09:00")
            #expect(DueTime.describe(utc(2026, 11, 27, 9, 0), from: now) == "on Friday 27 November")
            #expect(DueTime.describe(utc(2027, 2, 1, 9, 0), from: now) == "on Monday 1 February 2027")
        }
    }

    @Test("each chart's text equivalent gives its numbers")
    func summaries() {
        withTimeZone("UTC0") {
            let days = (0..<30).map { ReviewStatistics.Day(start: utc(2026, 10, 25 + $0, 0), count: $0 == 29 ? 4 : ($0 == 10 ? 9 : 0)) }
            let forecast = (0..<14).map { ReviewStatistics.Day(start: utc(2026, 11, 23 + $0, 0), count: $0 == 0 ? 2 : ($0 == 3 ? 5 : 0)) }
            let statistics = ReviewStatistics(
                cards: .init(new: 10, learning: 2, review: 5, relearning: 1), reviewsPerDay: days,
                dueForecast: forecast, retention: .init(passed: 9, failed: 1))
            #expect(statistics.cardsSummary == "10 new, 2 learning, 5 in review, 1 relearning")
            #expect(statistics.reviewsSummary == "13 reviews in the last 30 days, 4 today; the most, 9, on 4 November.")
            #expect(statistics.forecastSummary == "2 cards due today, 7 cards in the next 14 days; the most, 5, on 26 November.")
            #expect(statistics.retentionSummary == "90 % of 10 answers to cards in review were right.")
            let empty = ReviewStatistics(
                cards: .init(new: 0, learning: 0, review: 0, relearning: 0), reviewsPerDay: [], dueForecast: [],
                retention: .init(passed: 0, failed: 0))
            #expect(empty.retentionSummary == "No answers to cards in review yet.")
            #expect([0, 7, 999, 1_000, 108_189, 1_000_000, -4_500].map(\.grouped)
                == ["0", "7", "999", "1,000", "108,189", "1,000,000", "-4,500"])
        }
    }
}
}
