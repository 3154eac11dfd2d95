/// The small random spread FSRS adds to review intervals, so that cards learnt together
/// do not stay due together forever.
///
/// Computed as the reference does: intervals under 2.5 days are left alone; longer ones
/// may move by a margin that grows with the interval (15% of the part between 2.5 and 7
/// days, 10% between 7 and 20, 5% beyond, plus one day), never below 2 days or past the
/// maximum interval.
enum FSRSFuzz {
    /// Where each share of the margin applies, and how much of that share counts.
    private static let bands: [(start: Double, end: Double, factor: Double)] = [
        (2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, .infinity, 0.05),
    ]

    /// `days` with fuzz applied, drawing one number from `random` only when it applies.
    ///
    /// `days` must lie in 1...`maximumInterval`, as the scheduler's intervals do.
    static func fuzzed(
        _ days: Int, maximumInterval: Int, using random: inout some RandomNumberGenerator
    ) -> Int {
        guard Double(days) >= 2.5 else { return days }
        let interval = Double(days)
        var margin = 1.0
        for band in bands {
            margin += band.factor * max(min(interval, band.end) - band.start, 0.0)
        }
        // Python's round() rounds halves to even, hence `.toNearestOrEven` throughout.
        var lowest = max(2, Int((interval - margin).rounded(.toNearestOrEven)))
        let highest = min(Int((interval + margin).rounded(.toNearestOrEven)), maximumInterval)
        lowest = min(lowest, highest)
        // The reference spreads a uniform draw over highest − lowest + 1 days and then
        // rounds, so the day after `highest` is reachable too (capped by the maximum).
        let draw = Double.random(in: 0..<1, using: &random) * Double(highest - lowest + 1) + Double(lowest)
        return min(Int(draw.rounded(.toNearestOrEven)), maximumInterval)
    }
}
