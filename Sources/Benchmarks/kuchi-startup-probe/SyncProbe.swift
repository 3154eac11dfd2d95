import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
@_spi(Benchmark) import KuchiApp
import GtkKit

/// How late the main loop is while sync's start-up merge runs: a timer asks to run
/// every 5 ms (at the default priority, above the merge's idle steps and with the
/// window's frames), and each run's lateness is a stall the window had. Prints the
/// monotonic time the merge was over (`sync-done-ns`), the longest stall and the 95th
/// percentile (`stall-max-us`, `stall-p95-us`) and the timer's runs (`stall-ticks`), then exits.
@MainActor
enum SyncProbe {
    static let interval = Duration.milliseconds(5)
    private static var stalls: [Int64] = []

    static func watch(until isOver: @escaping @MainActor () -> Bool) {
        tick(expected: StartupProbe.monotonicNanoseconds() + 5_000_000, isOver: isOver)
    }

    private static func tick(expected: Int64, isOver: @escaping @MainActor () -> Bool) {
        MainLoop.after(interval) {
            let now = StartupProbe.monotonicNanoseconds()
            stalls.append(max(0, now - expected))
            guard isOver() else { return tick(expected: now + 5_000_000, isOver: isOver) }
            let sorted = stalls.sorted()
            let p95 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
            var text = "sync-done-ns \(now)\nstall-max-us \((sorted.last ?? 0) / 1000)\nstall-p95-us \(p95 / 1000)\n"
            text += "stall-ticks \(sorted.count)\n"
            text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
            exit(0)
        }
    }
}
