/// One word of the bundled dictionary, as JMdict has it: its kanji forms, its readings
/// and its senses, each in JMdict's order (the usual spelling and reading first).
public struct DictionaryEntry: Sendable, Hashable, Identifiable {
    /// JMdict's own number for the entry (`ent_seq`): stable across JMdict releases.
    public let id: Int
    /// The kanji forms ("猫"; "擦る", "摩る", …); empty for a word written in kana only.
    public let words: [String]
    /// The kana forms, with the kanji forms each belongs to.
    public let readings: [Reading]
    /// Every sense, in order, with at least one English gloss each.
    public let senses: [Sense]
    /// Whether JMdict marks the first sense "usually written in kana" (uk): the word is
    /// then best written as its reading (する rather than 為る).
    public let isUsuallyKana: Bool

    /// A kana form ("ねこじた").
    public struct Reading: Sendable, Hashable {
        public let kana: String
        /// The kanji forms this reading belongs to: `nil` for all of them (the usual
        /// case), a few of them where JMdict restricts it (re_restr), and none where the
        /// reading is not a true reading of the kanji (re_nokanji, ネコ beside 猫).
        public let words: [String]?

        public init(kana: String, words: [String]? = nil) {
            self.kana = kana
            self.words = words
        }

        /// Whether this reading belongs to the kanji form `word`.
        public func belongs(to word: String) -> Bool { words?.contains(word) ?? true }
    }

    /// One sense: its English glosses ("dislike of very hot food or drink", "inability
    /// to take hot food", "cat tongue").
    public struct Sense: Sendable, Hashable {
        public let glosses: [String]
        /// The forms (kanji forms or readings) the sense is restricted to, `nil` for all
        /// (stagk, stagr: 今日 means "these days" only read こんにち).
        public let forms: [String]?

        public init(glosses: [String], forms: [String]? = nil) {
            self.glosses = glosses
            self.forms = forms
        }

        /// The glosses as one line, "; "-joined, as a deck's answer separates senses.
        public var text: String { glosses.joined(separator: "; ") }

        /// Whether the sense applies to the word written `word` and read `reading`.
        public func applies(word: String, reading: String) -> Bool {
            guard let forms else { return true }
            return forms.contains(word) || forms.contains(reading)
        }
    }

    public init(id: Int, words: [String], readings: [Reading], senses: [Sense], isUsuallyKana: Bool) {
        self.id = id
        self.words = words
        self.readings = readings
        self.senses = senses
        self.isUsuallyKana = isUsuallyKana
    }

    /// The readings as text, in order.
    public var kana: [String] { readings.map(\.kana) }

    /// The readings of the kanji form `word`, in order; every reading if none belongs to it.
    public func readings(of word: String) -> [String] {
        let own = readings.filter { $0.belongs(to: word) }.map(\.kana)
        return own.isEmpty ? kana : own
    }
}

extension DictionaryEntry {
    /// Separates a reading or sense from the forms it is restricted to, in the file.
    private static let restriction = "\t\t"

    /// The entry from its row of the dictionary file (the columns are described in
    /// `tools/make-dictionary.py`): lines of forms, readings and senses, each reading
    /// or sense followed by "\t\t" and its forms where it is restricted.
    init(id: Int, kanji: String, readings: String, senses: String, usuallyKana: Bool) {
        func lines(_ text: String) -> [Substring] {
            text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        func restricted(_ line: Substring) -> (text: Substring, forms: [String]?) {
            guard let mark = line.firstRange(of: Self.restriction) else { return (line, nil) }
            let forms = line[mark.upperBound...].split(separator: "\t").map(String.init)
            return (line[..<mark.lowerBound], forms)
        }
        self.init(
            id: id,
            words: lines(kanji).map(String.init),
            readings: lines(readings).map { line in
                let (kana, words) = restricted(line)
                return Reading(kana: String(kana), words: words)
            },
            senses: lines(senses).map { line in
                let (glosses, forms) = restricted(line)
                return Sense(glosses: glosses.split(separator: "\t").map(String.init), forms: forms)
            },
            isUsuallyKana: usuallyKana)
    }
}
