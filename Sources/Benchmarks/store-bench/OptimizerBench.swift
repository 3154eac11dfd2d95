import BenchSupport
import Foundation
import KuchiModel
import SimulatedLearnerFixture

/// `store-bench --optimizer [--reviews N --cards N]`: FSRSOptimizer fitting a simulated
/// learner's log (100,000 reviews of 10,000 cards by default), in this process alone so
/// the peak memory is its own; then the reference, fsrs-rs-python, on the same file
/// through tools/fsrs-reference.py when KUCHI_FSRS_PYTHON names a python that has it.
/// Both fits, the defaults and the learner's true parameters are scored by the same code
/// (`FSRSOptimizer.evaluate`, fsrs-rs's log loss and RMSE over bins).
enum OptimizerBench {
    static func table(reviews: Int, cards: Int) throws -> Table {
        let learner = SimulatedLearner()
        let log = learner.reviews(cards: cards, reviews: reviews)
        let csv = ReviewLogCSV.encode(log)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-optimizer-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("reviews.csv")
        try csv.write(to: file)

        let zone = SimulatedLearner.timeZone, dayStart = SimulatedLearner.dayStartHour
        var fitted: [Double] = []
        // One untimed run first would double the peak; the median of three runs after the first.
        var times: [Double] = []
        for _ in 0..<3 {
            times.append(try Measure.time {
                fitted = try FSRSOptimizer.parameters(fromReviewLogCSV: csv, timeZone: zone, dayStartHour: dayStart)
            })
        }
        let peak = peakMiB()
        let seconds = Measure.medianOf(times)
        var history = try FSRSReviewHistory(reviewLogCSV: csv, timeZone: zone, dayStartHour: dayStart)
        let reading = try Measure.median(runs: 3) {
            history = try FSRSReviewHistory(reviewLogCSV: csv, timeZone: zone, dayStartHour: dayStart)
        }
        let reference = runReference(file: file, evaluating: fitted)

        var table = Table("FSRSOptimizer: a simulated learner's log, \(log.count) reviews of \(Set(log.map(\.card)).count) cards, "
            + "\(history.items.count) items (median of 3)")
        table.add("fit the 21 parameters (read the CSV, convert, pre-train, train)",
                  formatMilliseconds(seconds, digits: 1) + (reference.map { String(format: " (%.2f× the reference's fit)", seconds / $0.seconds) } ?? ""),
                  target: "≤ 10 s")
        table.add("  of which: read the CSV and convert it to items", formatMilliseconds(reading, digits: 1))
        if let reference {
            table.add("  fsrs-rs-python \(reference.version): compute_parameters alone (median of 3)", formatMilliseconds(reference.seconds, digits: 1))
            table.add("  fsrs-rs-python: its script's conversion of the CSV", formatMilliseconds(reference.conversionSeconds, digits: 0))
        } else {
            table.add("  fsrs-rs-python", "not run: set KUCHI_FSRS_PYTHON to a python that has fsrs-rs-python 0.9.3")
        }
        table.add("peak memory of this process (VmHWM)", "\(peak) MiB", target: "≤ 200 MiB")
        func scored(_ name: String, _ parameters: [Double], target: String = "") {
            let evaluation = FSRSOptimizer.evaluate(parameters, on: history)
            table.add(name, String(format: "log loss %.5f, RMSE(bins) %.5f", evaluation.logLoss, evaluation.rmseBins), target: target)
        }
        scored("Kuchi's fit", fitted)
        if let reference { scored("fsrs-rs-python's fit", reference.parameters, target: "Kuchi's within 1 %, 0.005") }
        if let reference {
            let own = reference.ownEvaluation
            table.add("  the same two by fsrs-rs's own evaluate (32-bit)",
                      String(format: "%.5f, %.5f (Kuchi's); %.5f, %.5f (reference's)", own.kuchi[0], own.kuchi[1], own.fitted[0], own.fitted[1]))
        }
        scored("FSRS-6 defaults", FSRSScheduler.defaultParameters)
        scored("the learner's true parameters", learner.parameters)
        try appSide(log, fitted: fitted, folder: folder, into: &table)
        if ProcessInfo.processInfo.environment["OPTIMIZER_BENCH_PRINT"] != nil {
            print("Kuchi:     \(fitted.map { String(format: "%.4f", $0) }.joined(separator: ", "))")
            if let reference { print("reference: \(reference.parameters.map { String(format: "%.4f", $0) }.joined(separator: ", "))") }
            print("true:      \(learner.parameters.map { String(format: "%.4f", $0) }.joined(separator: ", "))")
        }
        return table
    }

    /// The app's part of a fit (MemoryModelFitter), all on the fit's thread: the whole
    /// log read over a connection of its own to the review store, converted in the
    /// system's zone, and the fit judged against the parameters in use (two
    /// evaluations: Anki's rule), around the optimizer's own time above.
    static func appSide(_ log: [ExportedReview], fitted: [Double], folder: URL, into table: inout Table) throws {
        let store = try ReviewStore(path: folder.appendingPathComponent("kuchi.sqlite3").path)
        let history = log.map { review in
            ImportedReview(
                question: "c\(review.card)", time: Date(timeIntervalSince1970: Double(review.milliseconds) / 1000),
                rating: review.rating, duration: .milliseconds(review.durationMilliseconds),
                kind: review.stateBefore == .review ? .review : review.stateBefore == .relearning ? .relearning : .learning)
        }
        _ = try store.importHistory(history, deck: "bench", scheduler: FSRSScheduler(), unlistedFile: "bench")
        try store.checkpoint()
        var read: [ExportedReview] = []
        // As the fit's thread reads it: a connection of its own, opened (and checked) first.
        let reading = try Measure.median(runs: 3) { read = try ReviewLogReader(path: store.path).reviews() }
        var converted = FSRSReviewHistory(reviews: read, dayStartHour: 4)
        let converting = Measure.median(runs: 3) { converted = FSRSReviewHistory(reviews: read, dayStartHour: 4) }
        var outcome = MemoryModelFit.Outcome.cancelled
        let judging = Measure.median(runs: 3) {
            outcome = MemoryModelFit.judge(fitted, against: FSRSScheduler.defaultParameters, on: converted, at: Date())
        }
        let kept = if case .better = outcome { "kept" } else { "not kept" }
        table.add("app: open the review store and read the log (fit's thread, median of 3)",
                  formatMilliseconds(reading, digits: 1) + " for \(read.count) reviews")
        table.add("app: convert it in the system's zone (fit's thread)", formatMilliseconds(converting, digits: 1))
        table.add("app: judge the fit against the defaults, log loss and RMSE of both", formatMilliseconds(judging, digits: 1) + " (\(kept))")
        // Settings' workload under the desired retention: every card played 30 days forward.
        var states: [FSRSCard] = []
        let loading = try Measure.median(runs: 3) { states = try ReviewLogReader(path: store.path).cardStates() }
        var perDay = 0.0
        let simulating = Measure.median(runs: 3) {
            perDay = WorkloadSimulation.reviewsPerDay(
                cards: states, newCards: 1000, newPerDay: 20, scheduler: FSRSScheduler(parameters: fitted), from: Date())
        }
        table.add("app: Settings' workload, \(states.count) cards read (fit's kind of thread)", formatMilliseconds(loading, digits: 1))
        table.add("app: Settings' workload, 30 days simulated at 90 %", formatMilliseconds(simulating, digits: 1)
            + String(format: " (%.0f reviews a day)", perDay))
        // The worst case: every card overdue, so every one is reviewed, and again and again.
        let now = Date()
        let overdue = states.map { card in
            var card = card
            card.due = now.addingTimeInterval(-86_400)
            return card
        }
        let worst = Measure.median(runs: 3) {
            perDay = WorkloadSimulation.reviewsPerDay(
                cards: overdue, newCards: 1000, newPerDay: 20, scheduler: FSRSScheduler(parameters: fitted), from: now)
        }
        table.add("app: the same with every card overdue", formatMilliseconds(worst, digits: 1)
            + String(format: " (%.0f reviews a day)", perDay))
    }

    struct Reference {
        var version: String
        var parameters: [Double]
        var seconds: Double
        var conversionSeconds: Double
        /// fsrs-rs's own evaluation of its fit and of Kuchi's, to check `FSRSOptimizer.evaluate`.
        var ownEvaluation: (fitted: [Double], kuchi: [Double])
    }

    /// tools/fsrs-reference.py on `file`, or nil (and why, on standard error) without it.
    static func runReference(file: URL, evaluating kuchi: [Double]) -> Reference? {
        guard let python = ProcessInfo.processInfo.environment["KUCHI_FSRS_PYTHON"], !python.isEmpty else { return nil }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../tools/fsrs-reference.py").standardized
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, file.path, "--utc-offset", String(SimulatedLearner.timeZone.secondsFromGMT()),
                             "--day-start", String(SimulatedLearner.dayStartHour), "--repeat", "3",
                             "--evaluate", kuchi.map { String($0) }.joined(separator: ",")]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("the reference did not start: \(error)\n".utf8))
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let parameters = json["parameters"] as? [Double], let seconds = json["seconds"] as? Double,
              let conversion = json["conversion_seconds"] as? Double, let version = json["version"] as? String,
              let evaluation = json["evaluation"] as? [String: [String: Double]],
              let own = evaluation["fitted"], let ownLoss = own["log_loss"], let ownRMSE = own["rmse_bins"],
              let given = evaluation["given 1"], let givenLoss = given["log_loss"], let givenRMSE = given["rmse_bins"]
        else {
            FileHandle.standardError.write(Data("the reference failed (status \(process.terminationStatus))\n".utf8))
            return nil
        }
        return Reference(version: version, parameters: parameters, seconds: seconds, conversionSeconds: conversion,
                         ownEvaluation: ([ownLoss, ownRMSE], [givenLoss, givenRMSE]))
    }

    private static func peakMiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }
}
