extension Challenge {
    /// What is said aloud for the card: its reading in kana, or the word itself when the
    /// deck gives no reading (a format 1 card with romaji only).
    public var spokenText: String { reading.isEmpty ? question : reading }
}
