#if canImport(Glibc)
import Glibc
#endif

/// Work that must never hold up the window, on a thread of its own at a lower CPU
/// priority (nice 10) than the window's: an import of a large Anki package unpacks,
/// parses and replays for seconds, and on a machine of two cores, where GTK's renderer
/// already takes its share, a thread of the same priority kept the window's frame clock
/// waiting for a core (frames up to 250 ms apart in `gtkkit-bench --imports`). A lower
/// priority only yields a core when the window wants one; alone, the work runs as fast.
///
/// A thread of its own rather than a task: a niceness set on a shared worker thread
/// would stay with it for whatever runs there next, and cannot be raised back without
/// privileges.
enum BackgroundThread {
    /// The niceness of the work's thread (0 is the window's; 19 the lowest).
    static let niceness: Int32 = 10

    /// Runs `work` on a new, detached thread at ``niceness``.
    static func start(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            // safe: the pointer passed below, retained once for this thread.
            let work = Unmanaged<Work>.fromOpaque(argument!).takeRetainedValue()
            // Linux's niceness is per thread: "process 0" is the calling thread alone.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, BackgroundThread.niceness)
            work.run()
            return nil
        }, box)
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had (out of resources): the work still runs, as a task.
            Unmanaged<Work>.fromOpaque(box).release()
            Task.detached(priority: .utility) { work() }
        }
    }

    private final class Work: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
