import Foundation
import SimulatedLearnerFixture
import Testing
@testable import KuchiModel

/// FSRSOptimizer beside the reference optimizer, fsrs-rs (through fsrs-rs-python 0.9.3, run
/// by tools/fsrs-reference.py), on the same simulated logs. The reference is a PyPI
/// package: KUCHI_FSRS_PYTHON names a python that has it (.ci/run makes one); without it
/// these tests are skipped, saying so.
@Suite("FSRSOptimizer against fsrs-rs-python")
struct FSRSOptimizerReferenceTests {
    static let python = ProcessInfo.processInfo.environment["KUCHI_FSRS_PYTHON"] ?? ""

    /// What tools/fsrs-reference.py prints.
    struct Reference: Decodable {
        struct Scores: Decodable {
            var log_loss: Double
            var rmse_bins: Double
        }

        var version: String
        var items: Int
        var parameters: [Double]
        var evaluation: [String: Scores]
    }

    @Test("Kuchi's fit predicts a simulated log as well as fsrs-rs's, and both better than the defaults",
          .enabled(if: !python.isEmpty, "KUCHI_FSRS_PYTHON is not set (a python with fsrs-rs-python 0.9.3)"),
          arguments: [(5_000, 1_000), (100_000, 10_000)])
    func againstTheReference(reviews: Int, cards: Int) throws {
        let learner = SimulatedLearner()
        let csv = ReviewLogCSV.encode(learner.reviews(cards: cards, reviews: reviews))
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("reviews.csv")
        try csv.write(to: file)
        let zone = SimulatedLearner.timeZone
        let fitted = try FSRSOptimizer.parameters(fromReviewLogCSV: csv, timeZone: zone, dayStartHour: 4)
        let reference = try runReference(on: file, utcOffset: zone.secondsFromGMT(), evaluating: fitted)
        #expect(reference.version == "0.9.3")

        // The same items: the conversion agrees with the reference script's.
        let history = try FSRSReviewHistory(reviewLogCSV: csv, timeZone: zone, dayStartHour: 4)
        #expect(reference.items == history.items.count)

        // Both fits and the defaults scored by the same code.
        let kuchi = FSRSOptimizer.evaluate(fitted, on: history)
        let theirs = FSRSOptimizer.evaluate(reference.parameters, on: history)
        let defaults = FSRSOptimizer.evaluate(FSRSScheduler.defaultParameters, on: history)
        #expect(kuchi.logLoss <= theirs.logLoss * 1.01, "Kuchi \(kuchi), fsrs-rs \(theirs)")
        #expect(kuchi.rmseBins <= theirs.rmseBins + 0.005, "Kuchi \(kuchi), fsrs-rs \(theirs)")
        for fit in [kuchi, theirs] {
            #expect(fit.logLoss < defaults.logLoss && fit.rmseBins < defaults.rmseBins, "fit \(fit), defaults \(defaults)")
        }

        // That code agrees with fsrs-rs's own evaluate (which computes in 32-bit floats).
        for (ours, name) in [(theirs, "fitted"), (kuchi, "given 1"), (defaults, "defaults")] {
            let own = try #require(reference.evaluation[name])
            #expect(abs(ours.logLoss - own.log_loss) < 1e-4, "\(name): \(ours) against \(own.log_loss)")
            #expect(abs(ours.rmseBins - own.rmse_bins) < 1e-4, "\(name): \(ours) against \(own.rmse_bins)")
        }
    }

    private func runReference(on file: URL, utcOffset: Int, evaluating parameters: [Double]) throws -> Reference {
        let script = RepositoryPaths.root.appendingPathComponent("tools/fsrs-reference.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [script.path, file.path, "--utc-offset", String(utcOffset), "--day-start", "4",
                             "--evaluate", parameters.map { String($0) }.joined(separator: ",")]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "tools/fsrs-reference.py failed under \(Self.python)")
        return try JSONDecoder().decode(Reference.self, from: data)
    }
}
