import BenchSupport
import Foundation
import KuchiModel

/// `store-bench --anki PACKAGE`: checks and imports a large Anki package (25,000 notes,
/// written by `tools/make-anki-fixtures.py --bench 25000 /tmp/anki-bench.apkg`), and
/// reads the process's peak memory, which nothing else in this mode raises.
enum AnkiImportBench {
    static func table(package: String) throws -> Table {
        let path = LocalPath(package)
        let size = (try? FileManager.default.attributesOfItem(atPath: package)[.size] as? Int) ?? 0
        var notes = 0
        let check = try Measure.median(runs: 5) {
            notes = try DeckImporter.check(path: path).get()
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-anki-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var reviews = 0
        var run = 0
        let importing = try Measure.median(runs: 5) {
            run += 1
            let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder.appendingPathComponent("decks-\(run)"))
            reviews = try catalog.import(path).imported.reviews.count
        }
        var table = Table("Anki package: \(notes) notes kept, \(reviews) reviews, \(size / 1024) KiB (medians of 5)")
        table.add("check (--check-deck)", formatMilliseconds(check, digits: 1), target: "≤ 5 s")
        table.add("import (unpack, read, write the deck)", formatMilliseconds(importing, digits: 1), target: "≤ 10 s")
        table.add("peak memory of this process (VmHWM)", peakMemory(), target: "≤ 300 MiB")
        return table
    }

    private static func peakMemory() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return "unknown" }
        return String(format: "%.1f MiB", kilobytes / 1024)
    }
}
