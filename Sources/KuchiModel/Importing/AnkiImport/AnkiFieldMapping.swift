/// Which fields of an Anki note type become a card's word, reading and meaning.
///
/// Found from the fields' names (``init(notetypeID:notetype:fields:)``); when the names do not say
/// (``isGuessed``), the app lets the learner choose, and hands the changed mapping back
/// to the import (``DeckImporter/read(_:mappings:limits:scratch:progress:)``).
public struct AnkiFieldMapping: Sendable, Hashable {
    /// The note type's id in the package.
    public let notetypeID: Int64
    /// The note type's name, e.g. "Japanese (recognition)".
    public let notetype: String
    /// Its field names, in order.
    public let fields: [String]
    /// The index in ``fields`` of the word.
    public var word: Int
    /// The index of the reading, or nil when the notes have none (a word in kana is
    /// its own reading; furigana notation in the word gives one too).
    public var reading: Int?
    /// The index of the meaning.
    public var meaning: Int
    /// Whether the word or the meaning was guessed (the first field, the second),
    /// because no field's name said: worth asking the learner.
    public let isGuessed: Bool

    /// The mapping the field names suggest: Expression/Word/Front/Vocab… for the word,
    /// Reading/Kana/Furigana… for the reading, Meaning/Back/English/Definition… for the
    /// meaning; else the first field is the word and the second the meaning.
    public init(notetypeID: Int64, notetype: String, fields: [String]) {
        self.notetypeID = notetypeID
        self.notetype = notetype
        self.fields = fields
        let keys = fields.map { $0.lowercased().filter { $0.isLetter } }
        func find(_ names: [String], except taken: Set<Int> = []) -> Int? {
            for name in names {
                if let index = keys.indices.first(where: { keys[$0] == name && !taken.contains($0) }) { return index }
            }
            return nil
        }
        let namedWord = find(Self.wordNames)
        let namedMeaning = find(Self.meaningNames, except: Set([namedWord].compactMap { $0 }))
        let word = namedWord ?? 0
        let meaning = namedMeaning ?? (fields.indices.first { $0 != word } ?? word)
        self.word = word
        self.meaning = meaning
        reading = find(Self.readingNames, except: [word, meaning])
        isGuessed = namedWord == nil || namedMeaning == nil
    }

    /// The mapping with other fields chosen (out-of-range indices are ignored).
    public func choosing(word: Int, reading: Int?, meaning: Int) -> AnkiFieldMapping {
        var mapping = self
        if fields.indices.contains(word) { mapping.word = word }
        mapping.reading = reading.flatMap { fields.indices.contains($0) ? $0 : nil }
        if fields.indices.contains(meaning) { mapping.meaning = meaning }
        return mapping
    }

    // Lower case, letters only ("Vocab-Kanji" → "vocabkanji"), most telling first.
    static let wordNames = [
        "expression", "word", "vocab", "vocabulary", "vocabkanji", "kanji", "japanese", "term", "front",
        "単語", "語彙", "表現", "言葉",
    ]
    static let readingNames = [
        "reading", "kana", "furigana", "vocabfurigana", "vocabkana", "hiragana", "yomi", "pronunciation",
        "読み", "よみ", "読み方", "ふりがな",
    ]
    static let meaningNames = [
        "meaning", "english", "definition", "translation", "gloss", "vocabmeaning", "back", "意味",
    ]
}
