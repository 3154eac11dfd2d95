/// How a card's word and reading look under the "Readings" setting: the word in
/// segments (with furigana over its kanji, or without), a line below it, and what a
/// screen reader says.
public struct ReadingPresentation: Equatable, Sendable {
    /// The word; a segment's reading is furigana to set over it.
    public let word: [FuriganaSegment]
    /// The reading or romaji under the word; empty when none shows there.
    public let line: String
    /// "word, reading" for a screen reader (the word alone while the reading is hidden).
    public let spoken: String

    /// Nothing to show.
    public static let empty = ReadingPresentation(word: [], line: "", spoken: "")

    private init(word: [FuriganaSegment], line: String, spoken: String) {
        self.word = word
        self.line = line
        self.spoken = spoken
    }

    /// - Parameters:
    ///   - card: the card whose word and reading are shown.
    ///   - display: the setting.
    ///   - revealed: the card is turned or the question answered: a hidden reading shows
    ///     then, as furigana.
    public init(_ card: Challenge, display: ReadingDisplay, revealed: Bool) {
        let plain = [FuriganaSegment(text: card.question, reading: nil)]
        var display = display == .hidden && revealed ? .furigana : display
        // A kanji card's readings are a list ("ニチ、ジツ、ひ"): a line, not furigana.
        if display == .furigana, card.reading.contains("、") { display = .below }
        // A deck that gives romaji only has no kana to show.
        if card.reading.isEmpty, display == .furigana || display == .below { display = .romaji }
        let reading: String
        switch display {
        case .furigana:
            word = Furigana.segments(word: card.question, reading: card.reading)
            line = ""
            reading = card.reading
        case .below:
            word = plain
            line = card.reading == card.question ? "" : card.reading
            reading = card.reading
        case .romaji:
            word = plain
            line = card.romaji.isEmpty ? card.reading : card.romaji
            reading = line
        case .hidden:
            word = plain
            line = ""
            reading = ""
        }
        spoken = reading.isEmpty || reading == card.question ? card.question : "\(card.question), \(reading)"
    }
}
