import Foundation
import SimulatedLearnerFixture
import Testing
@testable import KuchiModel

@MainActor
@Suite("The learner's memory model")
struct MemoryModelTests {
    /// A fitted model whose Good first stability (parameter 2) is 5 days, not 2.3065.
    static let fitted = FittedMemoryModel(
        parameters: { var p = FSRSScheduler.defaultParameters; p[2] = 5; return p }(),
        fitted: Date(timeIntervalSince1970: 1_795_306_500.25), reviewCount: 812,
        before: MemoryModelScore(logLoss: 0.41, rmse: 0.071), after: MemoryModelScore(logLoss: 0.38, rmse: 0.046))

    static func store(in folder: URL) -> UserStore {
        UserStore(
            location: StorageLocation(
                configDirectory: folder.appendingPathComponent("config"), dataDirectory: folder.appendingPathComponent("data")),
            now: { Date(timeIntervalSince1970: 1_795_306_500) })
    }

    @Test("fitted parameters are saved with the settings and read back the same")
    func savedAndReloaded() throws {
        let folder = try TemporaryFolder()
        let store = Self.store(in: folder.url)
        var settings = Settings()
        settings.memoryModel = Self.fitted
        settings.lastFitReviewCount = 812
        try store.saveSettings(settings)
        let text = try String(contentsOf: store.location.settingsFile, encoding: .utf8)
        #expect(text.contains("\"fsrsParameters\"") && text.contains("\"fittedMilliseconds\" : 1795306500250"), "\(text)")
        let manager = UserManager(storage: store)
        manager.load()
        #expect(manager.problems.isEmpty)
        #expect(manager.settings == settings)
        #expect(manager.settings.fsrsParameters[2] == 5)
    }

    @Test("without a fit the scheduler's parameters are FSRS-6's defaults")
    func defaultsWithoutAFit() {
        #expect(Settings().fsrsParameters == FSRSScheduler.defaultParameters)
        #expect(StudyPlanner.scheduler(Settings(), fuzz: false).parameters == FSRSScheduler.defaultParameters)
    }

    @Test(
        "damaged parameters are refused naming the file and the place, and the defaults are used",
        arguments: [
            (#""parameters": [1, 2, 3]"#, "'fsrsParameters.parameters': FSRS has 21 parameters; there were 3."),
            (#""parameters": [0.2, 1.3, 2.3, 8.3, 60, 0.8, 3, 0.001, 1.9, 0.2, 0.8, 1.5, 0.06, 0.26, 1.6, 0.6, 1.9, 0.5, 0.09, 0.07, 0.15]"#,
             "'fsrsParameters.parameters[4]': this parameter must be from 1 to 10; it was 60."),
            (#""parameters": "many""#, "'fsrsParameters.parameters' must be a list"),
        ])
    func damagedParameters(parameters: String, problem: String) throws {
        let folder = try TemporaryFolder()
        let store = Self.store(in: folder.url)
        let json = #"{"desiredRetention": 85, "fsrsParameters": {\#(parameters), "fittedMilliseconds": 1, "reviews": 500, "#
            + #""before": {"logLoss": 0.4, "rmse": 0.07}, "after": {"logLoss": 0.3, "rmse": 0.05}}}"#
        try FileManager.default.createDirectory(at: store.location.configDirectory, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: store.location.settingsFile)
        let manager = UserManager(storage: store)
        manager.load()
        let message = try #require(manager.problems.first)
        #expect(message.contains(store.location.settingsFile.path), "\(message)")
        #expect(message.contains(problem), "\(message)")
        #expect(manager.settings.fsrsParameters == FSRSScheduler.defaultParameters)
    }

    @Test("a negative score is refused")
    func negativeScore() {
        let json = #"{"parameters": [], "fittedMilliseconds": 1, "reviews": 5, "before": {"logLoss": -1, "rmse": 0}, "after": {"logLoss": 0, "rmse": 0}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FittedMemoryModel.self, from: Data(json.utf8)) }
    }

    @Test("the planner schedules with the learner's fitted parameters, and with the defaults before a fit")
    func plannerUsesFittedParameters() throws {
        let fixture = try PlannerFixture(at: storeEpoch)
        let before = try #require(fixture.planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(2)))
        #expect(before.stability == FSRSScheduler.defaultParameters[2])
        fixture.settings.memoryModel = Self.fitted
        let after = try #require(fixture.planner.review("q1", deck: "n", rating: .good, answerTime: .seconds(2)))
        #expect(after.stability == 5)
    }

    @Test("the fit's own connection reads the whole log, every deck, as the planner's does")
    func logReaderReadsEveryDeck() throws {
        let fixture = try PlannerFixture(at: storeEpoch)
        fixture.planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(2))
        fixture.clock.advance(60)
        fixture.planner.review("q1", deck: "n/production", rating: .again, answerTime: .seconds(3))
        let reader = try #require(try fixture.planner.reviewLogReader())
        let read = try reader.reviews()
        #expect(read.count == 2 && fixture.planner.reviewCount() == 2)
        #expect(read == (try fixture.planner.exportedReviews()))
        #expect(read.map(\.rating) == [.good, .again])
    }

    @Test("an automatic fit is due at 400 reviews, then each time they have doubled")
    func doublingRule() {
        #expect(!MemoryModelFit.isDue(reviewCount: 399, lastFitReviewCount: 0))
        #expect(MemoryModelFit.isDue(reviewCount: 400, lastFitReviewCount: 0))
        #expect(!MemoryModelFit.isDue(reviewCount: 799, lastFitReviewCount: 400))
        #expect(MemoryModelFit.isDue(reviewCount: 800, lastFitReviewCount: 400))
        #expect(!MemoryModelFit.isDue(reviewCount: 1999, lastFitReviewCount: 1000))
    }

    @Test("a fit that predicts the learner's log better than the defaults is kept")
    func betterFitKept() throws {
        let reviews = SimulatedLearner().reviews(cards: 400, reviews: 3000)
        let outcome = MemoryModelFit.run(
            reviews: reviews, current: FSRSScheduler.defaultParameters, dayStartHour: 4, at: storeEpoch)
        guard case .better(let model) = outcome else {
            Issue.record("not kept: \(outcome)")
            return
        }
        #expect(model.after.logLoss < model.before.logLoss)
        #expect(model.reviewCount == 3000 && model.fitted == storeEpoch)
        #expect(model.parameters != FSRSScheduler.defaultParameters)
    }

    @Test("a fit that does not predict the log better than the parameters in use is not kept")
    func worseFitNotKept() throws {
        let reviews = SimulatedLearner().reviews(cards: 400, reviews: 3000)
        let history = FSRSReviewHistory(reviews: reviews, dayStartHour: 4)
        let fitted = FSRSOptimizer.parameters(from: history)
        // The defaults judged against the fit: worse, so the fit stays.
        guard case .notBetter(let current, let candidate) = MemoryModelFit.judge(
            FSRSScheduler.defaultParameters, against: fitted, on: history, at: storeEpoch)
        else {
            Issue.record("the defaults replaced a better fit")
            return
        }
        #expect(candidate.logLoss > current.logLoss)
        // Positive control: the same two the other way round.
        guard case .better = MemoryModelFit.judge(fitted, against: FSRSScheduler.defaultParameters, on: history, at: storeEpoch)
        else {
            Issue.record("a better fit was not kept")
            return
        }
    }

    @Test("a cancelled fit changes nothing")
    func cancelledFit() {
        let progress = MemoryModelFitProgress()
        progress.cancel()
        let outcome = MemoryModelFit.run(
            reviews: SimulatedLearner().reviews(cards: 200, reviews: 1000), current: FSRSScheduler.defaultParameters,
            dayStartHour: 4, at: storeEpoch, progress: progress)
        #expect(outcome == .cancelled)
    }
}
