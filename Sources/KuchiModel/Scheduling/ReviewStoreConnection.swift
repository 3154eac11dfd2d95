import FoundationEssentials
import Observation

/// The planner's part that opens: the review store once open, the way to open it again
/// while the cause can pass (a lock, a read-only folder, a full disk), and what opening
/// found, in words: why it could not open, and what the background check of the review
/// log found. ``ReviewStoreOpener`` decides each try; ``ScheduleWords`` words it.
///
/// Once open the store stays open until ``close()``; nothing opens after that.
@MainActor
@Observable
final class ReviewStoreConnection {
    /// Why the database could not be opened or the old progress imported, until dismissed.
    private(set) var openProblem: String?
    /// What the background check of the review log found, if it is damaged.
    private(set) var logProblem: String?
    /// Whether the background check of the review log has finished.
    private(set) var hasCheckedLog = false
    /// The store, once open (or the one in memory for another program's file).
    @ObservationIgnored private(set) var store: ReviewStore?
    /// Why the last try to open failed; answers wait for this reason until the store opens.
    @ObservationIgnored private(set) var lastError: ReviewStoreError?
    /// Set by ``close()``: nothing is opened, saved or scheduled after it.
    @ObservationIgnored private(set) var isClosed = false
    /// Opens the database, again after a problem that can pass; nil once open, or after
    /// damage that cannot.
    @ObservationIgnored private var opener: ReviewStoreOpener?
    /// How long after opening the review log is checked.
    @ObservationIgnored private let logCheckDelay: Duration
    /// The background check of the review log, once the store has opened; ``close()``
    /// stops it.
    @ObservationIgnored private(set) var logCheck: ReviewLogCheck?

    /// A store already open (or none), with the problem that says why there is none.
    init(store: ReviewStore?, problem: String?) {
        self.store = store
        openProblem = problem
        logCheckDelay = .zero
    }

    /// The database at `path`, opened by ``open(at:)``, which imports the old progress
    /// file once; the review log is checked `logCheckDelay` after it opens.
    init(path: String, legacyProgress: URL?, logCheckDelay: Duration) {
        opener = ReviewStoreOpener(path: path, legacyProgress: legacyProgress)
        self.logCheckDelay = logCheckDelay
    }

    /// Opens the store, unless it is open, closed, or cannot be; on failure says why, and
    /// keeps the opener for another try if the cause can pass.
    func open(at now: Date) {
        guard store == nil, var opener, !isClosed else { return }
        let outcome = opener.open(at: now)
        self.opener = opener.canRetry ? opener : nil
        switch outcome {
        case .opened(let opened, let legacyProblem):
            store = opened
            openProblem = legacyProblem.map(ScheduleWords.legacyNotImported)
            logCheck = ReviewLogCheck(path: opener.path, after: logCheckDelay) { [weak self] damage in
                self?.finishLogCheck(problem: damage.map(ScheduleWords.logDamaged))
            }
        case .inMemory(let memory, let error):
            lastError = error
            store = memory
            openProblem = ScheduleWords.keptInMemory(error)
        case .failed(let error):
            lastError = error
            let text = ScheduleWords.notOpened(error)
            if openProblem != text { openProblem = text }
        }
    }

    /// Clears ``openProblem`` and ``logProblem`` once shown.
    func dismissProblems() {
        openProblem = nil
        logProblem = nil
    }

    /// Brings the database file up to date (every review in it, none left only in the
    /// write-ahead log) and closes it, so that the file is all there is: SQLite removes
    /// its `-wal` and `-shm` as the last connection closes. Nothing opens after this.
    func close() {
        // First, so the store's connection is the last: the log's check reads through
        // a connection of its own, which would leave them (ReviewLogCheck).
        logCheck?.stop()
        try? store?.checkpoint()
        // The last reference: the connection closes now.
        store = nil
        opener = nil
        isClosed = true
    }

    private func finishLogCheck(problem: String?) {
        logProblem = problem
        hasCheckedLog = true
    }
}
