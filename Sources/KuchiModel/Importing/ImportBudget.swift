#if canImport(Glibc)
import Glibc
#endif

/// The limits in time of reading one package: the learner's Cancel (``ImportProgress``)
/// and the clock (``DeckLimits/maximumReadingTime``, from the package's first byte to
/// its cards), whichever comes first. The unpacking asks ``isOver`` at every chunk, the
/// row loops ask ``check()``, and SQLite's progress handler asks ``isOver`` inside a
/// query, so even a query that would never end stops.
///
/// The clock is the reading thread's own CPU time, not the wall's: the budget bounds
/// the work a package makes Kuchi do, and a machine busy with other things (or the
/// window, which the import yields to: it runs at a lower priority) must not turn a
/// good package into a refused one. A budget is made, and asked, on the one thread that
/// reads the package.
struct ImportBudget {
    let progress: ImportProgress
    /// The package's name, for messages.
    let file: String
    /// The time allowed; nil for none (the sounds, bounded by their sizes instead).
    let time: Duration?
    private let deadline: Duration?

    /// Starts the clock.
    init(progress: ImportProgress, time: Duration?, file: String) {
        self.progress = progress
        self.time = time
        self.file = file
        deadline = time.map { Self.threadTime() + $0 }
    }

    /// Whether the import was cancelled or its time is up.
    var isOver: Bool { progress.isCancelled || deadline.map { Self.threadTime() >= $0 } ?? false }

    /// The CPU time the calling thread has used.
    private static func threadTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }

    /// Throws the reason to stop, if there is one.
    func check() throws(DeckError) {
        if let stop { throw stop }
    }

    /// Why the reading stops, if it must: cancelled, or out of time.
    var stop: DeckError? {
        if progress.isCancelled { return Self.cancelled(file: file) }
        guard let deadline, let time, Self.threadTime() >= deadline else { return nil }
        return DeckError(problems: [DeckProblem(file: file, message: tr(
            "took more than {seconds} seconds to read, so Kuchi stopped: a package's collection must read within that time (this one is too large, or made to stall)",
            ["seconds": Self.seconds(time)]))])
    }

    /// "5", "0.25": whole seconds, or to the millisecond.
    static func seconds(_ time: Duration) -> String {
        let (whole, attoseconds) = time.components
        let milliseconds = Int(attoseconds / 1_000_000_000_000_000)
        guard milliseconds > 0 else { return "\(whole)" }
        var fraction = String(milliseconds)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    /// What a cancelled import of `file` throws (``ImportProgress/isCancelled`` tells it
    /// from a refusal).
    static func cancelled(file: String) -> DeckError {
        DeckError(problems: [DeckProblem(file: file, message: tr("was not imported: the import was cancelled"))])
    }
}
