/// How a card's example sentence looks under the "Readings" setting, as the card's word
/// does (``ReadingPresentation``): furigana over its kanji words, or the sentence in
/// kana on a line below, or the sentence alone (under romaji, which a sentence has
/// none of, and under hidden until the card is turned); the card's word marked where
/// it stands (``Example/wordRange(of:)``).
public struct ExamplePresentation: Equatable, Sendable {
    /// A run of the sentence, with the kana set over it when it has them.
    public struct Segment: Equatable, Sendable {
        /// Part of the sentence as written.
        public let text: String
        /// Its reading, furigana over `text`; nil for none.
        public let reading: String?
        /// Whether it is (part of) the card's word.
        public let isCardWord: Bool

        public init(text: String, reading: String?, isCardWord: Bool) {
            self.text = text
            self.reading = reading
            self.isCardWord = isCardWord
        }
    }

    /// The sentence, in runs.
    public let sentence: [Segment]
    /// The sentence in kana, on a line below it; empty when none shows there.
    public let line: String
    /// What a screen reader says: the sentence once, which it reads kanji and all (the
    /// furigana would read it a second time).
    public let spoken: String

    /// Nothing to show.
    public static let empty = ExamplePresentation(sentence: [], line: "", spoken: "")

    private init(sentence: [Segment], line: String, spoken: String) {
        self.sentence = sentence
        self.line = line
        self.spoken = spoken
    }

    /// - Parameters:
    ///   - example: the sentence, one of `card`'s examples.
    ///   - card: the card whose word is marked in it.
    ///   - display: the setting.
    ///   - revealed: the card is turned or the question answered (a hidden reading shows then).
    public init(_ example: Example, card: Challenge, display: ReadingDisplay, revealed: Bool) {
        let sentence = example.ja
        let scalars = sentence.unicodeScalars
        let display = display.shown(revealed: revealed)
        // The sentence cut at its words' ends, each word with its reading.
        var runs: [(range: Range<Int>, reading: String?)] = []
        var position = 0
        for word in example.wordReadings {
            if position < word.utf16Range.lowerBound { runs.append((position..<word.utf16Range.lowerBound, nil)) }
            runs.append((word.utf16Range, word.reading))
            position = word.utf16Range.upperBound
        }
        let length = sentence.utf16.count
        if position < length { runs.append((position..<length, nil)) }

        func text(_ range: Range<Int>) -> String {
            // Offsets a deck gave are checked to fall between Unicode scalars (DeckValidator).
            let lower = String.Index(utf16Offset: range.lowerBound, in: sentence)
            let upper = String.Index(utf16Offset: range.upperBound, in: sentence)
            return String(scalars[lower..<upper])
        }

        // Each word's reading over its kanji, as the card's word's (Furigana): 食べ read
        // たべ is た over 食.
        var pieces: [(range: Range<Int>, reading: String?)] = []
        for run in runs {
            guard display == .furigana, let reading = run.reading else {
                pieces.append((run.range, nil))
                continue
            }
            var start = run.range.lowerBound
            for segment in Furigana.segments(word: text(run.range), reading: reading) {
                let end = start + segment.text.utf16.count
                pieces.append((start..<end, segment.reading))
                start = end
            }
        }

        // The card's word: a piece without reading is cut at its ends, one with a reading
        // is marked whole where it overlaps.
        let word = example.wordRange(of: card).map {
            $0.lowerBound.utf16Offset(in: sentence)..<$0.upperBound.utf16Offset(in: sentence)
        }
        var segments: [Segment] = []
        func append(_ range: Range<Int>, reading: String?, isCardWord: Bool) {
            guard !range.isEmpty else { return }
            if reading == nil, let last = segments.last, last.reading == nil, last.isCardWord == isCardWord {
                segments[segments.count - 1] = Segment(text: last.text + text(range), reading: nil, isCardWord: isCardWord)
            } else {
                segments.append(Segment(text: text(range), reading: reading, isCardWord: isCardWord))
            }
        }
        for piece in pieces {
            guard let word, piece.range.overlaps(word) else {
                append(piece.range, reading: piece.reading, isCardWord: false)
                continue
            }
            if piece.reading != nil {
                append(piece.range, reading: piece.reading, isCardWord: true)
            } else {
                let inside = piece.range.clamped(to: word)
                append(piece.range.lowerBound..<inside.lowerBound, reading: nil, isCardWord: false)
                append(inside, reading: nil, isCardWord: true)
                append(inside.upperBound..<piece.range.upperBound, reading: nil, isCardWord: false)
            }
        }
        self.sentence = segments
        if display == .below, !example.wordReadings.isEmpty {
            line = runs.map { $0.reading ?? text($0.range) }.joined()
        } else {
            line = ""
        }
        spoken = sentence
    }
}
