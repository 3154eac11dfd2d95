import FoundationEssentials

/// What opens the review store: the database at a path, tried again while the cause
/// can pass (a lock, a read-only folder, a full disk) and given up after damage that
/// cannot; the old progress file imported once it opens (the review log is checked in
/// the background afterwards: ``ReviewLogCheck``). It decides; ``ScheduleWords`` words
/// it; the planner shows it.
struct ReviewStoreOpener {
    /// How a try went.
    enum Outcome {
        /// Open; `legacyProblem` says why the old progress could not be imported.
        case opened(ReviewStore, legacyProblem: ReviewStoreError?)
        /// Another program's file, never written into: this run's reviews are kept in
        /// the store in memory given.
        case inMemory(ReviewStore, because: ReviewStoreError)
        /// Not open; ``canRetry`` says whether another try may succeed.
        case failed(ReviewStoreError)
    }

    let path: String
    /// The old progress file to import once the database is open.
    let legacyProgress: URL?
    /// Whether another ``open(at:)`` may succeed: false once open, or after damage that
    /// cannot pass.
    private(set) var canRetry = true

    init(path: String, legacyProgress: URL?) {
        self.path = path
        self.legacyProgress = legacyProgress
    }

    /// Opens (or creates) the database; imports the old progress with `now` as its
    /// time.
    mutating func open(at now: Date) -> Outcome {
        do {
            let store = try ReviewStore(path: path)
            canRetry = false
            var legacyProblem: ReviewStoreError?
            if let legacyProgress {
                do {
                    _ = try store.importLegacyProgress(from: legacyProgress, at: now)
                } catch {
                    legacyProblem = error
                }
            }
            return .opened(store, legacyProblem: legacyProblem)
        } catch {
            switch error.kind {
            case .locked, .readOnly, .diskFull, .other: break
            case .notADatabase, .corrupt, .newerSchema, .unreadableProgress, .notLatestReview: canRetry = false
            case .foreign:
                canRetry = false
                if let memory = try? ReviewStore.inMemory() { return .inMemory(memory, because: error) }
            }
            return .failed(error)
        }
    }
}
