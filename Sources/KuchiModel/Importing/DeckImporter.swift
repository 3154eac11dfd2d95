import FoundationEssentials

/// Reads a deck a person picked to import: a Kuchi deck (JSON), an Anki package
/// (`.apkg`, see `AnkiPackage`), or notes exported from Anki or a spreadsheet as text
/// (`.tsv`, `.txt`, `.csv`): the word, its meaning and, optionally, its reading, one
/// note a record.
///
/// A text file is checked record by record like a bundled deck card by card, and every
/// problem names the file and the line, in words a learner can act on. Both Anki
/// formats clean their fields by the same rules (`NoteField`).
public enum DeckImporter {
    /// Reads and checks the file at `path`. For a package, `mappings` choose the fields
    /// of its note types (``fieldMappings(of:limits:scratch:progress:)``; a note type
    /// missing there is mapped by its field names), and the collection is unpacked to a
    /// temporary file in `scratch` (Kuchi's own ``DeckCatalog/scratchFolder``), removed
    /// before this returns.
    ///
    /// `progress` shows how far the read has come and cancels it (``ImportProgress``);
    /// its phase is ``ImportProgress/Phase/finished`` when this returns or throws.
    public static func read(
        _ path: LocalPath, mappings: [AnkiFieldMapping] = [], limits: DeckLimits = .standard,
        scratch: LocalPath = LocalPath(FileManager.default.temporaryDirectory), progress: ImportProgress = ImportProgress()
    ) throws(DeckError) -> ImportedDeck {
        defer { progress.begin(.finished) }
        return try readUnfinished(path, mappings: mappings, limits: limits, scratch: scratch, progress: progress)
    }

    /// ``read(_:mappings:limits:scratch:progress:)`` for an import that goes on after it
    /// (its sounds, its deck file): the phase is left as it is.
    static func readUnfinished(
        _ path: LocalPath, mappings: [AnkiFieldMapping], limits: DeckLimits, scratch: LocalPath, progress: ImportProgress
    ) throws(DeckError) -> ImportedDeck {
        let file = path.lastComponent.description
        let name = stem(of: file)
        switch name.extension {
        case "json": return ImportedDeck(deck: try DeckLoader.load(path: path, limits: limits))
        case "apkg":
            return try AnkiPackageImport.read(
                path, file: file, name: name.stem, mappings: mappings, limits: limits, scratch: scratch, progress: progress)
        default: return try readText(path, file: file, name: name, limits: limits)
        }
    }

    /// The note types of the package at `path` (an `.apkg`), each with the fields its
    /// names suggest; none for any other file.
    public static func fieldMappings(
        of path: LocalPath, limits: DeckLimits = .standard,
        scratch: LocalPath = LocalPath(FileManager.default.temporaryDirectory), progress: ImportProgress = ImportProgress()
    ) throws(DeckError) -> [AnkiFieldMapping] {
        defer { progress.begin(.finished) }
        let file = path.lastComponent.description
        guard stem(of: file).extension == "apkg" else { return [] }
        return try AnkiPackageImport.fieldMappings(path, file: file, limits: limits, scratch: scratch, progress: progress)
    }

    /// For `kuchi --check-deck FILE`: the cards an import of it would make (for a
    /// package, the notes kept, its sounds unpacked and counted but not kept), or every
    /// problem found. The same reading as an import.
    public static func check(
        path: LocalPath, scratch: LocalPath = LocalPath(FileManager.default.temporaryDirectory),
        progress: ImportProgress = ImportProgress()
    ) -> Result<Int, DeckError> {
        defer { progress.begin(.finished) }
        return Result { () throws(DeckError) -> Int in
            let imported = try readUnfinished(path, mappings: [], limits: .standard, scratch: scratch, progress: progress)
            try unpackMedia(of: imported, from: path, into: nil, progress: progress)
            return imported.deck.cards.count
        }
    }

    /// Unpacks the sounds `imported` uses from the package at `path` into `folder`
    /// (a new, empty folder), or only checks that they unpack.
    static func unpackMedia(
        of imported: ImportedDeck, from path: LocalPath, into folder: LocalPath?, limits: DeckLimits = .standard,
        progress: ImportProgress
    ) throws(DeckError) {
        guard let compressed = imported.media.first?.compressed else { return }
        // Sounds are bounded by their sizes, not by the clock; Cancel stops them.
        let file = path.lastComponent.description
        let package = AnkiPackage(
            path: path, file: file, limits: limits, budget: ImportBudget(progress: progress, time: nil, file: file))
        try package.unpackMedia(imported.media, compressed: compressed, into: folder)
    }

    private static func readText(
        _ path: LocalPath, file: String, name: (stem: String, extension: String), limits: DeckLimits
    ) throws(DeckError) -> ImportedDeck {
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
        let notes: PlainTextNotes
        do {
            notes = try PlainTextNotes(String(decoding: data, as: UTF8.self), defaultSeparator: separator)
        } catch {
            let code = String(error.scalar.value, radix: 16, uppercase: true)
            throw DeckError(problems: [DeckProblem(
                file: file, line: error.line,
                message: tr(
                    "holds a control character (U+{code}), which text notes never do: is it a text file?",
                    ["code": String(repeating: "0", count: max(4 - code.count, 0)) + code])),
            ])
        }
        var builder = TextNotesDeckBuilder(file: file, limits: limits, notes: notes)
        for note in notes.notes { builder.add(note) }
        return try builder.deck(named: name.stem)
    }

    /// "JLPT N3 verbs.tsv" → ("JLPT N3 verbs", "tsv").
    static func stem(of file: String) -> (stem: String, extension: String) {
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return (file, "") }
        return (String(file[..<dot]), file[file.index(after: dot)...].lowercased())
    }
}
