import BenchSupport
import Foundation
import KuchiModel

/// `store-bench --sync`: merging a sync folder into the review store (Sync/): three
/// devices' logs of 100,000 reviews each (10,000 cards, ten reviews a card per device,
/// interleaved in time) into an empty store, then 20 new lines from one device into
/// that store. Medians of three runs (the first merge) and of seven (20 lines); the
/// process's peak memory.
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
        var incremental: [Double] = []
        var last: SyncReport?
        for run in 0..<3 {
            let data = root.appendingPathComponent("data\(run)")
            let store = try ReviewStore(path: data.appendingPathComponent("kuchi.sqlite3").path)
            let sync = try SyncFolder(folder: folder.path, dataDirectory: data, store: store)
            let scheduler = FSRSScheduler(desiredRetention: 0.9, fuzz: false)
            let start = Measure.now()
            last = try sync.merge(settings: Settings(), scheduler: scheduler)
            fullTimes.append(Double(Measure.now() - start) / 1e9)
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
        let merged = last?.newReviews ?? 0
        table.add(
            "\(devices) devices × \(reviewsPerDevice.formatted()) reviews into an empty store (target ≤ 10 s, ≤ 150 MiB)",
            "\(String(format: "%.2f", median(fullTimes))) s median of 3 (\(fullTimes.map { String(format: "%.2f", $0) }.joined(separator: ", "))), \(merged.formatted()) reviews, peak \(peakMiB()) MiB (\(base) MiB before)")
        table.add(
            "20 new lines from one device (target ≤ 50 ms)",
            "\(String(format: "%.1f", median(incremental))) ms median of 7")
        return table
    }

    /// Appends reviews `range` of `device` to its log: card `語N` for review N, one a
    /// minute, the devices a few milliseconds apart.
    private static func writeLog(device: Int, reviews range: Range<Int>, in folder: URL) throws {
        let file = folder.appendingPathComponent("devices/BENCH\(device)/log/2026-01.jsonl")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: file.path) { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        var chunk: [UInt8] = []
        for index in range {
            let time = Int64(1_767_225_600_000) + Int64(index) * 60_000 + Int64(device) * 7
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

    private static func peakMiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}
