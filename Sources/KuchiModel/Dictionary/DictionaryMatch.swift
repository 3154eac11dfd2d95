/// An entry found for what the learner typed, with what an "Add a word" form fills in
/// from it: the word, its reading, one meaning line to edit, and every sense.
public struct DictionaryMatch: Sendable, Hashable {
    public let entry: DictionaryEntry
    /// The form that matched, as JMdict writes it: a kanji form or a reading
    /// ("にっぽん" for 日本 when the learner typed "nippon").
    public let form: String
    /// Whether the form is what was typed (as folded: katakana as hiragana, romaji as
    /// kana), rather than only starting with it.
    public let isExact: Bool

    /// The word to fill in: the matched kanji form; or, for a matched reading, the
    /// first kanji form it belongs to, or the reading itself for a word usually written
    /// in kana (する), one without kanji (コーヒー is 珈琲 only rarely: it is usually
    /// kana too), or a reading of none of the kanji.
    public let word: String
    /// The reading to fill in: the matched reading, or the first reading of the matched
    /// kanji form (日本 → にほん).
    public let reading: String

    /// The match of `entry`'s form number `formIndex`, counting its kanji forms
    /// (``DictionaryEntry/words``) first, then its readings.
    public init(entry: DictionaryEntry, formIndex: Int, isExact: Bool) {
        self.entry = entry
        self.isExact = isExact
        let readingIndex = formIndex - entry.words.count
        if entry.readings.indices.contains(readingIndex) {
            let matched = entry.readings[readingIndex]
            form = matched.kana
            reading = matched.kana
            let words = entry.words.filter(matched.belongs(to:))
            word = entry.isUsuallyKana ? matched.kana : words.first ?? matched.kana
        } else {
            form = entry.words.indices.contains(formIndex) ? entry.words[formIndex] : entry.words.first ?? ""
            word = form
            reading = entry.readings(of: form).first ?? form
        }
    }

    /// The senses that apply to ``word`` read ``reading``, each as one line ("today;
    /// this day"); all senses if JMdict restricts every one of them to other forms.
    public var senses: [String] {
        let own = entry.senses.filter { $0.applies(word: word, reading: reading) }
        return (own.isEmpty ? entry.senses : own).map(\.text)
    }

    /// One meaning line for the learner to edit: the first sense that applies, up to
    /// ``meaningGlossLimit`` of its glosses, "; "-joined, as the bundled decks' answers
    /// are ("cat (esp. the domestic cat, Felis catus)"; 今日 read こんにち is "today;
    /// this day", its first sense, while its second, "these days", is こんにち's only).
    public var meaning: String {
        let sense = entry.senses.first { $0.applies(word: word, reading: reading) } ?? entry.senses.first
        return sense.map { $0.glosses.prefix(Self.meaningGlossLimit).joined(separator: "; ") } ?? ""
    }

    /// Glosses of a sense that ``meaning`` keeps: the decks' answers keep three too.
    public static let meaningGlossLimit = 3
}
