import FoundationEssentials

/// FSRS parameters fitted to one learner's own review log, kept in their settings
/// (settings.json's `"fsrsParameters"`), with what the fit was made from and how much
/// better it predicts that log than the parameters it replaced.
///
/// Only a fit that predicts the log better than the parameters in use is kept
/// (``MemoryModelFit``); the scheduler then uses its ``parameters``
/// (``Settings/fsrsParameters``).
///
/// A damaged value is refused with the place in the file and the rule, like every
/// other setting: a list that is not 21 numbers, a parameter outside the range FSRS
/// accepts for it, a count or a score that is negative or not a number.
public struct FittedMemoryModel: Codable, Equatable, Sendable {
    /// FSRS-6's 21 parameters.
    public var parameters: [Double]
    /// When the fit was made.
    public var fitted: Date
    /// How many reviews the log held.
    public var reviewCount: Int
    /// How well the parameters this fit replaced predicted that log.
    public var before: MemoryModelScore
    /// How well these parameters predict it: better than ``before`` in log loss.
    public var after: MemoryModelScore

    public init(parameters: [Double], fitted: Date, reviewCount: Int, before: MemoryModelScore, after: MemoryModelScore) {
        self.parameters = parameters
        self.fitted = fitted
        self.reviewCount = reviewCount
        self.before = before
        self.after = after
    }

    enum CodingKeys: String, CodingKey {
        case parameters
        /// Milliseconds since 1970-01-01 UTC, as the review log writes times.
        case fitted = "fittedMilliseconds"
        case reviewCount = "reviews"
        case before, after
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        parameters = try container.decode([Double].self, forKey: .parameters)
        let milliseconds = try container.decode(Int64.self, forKey: .fitted)
        fitted = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        reviewCount = try container.decode(Int.self, forKey: .reviewCount)
        before = try container.decode(MemoryModelScore.self, forKey: .before)
        after = try container.decode(MemoryModelScore.self, forKey: .after)
        guard parameters.count == FSRSModel.weightBounds.count else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath + [CodingKeys.parameters],
                debugDescription: tr("FSRS has {count} parameters; there were {found}", [
                    "count": "\(FSRSModel.weightBounds.count)", "found": "\(parameters.count)",
                ])))
        }
        for (index, (value, bounds)) in zip(parameters, FSRSModel.weightBounds).enumerated() where !bounds.contains(value) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath + [CodingKeys.parameters, Index(intValue: index)],
                debugDescription: tr("this parameter must be from {lowest} to {highest}; it was {found}", [
                    "lowest": Self.plain(bounds.lowerBound), "highest": Self.plain(bounds.upperBound), "found": Self.plain(value),
                ])))
        }
        guard reviewCount >= 0 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath + [CodingKeys.reviewCount],
                debugDescription: tr("a number of reviews is never negative")))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(Int64((fitted.timeIntervalSince1970 * 1000).rounded()), forKey: .fitted)
        try container.encode(reviewCount, forKey: .reviewCount)
        try container.encode(before, forKey: .before)
        try container.encode(after, forKey: .after)
    }

    /// `value` as a person writes it: "10", not "10.0".
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// A place in a list, for the path a problem names ("fsrsParameters.parameters[4]").
    struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}

/// How well a set of FSRS parameters predicts a review log, as fsrs-rs (and Anki's
/// "Evaluate") measures it; lower is better for both.
public struct MemoryModelScore: Codable, Equatable, Sendable {
    /// The mean log loss of every prediction of recall, recent reviews weighing more.
    public var logLoss: Double
    /// The calibration error over bins of similar reviews: RMSE (bins).
    public var rmse: Double

    public init(logLoss: Double, rmse: Double) {
        self.logLoss = logLoss
        self.rmse = rmse
    }

    enum CodingKeys: String, CodingKey {
        case logLoss, rmse
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        logLoss = try container.decode(Double.self, forKey: .logLoss)
        rmse = try container.decode(Double.self, forKey: .rmse)
        for (key, value) in [(CodingKeys.logLoss, logLoss), (.rmse, rmse)] where !(value.isFinite && value >= 0) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath + [key],
                debugDescription: tr("a score is a number from 0 up; it was {found}", ["found": "\(value)"])))
        }
    }
}
