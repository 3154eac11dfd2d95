import FoundationEssentials

/// What a fit of the learner's memory model reads from the schedule (``MemoryModelFit``):
/// their whole review log, and its length.
extension StudyPlanner {
    /// How many reviews the learner's log holds, every deck and direction; nil without
    /// a store (a store error is shown as a problem and gives nil).
    public func reviewCount() -> Int? {
        _ = revision
        guard let store = connection.store else { return nil }
        return saving { () throws(ReviewStoreError) -> Int in try store.reviewCount() }
    }

    /// Every review of every deck and direction, oldest first: what a fit is made from.
    public func exportedReviews() throws(ReviewStoreError) -> [ExportedReview] {
        try openedStore().exportedReviews()
    }
}

extension StudyPlanner {
    /// What reads the whole review log on a fit's own thread, over a connection of its
    /// own (``ReviewLogReader``), so the window never waits for it; nil when this run's
    /// reviews are kept in memory only (the database file is another program's), where
    /// ``exportedReviews()`` reads them.
    ///
    /// - Throws: why the database is not open.
    public func reviewLogReader() throws(ReviewStoreError) -> ReviewLogReader? {
        let store = try openedStore()
        return store.isInMemory ? nil : ReviewLogReader(path: store.path)
    }
}

/// Reads every review of the learner's log on the thread it is called on, over a
/// connection of its own (the database is in WAL mode: the window's connection goes on
/// writing meanwhile, and the read sees the log as it was when it began).
public struct ReviewLogReader: Sendable {
    let path: String

    /// The reader of the database at `path` (benchmarks make one; the app asks the
    /// planner, ``StudyPlanner/reviewLogReader()``).
    package init(path: String) {
        self.path = path
    }

    /// Every review of every deck and direction, oldest first.
    public func reviews() throws(ReviewStoreError) -> [ExportedReview] {
        try ReviewStore(path: path).exportedReviews()
    }
}

extension ReviewLogReader {
    /// The memory state of every card the learner has reviewed and not suspended, every
    /// deck and direction: what ``WorkloadSimulation`` plays forward.
    public func cardStates() throws(ReviewStoreError) -> [FSRSCard] {
        try ReviewStore(path: path).cardStates()
    }
}

extension StudyPlanner {
    /// The scheduler the planner uses with `settings` (the learner's parameters, the
    /// desired retention), without fuzz: what ``WorkloadSimulation`` plays forward.
    public static func scheduler(for settings: Settings) -> FSRSScheduler {
        scheduler(settings, fuzz: false)
    }
}
