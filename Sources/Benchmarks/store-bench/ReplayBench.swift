import BenchSupport
import Foundation
import KuchiModel

/// `store-bench --replay`: an imported package's review history replayed into a new
/// review store (`ReviewStore.importHistory`, one transaction), as an import does
/// before it lists the deck: 200,000 reviews (a heavy Anki user's) and 2,000,000 (the
/// import's bound), 100 reviews a card, one a day. Time and the process's peak memory.
enum ReplayBench {
    static func table() throws -> Table {
        var table = Table("History replay into the review store (one run each)")
        for count in [200_000, 2_000_000] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-replay-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let history = (0..<count).map { index in
                ImportedReview(
                    question: "語\(index / 100)", time: Date(timeIntervalSince1970: 1_600_000_000 + Double(index % 100) * 86_400),
                    rating: index % 5 == 0 ? .again : .good, duration: .seconds(4), kind: .review)
            }
            let store = try ReviewStore(path: folder.appendingPathComponent("kuchi.sqlite3").path)
            let start = Measure.now()
            let result = try store.importHistory(
                history, deck: "bench", scheduler: FSRSScheduler(desiredRetention: 0.9, fuzz: false), unlistedFile: "bench")
            let seconds = Double(Measure.now() - start) / 1e9
            let size = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("kuchi.sqlite3-wal").path))?[.size] as? Int ?? 0
            table.add("\(count.formatted()) reviews of \(result.cards.formatted()) cards",
                      "\(String(format: "%.2f", seconds)) s, \(String(format: "%.0f", Double(count) / seconds)) reviews/s, log \(size >> 20) MiB, peak \(peakMiB()) MiB")
            let settleStart = Measure.now()
            let takenBack = try store.settleImports { _ in false }
            table.add("  taken back, unlisted: \(takenBack.formatted()) reviews",
                      "\(String(format: "%.2f", Double(Measure.now() - settleStart) / 1e9)) s")
        }
        return table
    }

    private static func peakMiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}
