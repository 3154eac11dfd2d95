import FoundationEssentials

// The database keeps times and durations as whole milliseconds. Conversions clamp
// instead of trapping: no date or duration, however odd, can crash a write.

extension Date {
    /// Milliseconds since 1970-01-01 UTC, rounded to the nearest.
    var storeMilliseconds: Int64 {
        let value = (timeIntervalSince1970 * 1000).rounded()
        return Int64(exactly: value) ?? (value > 0 ? .max : .min)
    }

    init(storeMilliseconds milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension Duration {
    /// Whole milliseconds, rounded down; negative durations count as 0.
    var storeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow, whole < .max - 1000 else { return .max }
        return whole + attoseconds / 1_000_000_000_000_000
    }

    init(storeMilliseconds milliseconds: Int64) {
        self = .milliseconds(milliseconds)
    }
}
