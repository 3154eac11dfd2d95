/// One card of a deck: a Japanese word, how it is read, and what it means.
public struct Challenge: Hashable, Sendable, Codable {
    /// The word as written, e.g. "食べる".
    public let question: String
    /// Its reading in kana, e.g. "たべる"; empty when the deck does not say (a format 1
    /// deck with romaji only). A kanji's readings are separated by "、".
    public internal(set) var reading: String
    /// Its reading in romaji, e.g. "taberu"; empty when the deck does not say.
    public internal(set) var romaji: String
    /// The meaning in English, e.g. "to eat"; several senses are separated by "; ".
    /// This is what the player picks.
    public internal(set) var answer: String
    /// A grouping such as "N5"; distractors are drawn from the same level when possible.
    public let level: String?
    /// Up to two sentences that use the word, with their translations.
    public let examples: [Example]
    /// The card's own sound (an imported Anki note's `[sound:…]`): a file name in the
    /// deck's media folder (``DeckCatalog/mediaFolder(id:)``), never a path.
    public let audio: String?
    /// The word's pitch accent: the accent nucleus of its reading, as dictionaries number
    /// it (0 heiban, n the last high mora; ``PitchAccent``), several where the word is
    /// said more than one way, the usual first; empty when the deck does not say.
    public internal(set) var pitch: [Int]

    public init(
        question: String, reading: String = "", romaji: String = "", answer: String, level: String? = nil,
        examples: [Example] = [], audio: String? = nil, pitch: [Int] = []
    ) {
        self.question = question
        self.reading = reading
        self.romaji = romaji
        self.answer = answer
        self.level = level
        self.examples = examples
        self.audio = audio
        self.pitch = pitch
    }

    /// The card's pitch accent as it is shown: the first of ``pitch``, when it fits the
    /// reading; nil when the deck does not say.
    public var pitchAccent: PitchAccent? {
        pitch.first.flatMap { PitchAccent(reading: reading, nucleus: $0) }
    }

    /// A card whose reading comes in one field, as in format 1 decks and Anki's text
    /// notes: kana there is the reading, anything else romaji; a word written in kana is
    /// its own reading.
    public init(question: String, pronunciation: String, answer: String, level: String? = nil, pitch: [Int] = []) {
        let kana = Kana.isReading(pronunciation)
        self.init(
            question: question, reading: kana ? pronunciation : Kana.isReading(question) ? question : "",
            romaji: kana ? "" : pronunciation, answer: answer, level: level, pitch: pitch)
    }

    private enum CodingKeys: String, CodingKey {
        case question, reading, romaji, answer, level, examples, audio, pitch
    }

    // Written out for `pitch`, which a card encoded before it existed lacks.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            question: try container.decode(String.self, forKey: .question),
            reading: try container.decode(String.self, forKey: .reading),
            romaji: try container.decode(String.self, forKey: .romaji),
            answer: try container.decode(String.self, forKey: .answer),
            level: try container.decodeIfPresent(String.self, forKey: .level),
            examples: try container.decode([Example].self, forKey: .examples),
            audio: try container.decodeIfPresent(String.self, forKey: .audio),
            pitch: try container.decodeIfPresent([Int].self, forKey: .pitch) ?? [])
    }

    /// The meaning's senses, as compared when choosing distractors: "to eat; to live on"
    /// → ["to eat", "to live on"], trimmed and in lower case.
    public var senses: [String] { Self.senses(of: answer) }

    static func senses(of answer: String) -> [String] {
        writtenSenses(of: answer).map { $0.lowercased() }
    }

    /// The meaning's senses as the deck writes them, trimmed: "to eat; to live on" →
    /// ["to eat", "to live on"].
    var writtenSenses: [String] { Self.writtenSenses(of: answer) }

    private static func writtenSenses(of answer: String) -> [String] {
        answer.split(separator: ";").compactMap { part in
            let sense = String(part).trimmingWhitespace()
            return sense.isEmpty ? nil : sense
        }
    }
}

/// A sentence that uses a word, with its translation, and the readings of its kanji
/// words where the deck gives them.
public struct Example: Hashable, Sendable, Codable {
    /// The sentence in Japanese, e.g. "母は頭が古い。".
    public let ja: String
    /// Its translation, e.g. "Mother has old-fashioned ideas."; empty for a sentence
    /// kept without one (mined from a page), which a deck writes without `en`.
    public let en: String
    /// The readings of the sentence's kanji words, in the order of the sentence and
    /// apart from each other (a deck's `"ruby"`); empty when the deck gives none.
    public let wordReadings: [WordReading]

    /// A word of a sentence and its reading in kana: the whole word's, the kana written
    /// in it included (食べ of 食べた: たべ), which ``Furigana`` sets over its kanji.
    public struct WordReading: Hashable, Sendable {
        /// Where the word stands in the sentence, in UTF-16 code units (as a deck gives it).
        public let utf16Range: Range<Int>
        /// Its reading in kana, e.g. "たべ".
        public let reading: String

        public init(utf16Range: Range<Int>, reading: String) {
            self.utf16Range = utf16Range
            self.reading = reading
        }
    }

    public init(ja: String, en: String, wordReadings: [WordReading] = []) {
        self.ja = ja
        self.en = en
        self.wordReadings = wordReadings
    }

    private enum CodingKeys: String, CodingKey {
        case ja, en, ruby
    }

    // As a deck writes them: "ruby": [[0, 2, "ずつう"]], absent when there are none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var readings: [WordReading] = []
        if container.contains(.ruby), try !container.decodeNil(forKey: .ruby) {
            var list = try container.nestedUnkeyedContainer(forKey: .ruby)
            while !list.isAtEnd {
                var triple = try list.nestedUnkeyedContainer()
                let start = try triple.decode(Int.self), end = try triple.decode(Int.self)
                guard start < end else {
                    throw DecodingError.dataCorruptedError(in: triple, debugDescription: "a word's end before its start")
                }
                readings.append(WordReading(utf16Range: start..<end, reading: try triple.decode(String.self)))
            }
        }
        self.init(ja: try container.decode(String.self, forKey: .ja), en: try container.decodeIfPresent(String.self, forKey: .en) ?? "",
                  wordReadings: readings)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ja, forKey: .ja)
        if !en.isEmpty { try container.encode(en, forKey: .en) }
        guard !wordReadings.isEmpty else { return }
        var list = container.nestedUnkeyedContainer(forKey: .ruby)
        for word in wordReadings {
            var triple = list.nestedUnkeyedContainer()
            try triple.encode(word.utf16Range.lowerBound)
            try triple.encode(word.utf16Range.upperBound)
            try triple.encode(word.reading)
        }
    }

    /// Where `card`'s word stands in the sentence: the longest start of the word as
    /// written down to its stem (the word without its trailing kana, as a verb's is when
    /// conjugated: 食べ in 食べた for 食べる), else its reading. Nil when the sentence
    /// holds none of them.
    public func wordRange(of card: Challenge) -> Range<String.Index>? {
        let word = Array(card.question)
        let kanaTail = word.reversed().prefix { $0.unicodeScalars.allSatisfy(Kana.isKana) }.count
        let shortest = kanaTail == word.count ? word.count : word.count - kanaTail
        for length in stride(from: word.count, through: max(shortest, 1), by: -1) {
            if let range = ja.firstRange(of: word[..<length]) { return range }
        }
        if !card.reading.isEmpty, !card.reading.contains("、"), let range = ja.firstRange(of: card.reading) {
            return range
        }
        return nil
    }
}
