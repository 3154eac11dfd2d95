import FoundationEssentials

/// Reads a deck a person picked to import: a Kuchi deck (JSON), or notes exported
/// from Anki or a spreadsheet as text (`.tsv`, `.txt`, `.csv`): the word, its
/// meaning and, optionally, its reading, one card a line.
///
/// A text file is checked line by line like a bundled deck card by card, and every
/// problem names the file and the line, in words a learner can act on.
public enum DeckImporter {
    public static func read(_ path: LocalPath, limits: DeckLimits = .standard) throws(DeckError) -> Deck {
        let file = path.lastComponent.description
        let name = stem(of: file)
        if name.extension == "json" { return try DeckLoader.load(path: path, limits: limits) }
        let data: Data
        do {
            data = try BoundedRead.contents(of: path, upTo: limits.maximumFileSize)
        } catch {
            throw DeckError(problems: [DeckProblem(file: file, message: tr("cannot be read: {reason}", ["reason": "\(error.words)"]))])
        }
        if let offset = UTF8Validation.firstInvalidByte(in: data) {
            let line = data.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            throw DeckError(problems: [DeckProblem(
                file: file, line: line, message: tr("this is not UTF-8 text; save the file as UTF-8 and import it again"))])
        }
        let separator: Character? = name.extension == "csv" ? "," : name.extension == "tsv" ? "\t" : nil
        let notes = PlainTextNotes(String(decoding: data, as: UTF8.self), defaultSeparator: separator)
        var builder = ImportedDeckBuilder(file: file, limits: limits)
        for note in notes.notes { builder.add(note) }
        return try builder.deck(named: name.stem)
    }

    /// "JLPT N3 verbs.tsv" → ("JLPT N3 verbs", "tsv").
    static func stem(of file: String) -> (stem: String, extension: String) {
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return (file, "") }
        return (String(file[..<dot]), file[file.index(after: dot)...].lowercased())
    }
}

/// Collects the cards of a text file and what is wrong with its lines.
private struct ImportedDeckBuilder {
    let file: String
    let limits: DeckLimits
    private var cards: [Challenge] = []
    private var firstLine: [String: Int] = [:]
    private var problems: [DeckProblem] = []
    private var unlisted = 0

    init(file: String, limits: DeckLimits) {
        self.file = file
        self.limits = limits
    }

    mutating func add(_ note: PlainTextNotes.Note) {
        let word = note.fields[0]
        guard !word.isEmpty else { return report(note.line, tr("the word is empty (each line is the word, a tab, then its meaning)")) }
        guard note.fields.count >= 2, !note.fields[1].isEmpty else {
            return report(note.line, tr("there is no meaning after the word (each line is the word, a tab, then its meaning)"))
        }
        let meaning = note.fields[1]
        let reading = note.fields.count >= 3 && !note.fields[2].isEmpty ? note.fields[2] : word
        let limit = limits.maximumTextLength
        if word.count > limit {
            return report(note.line, tr("the word is too long ({length} characters; at most {limit})", ["length": "\(word.count)", "limit": "\(limit)"]))
        }
        if meaning.count > limit {
            return report(note.line, tr("the meaning is too long ({length} characters; at most {limit})", ["length": "\(meaning.count)", "limit": "\(limit)"]))
        }
        if reading.count > limit {
            return report(note.line, tr("the reading is too long ({length} characters; at most {limit})", ["length": "\(reading.count)", "limit": "\(limit)"]))
        }
        if let first = firstLine[word] {
            return report(note.line, tr("'{word}' is already on line {line}", ["word": "\(PrintableText.quoting(word, limit: 40))", "line": "\(first)"]))
        }
        guard cards.count < limits.maximumCards else {
            return report(note.line, tr("too many cards; a deck has at most {limit}", ["limit": "\(limits.maximumCards)"]))
        }
        firstLine[word] = note.line
        cards.append(Challenge(question: word, pronunciation: reading, answer: meaning))
    }

    func deck(named name: String) throws(DeckError) -> Deck {
        var problems = self.problems
        if problems.isEmpty, cards.isEmpty {
            problems.append(DeckProblem(file: file, message: tr("there are no cards: each line is the word, a tab, then its meaning")))
        }
        let meanings = Set(cards.map(\.answer)).count
        if problems.isEmpty, !cards.isEmpty, meanings < 3 {
            problems.append(DeckProblem(
                file: file, message: trn("needs at least 3 different meanings to offer choices; it has {count}", "needs at least 3 different meanings to offer choices; it has {count}", meanings)))
        }
        if unlisted > 0 { problems.append(DeckProblem(file: file, message: trn("and {count} more problem", "and {count} more problems", unlisted))) }
        guard problems.isEmpty else { throw DeckError(problems: problems) }
        return Deck(name: name, language: "ja", cards: cards)
    }

    private mutating func report(_ line: Int, _ message: String) {
        guard problems.count < max(limits.maximumReportedProblems, 1) else {
            unlisted += 1
            return
        }
        problems.append(DeckProblem(file: file, line: line, message: message))
    }
}
