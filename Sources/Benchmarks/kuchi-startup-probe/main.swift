// kuchi-startup-probe: Kuchi, built the same way, that reports its first painted
// frame and peak memory and exits — for gtkkit-bench's start-up figures. The
// shipped `kuchi` has no such hook in its path.
//
// With KUCHI_PROBE_SYNC=steps (or =at-once, every merge on the window's thread as
// before merges came in steps) it goes on after the first frame until sync's start-up
// merge is over, and reports how late the main loop was meanwhile (SyncProbe.swift).
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
@_spi(Benchmark) import KuchiApp

let syncMode = ProcessInfo.processInfo.environment["KUCHI_PROBE_SYNC"]
nonisolated(unsafe) var application: KuchiApplication?
application = KuchiApplication(afterFirstFrame: {
    guard let syncMode, let application else { return StartupProbe.firstFrame() }
    if syncMode == "at-once" { application.mergeAtOnce() }
    StartupProbe.report()
    SyncProbe.watch(until: { application.syncIsIdle })
})
exit(application?.run() ?? 1)
