/// Collects the cards of a text file of notes and what is wrong with its records.
///
/// The columns are the word, the meaning and an optional reading, unless `#columns:`
/// names them (then by name, as a package's fields: ``AnkiFieldMapping``) or the second
/// column holds only readings (then word, reading, meaning: Anki's export of a Japanese
/// note type). Fields are
/// cleaned by ``NoteField``: a sound tag is dropped (a text file brings no sound), a
/// cloze note is skipped and counted, furigana notation in the word gives the reading.
struct TextNotesDeckBuilder {
    let file: String
    let limits: DeckLimits
    private let html: Bool?
    private let word: Int
    private let meaning: Int
    private let reading: Int?
    private var cards: [Challenge] = []
    private var firstLine: [String: Int] = [:]
    private var problems: [DeckProblem] = []
    private var unlisted = 0
    private var skipped = ImportSkips()

    init(file: String, limits: DeckLimits, notes: PlainTextNotes) {
        self.file = file
        self.limits = limits
        html = notes.html
        let named = notes.columns.map { AnkiFieldMapping(notetypeID: 0, notetype: "", fields: $0) }
        if let named, !named.isGuessed {
            (word, meaning, reading) = (named.word, named.meaning, named.reading)
        } else if Self.readingComesSecond(notes) {
            (word, reading, meaning) = (0, 1, 2)
        } else {
            (word, meaning, reading) = (0, 1, 2)
        }
    }

    /// Whether the columns are word, reading, meaning, as Anki exports a Japanese note
    /// type's fields (Expression, Reading, Meaning) with no `#columns:` header: every
    /// note's second field is a reading (kana, or furigana notation) or empty, some
    /// are not empty, and some note has a third field.
    private static func readingComesSecond(_ notes: PlainTextNotes) -> Bool {
        var sawReading = false
        var sawThird = false
        for note in notes.notes {
            let fields = note.fields.prefix(3).map { NoteField($0, html: notes.html ?? true).text }
            if fields.count >= 3, !fields[2].isEmpty { sawThird = true }
            guard fields.count >= 2, !fields[1].isEmpty else { continue }
            guard Kana.isReading(fields[1]) || FuriganaNotation.split(fields[1]) != nil else { return false }
            sawReading = true
        }
        return sawReading && sawThird
    }

    mutating func add(_ note: PlainTextNotes.Note) {
        // Without an `#html:` header (older exports had none), a field that looks like
        // HTML is read as HTML.
        let fields = note.fields.map { NoteField($0, html: html ?? ($0.contains("<") || $0.contains("&"))) }
        if fields.contains(where: \.isCloze) {
            skipped.cloze += 1
            return
        }
        func text(_ index: Int?) -> String {
            guard let index, fields.indices.contains(index) else { return "" }
            return fields[index].text
        }
        let card = NoteField.card(word: text(word), reading: text(reading), meaning: text(meaning))
        let word = card.question
        guard !word.isEmpty else {
            if fields.contains(where: \.hasImage) { return skipped.imageOnly += 1 }
            return report(note.line, tr("the word is empty (each line is the word, a tab, then its meaning)"))
        }
        guard !card.answer.isEmpty else {
            if fields.contains(where: \.hasImage) { return skipped.imageOnly += 1 }
            return report(note.line, tr("there is no meaning after the word (each line is the word, a tab, then its meaning)"))
        }
        // Each field's own sentences, so that a translation can agree with the field's name.
        typealias Sentence = (_ length: String, _ limit: String) -> String
        typealias Unshowable = (_ reason: String) -> String
        let checked: [(text: String, tooLong: Sentence, unshowable: Unshowable)] = [
            (word, { tr("the word is too long ({length} characters; at most {limit})", ["length": $0, "limit": $1]) },
             { tr("the word cannot be shown on a card: {reason}", ["reason": $0]) }),
            (card.answer, { tr("the meaning is too long ({length} characters; at most {limit})", ["length": $0, "limit": $1]) },
             { tr("the meaning cannot be shown on a card: {reason}", ["reason": $0]) }),
            (card.reading, { tr("the reading is too long ({length} characters; at most {limit})", ["length": $0, "limit": $1]) },
             { tr("the reading cannot be shown on a card: {reason}", ["reason": $0]) }),
            (card.romaji, { tr("the romaji is too long ({length} characters; at most {limit})", ["length": $0, "limit": $1]) },
             { tr("the romaji cannot be shown on a card: {reason}", ["reason": $0]) }),
        ]
        for field in checked {
            switch TextCost.problem(in: field.text, limit: limits.maximumTextLength) {
            case nil: continue
            case .tooLong(let length, let limit): return report(note.line, field.tooLong(length.grouped, limit.grouped))
            case let problem?: return report(note.line, field.unshowable(problem.reason))
            }
        }
        if let first = firstLine[word] {
            return report(note.line, tr("'{word}' is already on line {line}", ["word": PrintableText.quoting(word, limit: 40), "line": "\(first)"]))
        }
        guard cards.count < limits.maximumCards else {
            return report(note.line, tr("too many cards; a deck has at most {limit}", ["limit": limits.maximumCards.grouped]))
        }
        firstLine[word] = note.line
        cards.append(card)
    }

    func deck(named name: String) throws(DeckError) -> ImportedDeck {
        var problems = self.problems
        if problems.isEmpty, cards.isEmpty, skipped.cloze > 0, skipped.cloze == skipped.total {
            problems.append(DeckProblem(
                file: file, message: trn(
                    "holds only cloze notes ({count}), which Kuchi cannot ask: a Kuchi card asks a word for its meaning",
                    "holds only cloze notes ({count}), which Kuchi cannot ask: a Kuchi card asks a word for its meaning",
                    skipped.cloze)))
        }
        if problems.isEmpty, cards.isEmpty {
            problems.append(DeckProblem(file: file, message: tr("there are no cards: each line is the word, a tab, then its meaning")))
        }
        let meanings = Set(cards.map(\.answer)).count
        if problems.isEmpty, !cards.isEmpty, meanings < 3 {
            problems.append(DeckProblem(
                file: file, message: trn(
                    "needs at least 3 different meanings to offer choices; it has {count}",
                    "needs at least 3 different meanings to offer choices; it has {count}", meanings)))
        }
        if unlisted > 0 { problems.append(DeckProblem(file: file, message: trn("and {count} more problem", "and {count} more problems", unlisted))) }
        guard problems.isEmpty else { throw DeckError(problems: problems) }
        return ImportedDeck(deck: Deck(name: name, language: "ja", cards: cards), skipped: skipped)
    }

    private mutating func report(_ line: Int, _ message: String) {
        guard problems.count < max(limits.maximumReportedProblems, 1) else {
            unlisted += 1
            return
        }
        problems.append(DeckProblem(file: file, line: line, message: message))
    }
}
