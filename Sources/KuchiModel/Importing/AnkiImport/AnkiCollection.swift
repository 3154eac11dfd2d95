import FoundationEssentials

/// The parts of an Anki collection (SQLite) an import reads: note types and their
/// fields, notes, which note each card belongs to, and the review log.
///
/// Both schemas are read: 11 (`collection.anki2`/`.anki21`: note types as JSON in
/// `col.models`) and 18 (`collection.anki21b`: the `notetypes` and `fields` tables,
/// a note type's kind in its protobuf `config`). The file is opened read-only, and
/// SQLite's own checks stand between it and Kuchi: a file that is not a database, or
/// lacks a table, is a problem naming the package and the entry.
struct AnkiCollection {
    struct Notetype {
        let id: Int64
        let name: String
        let fields: [String]
        /// A cloze note type (Anki's kind 1).
        let isCloze: Bool
    }

    struct Note {
        let id: Int64
        let notetypeID: Int64
        /// The fields' raw HTML, in the note type's order.
        let fields: [String]
    }

    /// One row of `revlog`.
    struct LogEntry {
        /// Milliseconds since 1970: the row's id.
        let time: Int64
        let cardID: Int64
        let ease: Int64
        /// Milliseconds.
        let duration: Int64
        let type: Int64
    }

    private(set) var notetypes: [Int64: Notetype] = [:]
    private(set) var notes: [Note] = []
    /// The note of each note's first card.
    private(set) var noteOfCard: [Int64: Int64] = [:]
    private(set) var log: [LogEntry] = []

    /// Reads the collection at `path`, unpacked from the package `file`'s `entry`,
    /// which messages name ("deck.apkg: its entry 'collection.anki21b' …").
    init(path: LocalPath, file: String, entry: String) throws(DeckError) {
        func problem(_ words: String) -> DeckError {
            DeckError(problems: [DeckProblem(file: file, message: tr("its entry '{entry}' {problem}", ["entry": entry, "problem": words]))])
        }
        do {
            let database = try SQLiteDatabase(path: String(decoding: path.bytes, as: UTF8.self), readOnly: true)
            try database.execute("PRAGMA query_only = ON; PRAGMA trusted_schema = OFF")
            let schema18 = try database.integer(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'notetypes'") == 1
            notetypes = schema18 ? try Self.notetypes18(database) : try Self.notetypes11(database)
            try database.query("SELECT id, mid, flds FROM notes ORDER BY id") { row in
                notes.append(Note(
                    id: row.integer(0), notetypeID: row.integer(1),
                    fields: row.text(2).split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)))
            }
            // A note's first card only (template 0): a note with a second template (production,
            // say) is still one Kuchi card, and its reviews of another direction would mislead.
            try database.query("SELECT id, nid FROM cards WHERE ord = 0") { row in noteOfCard[row.integer(0)] = row.integer(1) }
            try database.query("SELECT id, cid, ease, time, type FROM revlog ORDER BY id") { row in
                log.append(LogEntry(
                    time: row.integer(0), cardID: row.integer(1), ease: row.integer(2), duration: row.integer(3),
                    type: row.integer(4)))
            }
        } catch let error as SQLiteError {
            // SQLITE_NOTADB (26), SQLITE_CORRUPT (11): not the collection Anki writes.
            if error.code & 0xFF == 26 || error.code & 0xFF == 11 {
                throw problem(tr("is not an SQLite database ({reason}): the package is damaged", ["reason": error.message]))
            }
            throw problem(tr("is not an Anki collection Kuchi can read ({reason})", ["reason": error.message]))
        } catch let error as DeckError {
            throw error
        } catch {
            throw problem(tr("is not an Anki collection Kuchi can read ({reason})", ["reason": "\(error)"]))
        }
    }

    /// Schema 18: `notetypes` (kind in `config`, protobuf field 1) and `fields`.
    private static func notetypes18(_ database: SQLiteDatabase) throws -> [Int64: Notetype] {
        var fields: [Int64: [String]] = [:]
        try database.query("SELECT ntid, name FROM fields ORDER BY ntid, ord") { row in
            fields[row.integer(0), default: []].append(row.text(1))
        }
        var notetypes: [Int64: Notetype] = [:]
        try database.query("SELECT id, name, config FROM notetypes") { row in
            let config = ProtobufReader(row.blob(2)).fields() ?? []
            let isCloze = config.contains { field in
                if case (1, .number(1)) = field { true } else { false }
            }
            let id = row.integer(0)
            notetypes[id] = Notetype(id: id, name: row.text(1), fields: fields[id] ?? [], isCloze: isCloze)
        }
        return notetypes
    }

    /// Schema 11: `col.models`, JSON keyed by id: `{"name", "type" (1 = cloze), "flds": [{"name", "ord"}]}`.
    private static func notetypes11(_ database: SQLiteDatabase) throws -> [Int64: Notetype] {
        struct Model: Decodable {
            struct Field: Decodable {
                let name: String
                let ord: Int?
            }
            let name: String
            let type: Int?
            let flds: [Field]
        }
        let json = try database.text("SELECT models FROM col") ?? "{}"
        let models = try JSONDecoder().decode([String: Model].self, from: Data(json.utf8))
        var notetypes: [Int64: Notetype] = [:]
        for (key, model) in models {
            guard let id = Int64(key) else { continue }
            let fields = model.flds.enumerated().sorted { ($0.element.ord ?? $0.offset) < ($1.element.ord ?? $1.offset) }
            notetypes[id] = Notetype(id: id, name: model.name, fields: fields.map(\.element.name), isCloze: model.type == 1)
        }
        return notetypes
    }
}
