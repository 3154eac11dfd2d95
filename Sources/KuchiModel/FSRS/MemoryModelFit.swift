import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A fit of the learner's memory model to their own review log, and the rule for
/// keeping it: Anki's, the new parameters only when they predict the log better (a
/// lower log loss on every review of it) than the parameters in use.
///
/// Kuchi fits by itself once the learner has ``minimumReviews`` reviews, and again each
/// time their number has doubled since the last fit (``isDue(reviewCount:lastFitReviewCount:)``),
/// always between practice sessions, never during one; "Fit now" on the Statistics page
/// asks for one at any time, from as many reviews.
public enum MemoryModelFit {
    /// The reviews a fit needs: below this a fit would move the parameters on too little
    /// evidence, and the defaults predict as well.
    public static let minimumReviews = 400

    /// Whether an automatic fit is due: at least ``minimumReviews`` reviews, and at least
    /// twice as many as at the last fit (kept or not).
    public static func isDue(reviewCount: Int, lastFitReviewCount: Int) -> Bool {
        reviewCount >= minimumReviews && reviewCount >= 2 * lastFitReviewCount
    }

    /// What a fit came to.
    public enum Outcome: Sendable, Equatable {
        /// The fitted parameters predict the log better: the learner's new memory model.
        case better(FittedMemoryModel)
        /// The parameters in use predict the log at least as well, and stay; how well
        /// each predicted it.
        case notBetter(current: MemoryModelScore, fitted: MemoryModelScore)
        /// Cancel was pressed: nothing changes.
        case cancelled
    }

    /// Fits FSRS's parameters to `reviews` (every review of the learner, in
    /// ``ReviewLogCSV``'s sense) and judges them against `current`, the parameters in
    /// use. Study days start at `dayStartHour` in the system's time zone, as the
    /// learner's did. Takes seconds for a large log: run it on a thread of its own;
    /// `progress` shows how far it has come and cancels it.
    public static func run(
        reviews: [ExportedReview], current: [Double], dayStartHour: Int, at time: Date,
        progress: MemoryModelFitProgress = MemoryModelFitProgress()
    ) -> Outcome {
        let history = FSRSReviewHistory(reviews: reviews, dayStartHour: dayStartHour)
        var settings = FSRSOptimizer.TrainingSettings()
        settings.progress = progress
        let fitted = FSRSOptimizer.parameters(from: history, settings: settings)
        guard !progress.isCancelled else { return .cancelled }
        return judge(fitted, against: current, on: history, at: time)
    }

    /// Anki's rule: `fitted` is kept only when its log loss on every item of `history`
    /// is lower than that of `current`.
    package static func judge(
        _ fitted: [Double], against current: [Double], on history: FSRSReviewHistory, at time: Date
    ) -> Outcome {
        // As the scheduler would take them: within FSRS's bounds, so they save and load.
        let fitted = FSRSModel(weights: fitted).weights
        let before = score(current, on: history), after = score(fitted, on: history)
        guard after.logLoss < before.logLoss else { return .notBetter(current: before, fitted: after) }
        return .better(FittedMemoryModel(
            parameters: fitted, fitted: time, reviewCount: history.reviewCount, before: before, after: after))
    }

    /// fsrs-rs's log loss and RMSE (bins) of `parameters` on `history`.
    package static func score(_ parameters: [Double], on history: FSRSReviewHistory) -> MemoryModelScore {
        let evaluation = FSRSOptimizer.evaluate(parameters, on: history)
        return MemoryModelScore(logLoss: evaluation.logLoss, rmse: evaluation.rmseBins)
    }
}

extension FSRSReviewHistory {
    /// The history of `reviews`, in study days starting at `dayStartHour` in the
    /// system's time zone (its offset at each review's time, so a summer-time change
    /// moves no review to another day).
    package init(reviews: [ExportedReview], dayStartHour: Int) {
        let rows = reviews.map { review in
            Row(card: review.card, milliseconds: review.milliseconds, rating: UInt8(review.rating.rawValue),
                learning: review.stateBefore == nil || review.stateBefore == .learning)
        }
        self.init(rows: rows, days: StudyDays(dayStartHour: min(max(dayStartHour, 0), 23), secondsFromGMT: Self.localOffset))
    }

    /// The system time zone's offset from UTC at `seconds` since 1970, from the C
    /// library (0 where it cannot say).
    static func localOffset(at seconds: Int64) -> Int64 {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int64(parts.tm_gmtoff)
    }
}
