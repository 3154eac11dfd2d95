/// Thousands separated as a locale separates them (LC_NUMERIC's `thousands_sep` and
/// `grouping`): "108.189" in German, "108,189" in American English, "108189" where the
/// locale groups nothing (C).
struct NumberGrouping: Sendable, Equatable {
    let separator: String
    /// Group sizes from the right; the last one repeats.
    let sizes: [Int]

    func format(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        guard !separator.isEmpty, let last = sizes.last, last > 0 else {
            return (number < 0 ? "-" : "") + String(digits)
        }
        var groups: [String] = []
        var end = digits.count
        var index = 0
        while end > 0 {
            let size = index < sizes.count ? sizes[index] : last
            let start = max(end - size, 0)
            groups.insert(String(digits[start..<end]), at: 0)
            end = start
            index += 1
        }
        return (number < 0 ? "-" : "") + groups.joined(separator: separator)
    }
}
