import Foundation
@testable import KuchiModel
import Testing

/// A large folder's merge in steps (``SyncMerge``), as the app runs it between the
/// window's frames: the same store as the merge at once, whatever the steps; and a
/// merge stopped after any step (Kuchi quit or killed) finished by the next one.
@Suite("Sync: the merge in steps")
struct SyncMergeStepsTests {
    /// A fresh device whose folder holds `lines` (a simulated folder's events), spread
    /// over three devices' files.
    private func device(holding lines: [String], in root: URL, name: String) throws -> SyncTestDevice {
        let device = try SyncTestDevice(root: root, name: name)
        for (index, line) in lines.enumerated() {
            let file = device.folder.appendingPathComponent("devices/PART\(index % 3)/log/2026-01.jsonl")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let existing = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            try (existing + line + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        return device
    }

    /// Reads `device`'s folder and runs the merge's steps, each of 1 to `maxEvents`
    /// events, at most `limit` of them; returns the report if the merge finished.
    @discardableResult
    private func mergeInSteps(
        _ device: SyncTestDevice, maxEvents: Int, limit: Int = .max, random: inout SeededRandomNumberGenerator
    ) throws -> (report: SyncReport?, steps: Int) {
        let merge = try device.sync.beginMerge(try device.sync.pendingLogs().read(), scheduler: SyncTestDevice.scheduler)
        var steps = 0
        while steps < limit {
            steps += 1
            if let report = try merge.step(settings: device.settings, events: Int.random(in: 1...maxEvents, using: &random)) {
                if let updated = report.settings { device.settings = updated }
                return (report, steps)
            }
        }
        return (nil, steps)
    }

    @Test("over 20 seeds, a merge in steps of any size leaves the store as the merge at once does, and reports as much")
    func stepsGiveTheSameStore() throws {
        let simulator = SyncSimulatorTests()
        for seed in UInt64(0)..<20 {
            let outcome = try simulator.simulate(seed: seed, skippingConflictCopies: false)
            let expected = try #require(outcome.state, "seed \(seed)")
            let temporaryFolder = try TemporaryFolder()
            let atOnce = try device(holding: outcome.lines, in: temporaryFolder.url, name: "once")
            let reportAtOnce = try atOnce.merge()
            #expect(try atOnce.synced(words: SyncSimulatorTests.words) == expected, "seed \(seed), at once")
            var random = SeededRandomNumberGenerator(seed: seed &+ 500)
            let stepped = try device(holding: outcome.lines, in: temporaryFolder.url, name: "stepped")
            let (report, steps) = try mergeInSteps(stepped, maxEvents: 3, random: &random)
            #expect(try stepped.synced(words: SyncSimulatorTests.words) == expected, "seed \(seed), in \(steps) steps")
            #expect(report?.newReviews == reportAtOnce.newReviews && report?.retractions == reportAtOnce.retractions, "seed \(seed)")
            // Positive control: the steps were steps (more than the last one).
            #expect(steps > 1 || outcome.lines.count < 4, "seed \(seed): \(steps) steps of \(outcome.lines.count) lines")
            #expect(try stepped.merge().newReviews == 0, "seed \(seed): nothing left for the next merge")
        }
    }

    @Test("a merge stopped after any step k (Kuchi killed) is finished by the next merge: the same store, nothing left over")
    func stoppedMergeIsFinishedByTheNext() throws {
        let simulator = SyncSimulatorTests()
        var stoppedMidway = 0
        for seed in UInt64(0)..<12 {
            let outcome = try simulator.simulate(seed: seed, skippingConflictCopies: false)
            let expected = try #require(outcome.state, "seed \(seed)")
            let temporaryFolder = try TemporaryFolder()
            for stop in 0..<6 {
                var random = SeededRandomNumberGenerator(seed: seed &* 31 &+ UInt64(stop))
                let device = try device(holding: outcome.lines, in: temporaryFolder.url, name: "stop\(stop)")
                let (first, _) = try mergeInSteps(device, maxEvents: 2, limit: stop, random: &random)
                if first == nil { stoppedMidway += 1 }
                // Killed: the next run of Kuchi opens the store and the folder again.
                try device.reopen()
                let (rest, _) = try mergeInSteps(device, maxEvents: 2, random: &random)
                #expect(rest != nil)
                #expect(try device.synced(words: SyncSimulatorTests.words) == expected, "seed \(seed), stopped after \(stop) steps")
                #expect(try device.merge().newReviews == 0, "seed \(seed), stopped after \(stop): nothing left, nothing twice")
            }
        }
        // Positive control: most stops came before the last step.
        #expect(stoppedMidway > 30, "\(stoppedMidway) merges stopped midway")
    }

    @Test("after a step before the last (which waits for no disk), the store commits durably again, as the answers it sends must")
    func stepsLeaveTheStoreDurable() throws {
        let outcome = try SyncSimulatorTests().simulate(seed: 3, skippingConflictCopies: false)
        let temporaryFolder = try TemporaryFolder()
        let device = try device(holding: outcome.lines, in: temporaryFolder.url, name: "durable")
        let merge = try device.sync.beginMerge(try device.sync.pendingLogs().read(), scheduler: SyncTestDevice.scheduler)
        // synchronous: 2 is FULL, every commit on the disk before it returns.
        #expect(try device.store.database.integer("PRAGMA synchronous") == 2, "positive control: durable before")
        #expect(try merge.step(settings: device.settings, events: 1) == nil, "a step before the last")
        #expect(try device.store.database.integer("PRAGMA synchronous") == 2)
        #expect(merge.cardsDone > 0)
    }
}
