import BenchSupport
import Foundation
import KuchiModel

/// Start-up with a sync folder (`--startup-sync`): the folder of `store-bench --sync`
/// (three devices' logs of 100,000 reviews each), Kuchi registered (Home), launched
/// alternately with the C baseline as `--startup` does: with no folder, with the folder
/// already merged (the usual start: nothing new), with it not yet merged, and with the
/// merged store but no folder (the reviews' own cost, apart from the folder's). First, the
/// first merge itself, in the real app, with the main loop's lateness watched
/// (kuchi-startup-probe's `KUCHI_PROBE_SYNC`): in steps, and all at once on the window's
/// thread as before (medians of three each).
enum SyncStartupBenchmarks {
    static let devices = 3
    static let reviewsPerDevice = 100_000
    static let cards = 10_000

    static func run(rounds: Int) {
        var table = Table("Start-up with a sync folder of \((devices * reviewsPerDevice).formatted()) events (\(rounds) rounds)")
        defer { table.print() }
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        guard let kuchi = AppBenchmarks.strippedCopy(of: directory.appendingPathComponent("kuchi-startup-probe")),
              let baseline = AppBenchmarks.strippedCopy(of: directory.appendingPathComponent("gtk-baseline"))
        else {
            table.add("start-up", "kuchi-startup-probe or gtk-baseline not built (swift build -c release)", target: "")
            return
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-sync-startup-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("folder")
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            for device in 0..<devices { try writeLog(device: device, in: folder) }
        } catch {
            table.add("start-up", "could not write the sync folder: \(error)", target: "")
            return
        }
        let profile = #"{"name": "Aiko"}"#
        let synced = #"{"syncFolder": "\#(folder.path)"}"#
        func scenario(syncing: Bool) -> AppBenchmarks.Scenario {
            AppBenchmarks.Scenario(data: repositoryData, settings: syncing ? synced : nil, profile: profile)
        }

        // The first merge in the app, each into a home of its own; the last one in steps
        // is the merged scenario's.
        var merges: [String: [(seconds: Double, maxStall: Double, p95Stall: Double)]] = [:]
        var merged = scenario(syncing: true)
        for (mode, count) in [("at-once", 3), ("steps", 3)] {
            for _ in 0..<count {
                let home = scenario(syncing: true)
                var environment = home.environment
                environment["KUCHI_PROBE_SYNC"] = mode
                guard let launch = Launch.measure(kuchi, environment: environment),
                      let frame = launch.reported["first-frame-ns"], let done = launch.reported["sync-done-ns"],
                      let maxStall = launch.reported["stall-max-us"], let p95 = launch.reported["stall-p95-us"]
                else {
                    table.add("first merge (\(mode))", "a launch failed (is a display there?)", target: "")
                    return
                }
                merges[mode, default: []].append((Double(done - frame) / 1e9, Double(maxStall) / 1e3, Double(p95) / 1e3))
                if mode == "steps" { merged = home } else { try? FileManager.default.removeItem(at: home.home) }
            }
        }
        for mode in ["at-once", "steps"] {
            let runs = merges[mode] ?? []
            let name = mode == "steps" ? "in steps, read on a thread of its own (now)" : "at once on the window's thread (before)"
            table.add("first merge after the first frame, \(name)", formatMilliseconds(Measure.medianOf(runs.map(\.seconds)), digits: 0), target: "")
            table.add("  main loop stalls: longest", formatMilliseconds(Measure.medianOf(runs.map(\.maxStall)) / 1e3, digits: 1),
                      target: runs.map { String(format: "%.0f", $0.maxStall) }.joined(separator: ", ") + " ms")
            table.add("  main loop stalls: 95th percentile", formatMilliseconds(Measure.medianOf(runs.map(\.p95Stall)) / 1e3, digits: 1),
                      target: runs.map { String(format: "%.1f", $0.p95Stall) }.joined(separator: ", ") + " ms")
        }

        // The merged store without the folder: what the 300,000 reviews cost on their
        // own (the database is opened and checked, and the sessions planned, before the
        // first frame), apart from the folder.
        let reviewsOnly = scenario(syncing: false)
        try? FileManager.default.copyItem(
            at: merged.home.appendingPathComponent("data"), to: reviewsOnly.home.appendingPathComponent("data"))
        // Start-up, each Kuchi launch after a baseline launch of its own.
        let cases: [(name: String, scenario: AppBenchmarks.Scenario)] = [
            ("no sync folder", scenario(syncing: false)),
            ("the folder merged (nothing new)", merged),
            ("the folder not yet merged", scenario(syncing: true)),
            ("no sync folder, the merged store's 300,000 reviews", reviewsOnly),
        ]
        guard let runs = Launch.alternating(cases.map { (kuchi, $0.scenario) }, baseline: baseline, rounds: rounds) else {
            table.add("start-up", "a launch failed (is a display there?)", target: "")
            return
        }
        let cTime = Measure.medianOf(runs.flatMap { $0.map(\.c.seconds) })
        table.add("start → first frame, C GTK 4 + libadwaita baseline", formatMilliseconds(cTime), target: "")
        let none = Measure.medianOf(runs[0].map(\.kuchi.seconds))
        for (item, pairs) in zip(cases, runs) {
            let time = Measure.medianOf(pairs.map(\.kuchi.seconds))
            table.add("start → first frame, \(item.name)", formatMilliseconds(time),
                      target: String(format: "%.3f× the baseline", Measure.medianOf(pairs.map { $0.kuchi.seconds / $0.c.seconds })))
            table.add("  ratio of medians to no sync folder", String(format: "%.3f×", time / none), target: "≤ 1.05×")
        }
        let reviewsTime = Measure.medianOf(runs[3].map(\.kuchi.seconds))
        table.add("the folder merged, ratio of medians to the same store without the folder",
                  String(format: "%.3f×", Measure.medianOf(runs[1].map(\.kuchi.seconds)) / reviewsTime), target: "≤ 1.05×")
    }

    /// Device `device`'s log as `store-bench --sync` writes it: review N of card `語(N mod 10,000)`,
    /// one a minute, the devices a few milliseconds apart.
    private static func writeLog(device: Int, in folder: URL) throws {
        let file = folder.appendingPathComponent("devices/BENCH\(device)/log/2026-01.jsonl")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        var bytes: [UInt8] = []
        for index in 0..<reviewsPerDevice {
            let time = Int64(1_767_225_600_000) + Int64(index) * 60_000 + Int64(device) * 7
            let event = SyncEvent(
                id: SyncEvent.newID(), device: "BENCH\(device)", stamp: HLCStamp(wall: time, counter: 0),
                body: .review(
                    card: CardID(deck: "bench", question: "語\(index % cards)"), rating: index % 5 == 0 ? .again : .good,
                    time: time, answerMilliseconds: 4000))
            bytes += SyncLine.encode(event)
            bytes.append(UInt8(ascii: "\n"))
        }
        try Data(bytes).write(to: file)
    }
}
