// Numbers in Kuchi's English text, without ICU.
extension Int {
    /// The number with thousands separated by commas, "108,189" (English, as the rest of
    /// Kuchi's text; without ICU).
    public var grouped: String {
        let digits = String(magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return self < 0 ? "-" + text : text
    }

    /// "1 card", "1,250 cards": the number, grouped, and `noun` made plural by an "s".
    func counted(_ noun: String) -> String {
        self == 1 ? "1 \(noun)" : "\(grouped) \(noun)s"
    }
}
