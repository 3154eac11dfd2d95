import FoundationEssentials

/// Fits FSRS-6's 21 parameters to one learner's review log, as fsrs-rs does (the
/// optimizer Anki runs, and the PyPI package `fsrs-rs-python`), so the scheduler can
/// predict that learner's memory rather than an average one's.
///
/// The steps are fsrs-rs's (version 6.6), each described where it is written:
/// 1. the log becomes training items: each card's reviews counted in study days, one
///    item for each review on a later day than the one before (`FSRSReviewHistory`);
/// 2. outliers are set aside: cards whose interval to their second study day is rare
///    or long for their first rating (`prepare`);
/// 3. the first four parameters, the initial stabilities, are fitted from those second
///    days (`initialStabilities`);
/// 4. all 21 are trained by Adam on the log loss of every item's predicted recall, five
///    passes over the items in batches of about 512 in random order, with a learning
///    rate falling along a cosine from 0.04 to 0, items weighted towards the recent, a
///    pull towards the defaults and fsrs-rs's bounds after every step (`train`);
/// 5. the initial stabilities are put back in order and filled in for first ratings
///    never seen.
///
/// Every number is a 64-bit float where fsrs-rs keeps 32 bits, and batches are shuffled
/// with Kuchi's own seeded generator, so the result is not fsrs-rs's to the last digit;
/// it fits a log as well (the tests compare the two on simulated logs, by log loss and
/// calibration).
///
/// The app fits the learner's whole log with it, between sessions, and keeps the result
/// only if it predicts the log better (``MemoryModelFit``).
public enum FSRSOptimizer {
    /// FSRS-6's 21 parameters fitted to a review log in `ReviewLogCSV`'s shape.
    ///
    /// Study days start at `dayStartHour` (0...23) in `timeZone`, as the learner's days
    /// did (Kuchi's and Anki's start at 4 in the morning). With fewer than 8 items to train
    /// on, or no first reviews left to fit the initial stabilities to, the answer is
    /// FSRS-6's defaults (fsrs-rs reports the second case as an error; a caller would fall
    /// back on the defaults anyway); with fewer than 64 items, or none but first reviews,
    /// only the initial stabilities are fitted and the rest are the defaults. These are
    /// fsrs-rs's thresholds.
    ///
    /// Throws ``LogError`` for a log that cannot be read: no header with the columns
    /// needed, a field that is not an integer, a rating or a state out of range.
    public static func parameters(fromReviewLogCSV csv: Data, timeZone: TimeZone,
                                  dayStartHour: Int = 4) throws -> [Double] {
        let history = try FSRSReviewHistory(reviewLogCSV: csv, timeZone: timeZone, dayStartHour: dayStartHour)
        return parameters(from: history)
    }

    /// A line of a review log that could not be read, and why.
    public struct LogError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The line's number, from 1 (the header).
        public var line: Int
        public var reason: String

        public var description: String { "review log, line \(line): \(reason)" }
    }

    static let minimumStability = FSRSCardModel.stabilityRange.lowerBound
    /// fsrs-rs's bound on the initial stabilities, in days.
    static let maximumInitialStability = 100.0

    /// The parameters for `history`: the steps listed in the type's description.
    package static func parameters(from history: FSRSReviewHistory, settings: TrainingSettings = .init()) -> [Double] {
        let defaults = FSRSModel.defaultWeights
        let prepared = prepare(history)
        guard prepared.training.count >= 8 else { return defaults }
        let recalled = prepared.training.reduce(0) { $0 + (history.rating($1) > 1 ? 1 : 0) }
        let averageRecall = Double(recalled) / Double(prepared.training.count)
        guard let initial = initialStabilities(prepared.firstReviews, averageRecall: averageRecall) else {
            return defaults
        }
        let start = initial.stabilities + defaults[4...]
        let firstReviewCount = prepared.firstReviews.values.reduce(0) { $0 + $1.count }
        guard prepared.training.count != firstReviewCount, prepared.training.count >= 64 else { return start }
        var trained = train(history, items: prepared.training, from: start, settings: settings)
        // fsrs-rs reports a non-finite result as an error; the pre-trained start is the
        // best this log gave before training went wrong.
        guard trained.allSatisfy(\.isFinite) else { return start }
        // Training moved the initial stabilities freely: put them back in order, and
        // those of first ratings the log never had are filled in again from the others.
        let fitted = Dictionary(uniqueKeysWithValues: (UInt8(1)...4).map { ($0, trained[Int($0) - 1]) })
        if let smoothed = smoothedAndFilled(fitted, counts: initial.ratingCounts) {
            trained.replaceSubrange(0..<4, with: smoothed)
        }
        return trained
    }
}
