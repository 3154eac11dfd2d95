/// How a card's word and reading look under the "Readings" setting: the word in
/// segments (with furigana over its kanji, or without), a line below it, the pitch
/// accent over whichever shows the kana reading, and what a screen reader says.
public struct ReadingPresentation: Equatable, Sendable {
    /// The word; a segment's reading is furigana to set over it.
    public let word: [FuriganaSegment]
    /// The reading or romaji under the word; empty when none shows there.
    public let line: String
    /// "word, reading" for a screen reader (the word alone while the reading is hidden),
    /// and the pitch accent where it shows: "箸, はし, high-low, atamadaka".
    public let spoken: String
    /// The pitch accent shown, when the card has one, the setting shows it and a kana
    /// reading is shown (in furigana, on the word written in kana, or on the line below).
    public let pitch: PitchAccent?
    /// The high stretches over the word, as Unicode scalars of its reading text: each
    /// segment's reading, or the segment itself where it has none.
    public let wordPitch: [PitchAccent.HighRun]
    /// The high stretches over ``line``, as its Unicode scalars.
    public let linePitch: [PitchAccent.HighRun]
    /// What the pitch accent is called, for a tooltip: "Pitch accent: atamadaka
    /// (high-low)", and the other ways the word is said; empty when none shows.
    public let pitchNote: String

    /// Nothing to show.
    public static let empty = ReadingPresentation(word: [], line: "", spoken: "")

    /// The high stretches over `card`'s reading written out by itself (as the card
    /// browser's Reading column shows it), as over the line below the word: none when
    /// the card has no pitch accent or the "Pitch accent" setting (`showsPitch`) is off.
    public static func pitchOverReading(_ card: Challenge, showsPitch: Bool) -> [PitchAccent.HighRun] {
        guard showsPitch, let accent = card.pitchAccent else { return [] }
        return accent.highRuns
    }

    private init(word: [FuriganaSegment], line: String, spoken: String) {
        self.word = word
        self.line = line
        self.spoken = spoken
        pitch = nil
        wordPitch = []
        linePitch = []
        pitchNote = ""
    }

    /// - Parameters:
    ///   - card: the card whose word and reading are shown.
    ///   - display: the setting.
    ///   - revealed: the card is turned or the question answered: a hidden reading shows
    ///     then, as furigana.
    ///   - showsPitch: the "Pitch accent" setting: the card's pitch accent over its kana
    ///     reading, wherever that shows.
    public init(_ card: Challenge, display: ReadingDisplay, revealed: Bool, showsPitch: Bool = false) {
        let plain = [FuriganaSegment(text: card.question, reading: nil)]
        var display = display.shown(revealed: revealed)
        // A kanji card's readings are a list ("ニチ、ジツ、ひ"): a line, not furigana.
        if display == .furigana, card.reading.contains("、") { display = .below }
        // A deck that gives romaji only has no kana to show.
        if card.reading.isEmpty, display == .furigana || display == .below { display = .romaji }
        let reading: String
        let word: [FuriganaSegment], line: String
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
        var spoken = reading.isEmpty || reading == card.question ? card.question : "\(card.question), \(reading)"
        self.word = word
        self.line = line
        // The pitch goes over the kana reading wherever it shows: the line below, or the
        // word's furigana and kana (whose text, reading for segment, is the reading).
        var wordPitch: [PitchAccent.HighRun] = [], linePitch: [PitchAccent.HighRun] = []
        var shown: PitchAccent?
        if showsPitch, let accent = card.pitchAccent, display == .furigana || display == .below {
            let scalars = card.reading.unicodeScalars.count
            if !line.isEmpty, line == card.reading {
                linePitch = Self.pitchOverReading(card, showsPitch: showsPitch)
                shown = accent
            } else if line.isEmpty, word.reduce(0, { $0 + ($1.reading ?? $1.text).unicodeScalars.count }) == scalars {
                wordPitch = accent.highRuns
                shown = accent
            }
        }
        pitch = shown
        self.wordPitch = wordPitch
        self.linePitch = linePitch
        if let shown {
            spoken += ", \(shown.spoken)"
            var note = tr("Pitch accent: {pattern} ({heights})", ["pattern": shown.pattern.name, "heights": shown.heights])
            let others = card.pitch.dropFirst().compactMap { PitchAccent(reading: card.reading, nucleus: $0) }
            if !others.isEmpty {
                let names = others.map { tr("{pattern} ({heights})", ["pattern": $0.pattern.name, "heights": $0.heights]) }
                note += "\n" + tr("Also said: {patterns}", ["patterns": names.joined(separator: ", ")])
            }
            pitchNote = note
        } else {
            pitchNote = ""
        }
        self.spoken = spoken
    }
}
