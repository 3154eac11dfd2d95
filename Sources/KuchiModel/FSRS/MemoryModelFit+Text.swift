/// The learner's memory model in words, as the Statistics page says it.
extension FittedMemoryModel {
    /// "Your memory model: fitted to 812 reviews on 14 November 2026; log loss 0.410 →
    /// 0.380, RMSE 0.071 → 0.046." (before → after the fit).
    public var summary: String {
        // TRANSLATORS: "{reviews}" is "812 reviews"; "{date}" is "14 November 2026"; the
        // scores are decimals, before → after the fit (lower is better).
        tr("Your memory model: fitted to {reviews} on {date}; log loss {lossBefore} → {lossAfter}, RMSE {rmseBefore} → {rmseAfter}.", [
            "reviews": trn("{count} review", "{count} reviews", reviewCount), "date": DueTime.date(fitted),
            "lossBefore": Self.decimal(before.logLoss), "lossAfter": Self.decimal(after.logLoss),
            "rmseBefore": Self.decimal(before.rmse), "rmseAfter": Self.decimal(after.rmse),
        ])
    }

    /// `value` with three decimals, "0.046": scores are compared in the third.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

extension MemoryModelFit {
    /// What the Statistics page says before any fit was kept.
    public static var defaultSummary: String {
        tr("Kuchi uses the default memory model; it fits one to you at {count} reviews.", ["count": minimumReviews.grouped])
    }

    /// What a fit came to, for a toast; nil for a cancelled one, which the window says
    /// in its own words.
    public static func words(for outcome: Outcome) -> String? {
        switch outcome {
        case .better(let model):
            trn("Your memory model now fits your {count} review.", "Your memory model now fits your {count} reviews.", model.reviewCount)
        case .notBetter:
            tr("Your memory model stays as it was: a new fit did not predict your reviews better.")
        case .cancelled:
            nil
        }
    }
}
