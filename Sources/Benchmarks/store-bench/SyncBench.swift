import BenchSupport
import Foundation
import KuchiModel

/// `store-bench --sync`: merging a sync folder into the review store (Sync/): three
/// devices' logs of 100,000 reviews each (10,000 cards, ten reviews a card per device,
/// interleaved in time) into an empty store, then 20 new lines from one device into
/// that store. Medians of three runs (the first merge) and of seven (20 lines); the
/// process's peak memory. The first merge in its parts (reading, the store's
/// transaction, the files and the FSRS steps alone), and in the app's steps.
enum SyncBench {
    static let devices = 3
    static let reviewsPerDevice = 100_000
    static let cards = 10_000

    static func table() throws -> Table {
        var table = Table("Sync: merging a folder into the review store")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-sync-bench-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for device in 0..<devices {
            try writeLog(device: device, reviews: 0..<reviewsPerDevice, in: folder)
        }
        let base = peakMiB()
        var fullTimes: [Double] = []
        var readTimes: [Double] = []
        var storeTimes: [Double] = []
        var incremental: [Double] = []
        var last: SyncReport?
        let scheduler = FSRSScheduler(desiredRetention: 0.9, fuzz: false)
        for run in 0..<3 {
            let data = root.appendingPathComponent("data\(run)")
            let store = try ReviewStore(path: data.appendingPathComponent("kuchi.sqlite3").path)
            let sync = try SyncFolder(folder: folder.path, dataDirectory: data, store: store)
            // In the merge's own parts: reading (files, CRC, JSON) and the store's
            // transaction (the replays' FSRS steps and SQLite's writes).
            let start = Measure.now()
            let logs = try sync.pendingLogs().read()
            let read = Measure.now()
            let merge = try sync.beginMerge(logs, scheduler: scheduler)
            repeat { last = try merge.step(settings: Settings(), events: .max) } while last == nil
            let end = Measure.now()
            readTimes.append(Double(read - start) / 1e9)
            storeTimes.append(Double(end - read) / 1e9)
            fullTimes.append(Double(end - start) / 1e9)
            if run == 0 {
                for round in 0..<7 {
                    let first = reviewsPerDevice + round * 20
                    try writeLog(device: 0, reviews: first..<(first + 20), in: folder)
                    let start = Measure.now()
                    let report = try sync.merge(settings: Settings(), scheduler: scheduler)
                    incremental.append(Double(Measure.now() - start) / 1e3 / 1e3)
                    precondition(report.newReviews == 20, "the 20 new lines were not merged")  // safe: a benchmark's own check
                }
            }
        }
        let peak = peakMiB()
        let merged = last?.newReviews ?? 0
        // The files alone, and the replays' FSRS steps alone (the same 300,000 reviews,
        // card by card in time order, as the merge replays them).
        let fileTimes = try (0..<3).map { _ in
            try Measure.time { for device in 0..<devices { _ = try Data(contentsOf: logFile(device: device, in: folder)) } }
        }
        let fsrsTimes = (0..<3).map { _ in Measure.time { replayAll(scheduler: scheduler) } }
        // In steps, as the app merges a large folder: each step's time is what the
        // window waits for at most.
        var steppedTimes: [Double] = []
        var stepTimes: [Double] = []
        var steps = 0
        for run in 0..<3 {
            let data = root.appendingPathComponent("stepped\(run)")
            let store = try ReviewStore(path: data.appendingPathComponent("kuchi.sqlite3").path)
            let sync = try SyncFolder(folder: folder.path, dataDirectory: data, store: store)
            let logs = try sync.pendingLogs().read()
            let merge = try sync.beginMerge(logs, scheduler: scheduler)
            var total = 0.0
            var report: SyncReport?
            steps = 0
            while report == nil {
                let start = Measure.now()
                report = try merge.step(settings: Settings())
                let time = Double(Measure.now() - start) / 1e6
                total += time
                stepTimes.append(time)
                steps += 1
            }
            precondition(report?.newReviews == merged, "the merge in steps merged what the merge at once did")  // safe: a benchmark's own check
            steppedTimes.append(total / 1e3)
        }
        table.add(
            "\(devices) devices × \(reviewsPerDevice.formatted()) reviews into an empty store (target ≤ 10 s, ≤ 150 MiB)",
            "\(seconds(fullTimes)) (\(fullTimes.map { String(format: "%.2f", $0) }.joined(separator: ", "))), \(merged.formatted()) reviews, peak \(peak) MiB (\(base) MiB before)")
        table.add("  reading the files, CRC and JSON of each line (off the window's thread)", seconds(readTimes))
        table.add("    of which the files' bytes alone (in the page cache)", String(format: "%.1f ms median of 3", median(fileTimes) * 1e3))
        table.add("  the store's transaction: replays and SQLite's writes", seconds(storeTimes))
        table.add("    of which the replays' FSRS steps alone", String(format: "%.0f ms median of 3", median(fsrsTimes) * 1e3))
        table.add(
            "  in steps of \(SyncMerge.eventsPerStep.formatted()) events (the app's), \(steps) steps",
            "\(seconds(steppedTimes)) of steps; a step \(String(format: "%.1f", median(stepTimes))) ms median, \(String(format: "%.1f", percentile(stepTimes, 0.95))) ms p95, \(String(format: "%.1f", stepTimes.max() ?? 0)) ms max")
        table.add(
            "20 new lines from one device (target ≤ 50 ms)",
            "\(String(format: "%.1f", median(incremental))) ms median of 7")
        return table
    }

    private static func seconds(_ values: [Double]) -> String {
        "\(String(format: "%.2f", median(values))) s median of \(values.count)"
    }

    private static func logFile(device: Int, in folder: URL) -> URL {
        folder.appendingPathComponent("devices/BENCH\(device)/log/2026-01.jsonl")
    }

    /// The FSRS steps of replaying every card of the logs from new, oldest review first.
    private static func replayAll(scheduler: FSRSScheduler) {
        var byCard: [[(time: Int64, rating: FSRSRating)]] = Array(repeating: [], count: cards)
        for device in 0..<devices {
            for index in 0..<reviewsPerDevice {
                byCard[index % cards].append((reviewTime(index, device: device), index % 5 == 0 ? .again : .good))
            }
        }
        var due = 0.0
        for reviews in byCard {
            var state: FSRSCard?
            for review in reviews.sorted(by: { $0.time < $1.time }) {
                let time = Date(timeIntervalSince1970: Double(review.time) / 1000)
                state = scheduler.review(state ?? FSRSCard(due: time), rating: review.rating, at: time)
            }
            due += state?.due.timeIntervalSince1970 ?? 0
        }
        precondition(due > 0)  // safe: keeps the replays from being optimized away
    }

    private static func reviewTime(_ index: Int, device: Int) -> Int64 {
        Int64(1_767_225_600_000) + Int64(index) * 60_000 + Int64(device) * 7
    }

    /// Appends reviews `range` of `device` to its log: card `語N` for review N, one a
    /// minute, the devices a few milliseconds apart.
    private static func writeLog(device: Int, reviews range: Range<Int>, in folder: URL) throws {
        let file = logFile(device: device, in: folder)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: file.path) { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        var chunk: [UInt8] = []
        for index in range {
            let time = reviewTime(index, device: device)
            let event = SyncEvent(
                id: SyncEvent.newID(), device: "BENCH\(device)", stamp: HLCStamp(wall: time, counter: 0),
                body: .review(
                    card: CardID(deck: "bench", question: "語\(index % cards)"), rating: index % 5 == 0 ? .again : .good,
                    time: time, answerMilliseconds: 4000))
            chunk += SyncLine.encode(event)
            chunk.append(UInt8(ascii: "\n"))
            if chunk.count > 1 << 20 {
                try handle.write(contentsOf: Data(chunk))
                chunk.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: Data(chunk))
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    private static func peakMiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}
