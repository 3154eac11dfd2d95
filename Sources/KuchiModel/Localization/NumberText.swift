// Numbers in Kuchi's text, grouped as the learner's locale groups them.
extension Int {
    /// The number with its thousands separated as the installed ``Localization`` says:
    /// "108,189" in English (and in the model's tests), "108.189" in German.
    public var grouped: String {
        Localization.current.groupDigits(self)
    }
}
