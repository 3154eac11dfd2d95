import Foundation

/// For the start-up benchmark (KUCHI_EXIT_AFTER_FIRST_FRAME=1): prints the
/// monotonic time of the first painted frame, then exits.
enum StartupProbe {
    static func firstFrame() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let line = "first-frame-ns \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        exit(0)
    }
}
