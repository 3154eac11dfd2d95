import BenchSupport
import Foundation
import KuchiModel
import Synchronization

/// `store-bench --hostile`, last table: how soon Cancel is answered. The 477 MiB package
/// is imported on a thread of its own, as the window does; once the import has been in
/// a phase a while, Cancel is pressed (``ImportProgress/cancel()``) and the time until
/// the import has thrown, and removed what it made, is measured.
enum CancelBench {
    static func table(package: URL) throws -> Table {
        var table = Table("Cancel during an import of \(package.lastPathComponent) (target: answered within 200 ms)")
        let cases: [(ImportProgress.Phase, Duration)] = [
            (.unpacking, .milliseconds(50)), (.readingNotes, .milliseconds(5)), (.readingReviews, .milliseconds(300)),
        ]
        for (phase, into) in cases {
            table.add("Cancel \(formatMilliseconds(HostileBench.seconds(into), digits: 0)) into \(phase)",
                      try cancel(package, in: phase, after: into), target: "≤ 200 ms")
        }
        return table
    }

    /// When the import thread finished.
    private final class Finish: Sendable {
        let time = Mutex<ContinuousClock.Instant?>(nil)
    }

    private static func cancel(_ package: URL, in phase: ImportProgress.Phase, after delay: Duration) throws -> String {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-cancel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: work.appendingPathComponent("decks"))
        let progress = ImportProgress()
        let finish = Finish()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? catalog.import(LocalPath(package), progress: progress)
            finish.time.withLock { $0 = .now }
            done.signal()
        }
        while progress.phase.rawValue < phase.rawValue { usleep(200) }
        Thread.sleep(forTimeInterval: HostileBench.seconds(delay))
        guard progress.phase == phase else {
            done.wait()
            return "(the import was past \(phase) by then)"
        }
        let pressed = ContinuousClock.now
        progress.cancel()
        done.wait()
        let answered = (finish.time.withLock { $0 } ?? pressed) - pressed
        let left = (FileManager.default.enumerator(atPath: work.path)?.allObjects as? [String] ?? [])
            .filter { $0 != "decks" && $0 != "scratch" }
        return formatMilliseconds(HostileBench.seconds(answered), digits: 1)
            + (left.isEmpty ? ", nothing left behind" : ", left behind: \(left)")
    }
}
