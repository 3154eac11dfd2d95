/// The learner's memory model in their settings: the FSRS parameters the scheduler uses.
extension Settings {
    /// The FSRS parameters the scheduler uses: the learner's fitted ones
    /// (``memoryModel``), or FSRS-6's defaults before any fit was kept.
    public var fsrsParameters: [Double] {
        memoryModel?.parameters ?? FSRSScheduler.defaultParameters
    }

    /// The range a count of reviews is read in (``lastFitReviewCount``).
    static let reviewCountRange = 0...Int(Int32.max)
}
