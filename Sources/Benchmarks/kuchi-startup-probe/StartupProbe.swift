import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// For the start-up benchmark: prints the
/// monotonic time of the first painted frame and the peak resident memory
/// so far, then exits.
enum StartupProbe {
    static func firstFrame() {
        report()
        exit(0)
    }

    /// Prints the first frame's time and the peak so far.
    static func report() {
        // NB: the peak is read here, not from wait4(): a child started with
        // posix_spawn (vfork) inherits its parent's high-water mark at exec.
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        let peak = line.split(separator: " ").dropFirst().first ?? "0"
        var text = "first-frame-ns \(monotonicNanoseconds())\npeak-rss-kb \(peak)\n"
        text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
    }

    static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
