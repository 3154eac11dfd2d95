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
