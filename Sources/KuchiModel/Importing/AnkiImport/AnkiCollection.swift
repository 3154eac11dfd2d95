import FoundationEssentials

/// The parts of an Anki collection (SQLite) an import reads: note types and their
/// fields, notes, which note each card belongs to, and the review log.
///
/// Both schemas are read: 11 (`collection.anki2`/`.anki21`: note types as JSON in
/// `col.models`) and 18 (`collection.anki21b`: the `notetypes` and `fields` tables,
/// a note type's kind in its protobuf `config`).
///
/// The file is a stranger's, and SQLite runs what its schema says, so before any query
/// of its tables:
/// - it is opened read-only, with `query_only` and `trusted_schema=OFF`, and no cell
///   longer than ``maximumCellSize`` is read into memory;
/// - its schema must be what Anki writes: the tables read are plain tables (no view,
///   no virtual table, no generated column), and it has no view and no trigger at all,
///   so reading a table never runs a query of the package's own (an endless
///   `WITH RECURSIVE` view of notes, say); notes and reviews are keyed by their `id`,
///   so reading them in order never sorts a table;
/// - every query stops when the import is cancelled or its time is up
///   (``ImportBudget``, through SQLite's progress handler).
///
/// Rows are streamed, never gathered first: notes (at most ``DeckLimits/maximumCards``
/// of them, or the package is refused before the next is read) go to the caller one
/// at a time, and the review log is read newest first and stops at
/// ``DeckLimits/maximumReviews`` kept answers. A problem names the package and the entry.
final class AnkiCollection {
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

    /// The longest cell (a note's fields, the note types' JSON) read: 8 MiB.
    static let maximumCellSize: Int32 = 8 << 20
    /// The most note types, and field names in all, a collection may have.
    static let maximumNotetypes = 10_000
    static let maximumFieldNames = 100_000
    /// How many SQLite virtual-machine steps pass between two looks at the budget.
    static let stepsBetweenChecks: Int32 = 10_000

    private(set) var notetypes: [Int64: Notetype] = [:]
    private let database: SQLiteDatabase
    private let budget: ImportBudget
    private let limits: DeckLimits
    private let file: String
    private let entry: String

    /// Opens and checks the collection at `path`, unpacked from the package `file`'s
    /// `entry`, which messages name ("deck.apkg: its entry 'collection.anki21b' …"),
    /// and reads its note types.
    init(path: LocalPath, file: String, entry: String, limits: DeckLimits, budget: ImportBudget) throws(DeckError) {
        self.file = file
        self.entry = entry
        self.limits = limits
        self.budget = budget
        do {
            database = try SQLiteDatabase(path: String(decoding: path.bytes, as: UTF8.self), readOnly: true)
        } catch {
            throw Self.problem(file: file, entry: entry, tr("could not be opened ({reason})", ["reason": error.message]))
        }
        let budget = budget
        database.setProgressHandler(every: Self.stepsBetweenChecks) { budget.isOver }
        database.limitValueLength(to: Self.maximumCellSize)
        try reading { () throws in
            try database.execute("PRAGMA query_only = ON; PRAGMA trusted_schema = OFF")
            let schema18 = try checkSchema()
            notetypes = schema18 ? try notetypes18() : try notetypes11()
        }
    }

    /// The note types the notes use; refused past ``DeckLimits/maximumCards`` notes.
    func usedNotetypes() throws(DeckError) -> Set<Int64> {
        var used = Set<Int64>()
        var count = 0
        try reading { () throws in
            try database.query("SELECT mid FROM notes LIMIT ?", [.integer(Int64(limits.maximumCards) + 1)]) { row in
                count += 1
                try checkpoint(count, notes: true)
                used.insert(row.integer(0))
            }
        }
        return used
    }

    /// Hands each note to `body`, oldest first; refused past ``DeckLimits/maximumCards``
    /// notes, before the one past it is read.
    func forEachNote(_ body: (Note) -> Void) throws(DeckError) {
        var count = 0
        try reading { () throws in
            let sql = "SELECT id, mid, flds FROM notes ORDER BY id LIMIT ?"
            try database.query(sql, [.integer(Int64(limits.maximumCards) + 1)]) { row in
                count += 1
                try checkpoint(count, notes: true)
                body(Note(
                    id: row.integer(0), notetypeID: row.integer(1),
                    fields: row.text(2).split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)))
            }
        }
    }

    /// The answers to the first cards of the notes in `questionOfNote`, each with its
    /// note's question, newest first, at most `limit` of them; and whether older ones
    /// were left out. Only real answers are read (``ImportedReview``).
    func answers(
        questionOfNote: [Int64: String], limit: Int
    ) throws(DeckError) -> (reviews: [ImportedReview], leftOutOlder: Bool) {
        // A note's first card only (template 0): a note with a second template (production,
        // say) is still one Kuchi card, and its reviews of another direction would mislead.
        var questionOfCard: [Int64: String] = [:]
        var cards = 0
        try reading { () throws in
            try database.query("SELECT id, nid FROM cards WHERE ord = 0 LIMIT ?", [.integer(Int64(limits.maximumCards) + 1)]) { row in
                cards += 1
                try checkpoint(cards, notes: false)
                if let question = questionOfNote[row.integer(1)] { questionOfCard[row.integer(0)] = question }
            }
        }
        var reviews: [ImportedReview] = []
        var leftOutOlder = false
        var rows = 0
        try reading { () throws in
            // Newest first, so that the newest are kept when there are too many; the row id
            // is the time, so this walks the table backwards without sorting it.
            let sql = """
                SELECT id, cid, ease, time, type FROM revlog
                WHERE ease BETWEEN 1 AND 4 AND type BETWEEN 0 AND 3 ORDER BY id DESC
                """
            do {
                try database.query(sql) { row in
                    rows += 1
                    if rows % 1_024 == 0 { try budget.check() }
                    guard let question = questionOfCard[row.integer(1)],
                          let rating = FSRSRating(rawValue: Int(row.integer(2))),
                          let kind = ImportedReview.Kind(rawValue: Int(row.integer(4)))
                    else { return }
                    guard reviews.count < limit else { throw EnoughRows() }
                    reviews.append(ImportedReview(
                        question: question, time: Date(timeIntervalSince1970: Double(row.integer(0)) / 1000),
                        rating: rating, duration: .milliseconds(max(row.integer(3), 0)), kind: kind))
                }
            } catch is EnoughRows {
                leftOutOlder = true
            }
        }
        reviews.reverse()
        return (reviews, leftOutOlder)
    }

    /// Thrown from a row to end a query early.
    private struct EnoughRows: Error {}

    /// Whether the import must stop (at every note: one may be megabytes of HTML to
    /// clean); and the row past the note cap.
    private func checkpoint(_ count: Int, notes: Bool) throws(DeckError) {
        try budget.check()
        guard count > limits.maximumCards else { return }
        throw problem(notes
            ? tr("holds more than {limit} notes; a deck has at most {limit} cards, so Kuchi stops reading there",
                 ["limit": limits.maximumCards.grouped])
            : tr("holds more than {limit} cards; a deck has at most {limit}, so Kuchi stops reading there",
                 ["limit": limits.maximumCards.grouped]))
    }

    // MARK: - Schema

    /// The tables every collection has; schema 18 has `notetypes` and `fields` too.
    private static let tables11 = ["col", "notes", "cards", "revlog"]
    private static let tables18 = ["notes", "cards", "revlog", "notetypes", "fields"]
    /// The tables read in the order of their `id`.
    private static let readInOrder: Set = ["notes", "revlog"]

    /// Refuses a schema that is not Anki's (see the type's note); returns whether it is
    /// schema 18.
    private func checkSchema() throws -> Bool {
        try database.query(
            "SELECT type, name FROM sqlite_master WHERE type IN ('view', 'trigger') ORDER BY type DESC LIMIT 1"
        ) { row in
            let name = PrintableText.quoting(row.text(1), limit: 40)
            throw problem(row.text(0) == "view"
                ? tr("has a view, '{name}', which Anki never writes: Kuchi reads only plain tables from a package", ["name": name])
                : tr("has a trigger, '{name}', which Anki never writes: Kuchi reads only plain tables from a package", ["name": name]))
        }
        let schema18 = try database.integer(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'notetypes'") == 1
        for table in schema18 ? Self.tables18 : Self.tables11 {
            let sql = try database.text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE", [.text(table)])
            guard let sql else {
                throw problem(tr("is not an Anki collection Kuchi can read (it has no table '{table}')", ["table": table]))
            }
            var computed = sql.uppercased().hasPrefix("CREATE VIRTUAL")
            // Hidden columns 2 and 3 are generated ones, which compute a value on every read.
            try database.query("SELECT hidden FROM pragma_table_xinfo(?)", [.text(table)]) { row in
                if row.integer(0) >= 2 { computed = true }
            }
            if computed {
                throw problem(tr(
                    "has a table, '{name}', that computes its rows (a virtual table or generated columns), which Anki never writes: Kuchi reads only plain tables from a package",
                    ["name": table]))
            }
            // Notes and reviews are read in the order of their ids, which Anki makes the
            // tables' own keys: any other key would make SQLite sort the whole table first.
            if Self.readInOrder.contains(table), try database.integer(
                "SELECT count(*) = 1 AND sum(name = 'id' COLLATE NOCASE AND upper(type) = 'INTEGER') = 1 FROM pragma_table_xinfo(?) WHERE pk > 0",
                [.text(table)]) != 1
            {
                throw problem(tr(
                    "has a table, '{name}', whose key is not its 'id' as Anki writes it, so Kuchi would have to sort it to read it",
                    ["name": table]))
            }
        }
        return schema18
    }

    // MARK: - Note types

    /// Schema 18: `notetypes` (kind in `config`, protobuf field 1) and `fields`.
    private func notetypes18() throws -> [Int64: Notetype] {
        var fields: [Int64: [String]] = [:]
        var count = 0
        try database.query("SELECT ntid, name FROM fields ORDER BY ntid, ord LIMIT ?", [.integer(Int64(Self.maximumFieldNames) + 1)]) { row in
            count += 1
            guard count <= Self.maximumFieldNames else {
                throw problem(tr("has more than {limit} fields in its note types", ["limit": Self.maximumFieldNames.grouped]))
            }
            fields[row.integer(0), default: []].append(row.text(1))
        }
        var notetypes: [Int64: Notetype] = [:]
        try database.query("SELECT id, name, config FROM notetypes LIMIT ?", [.integer(Int64(Self.maximumNotetypes) + 1)]) { row in
            guard notetypes.count < Self.maximumNotetypes else {
                throw problem(tr("has more than {limit} note types", ["limit": Self.maximumNotetypes.grouped]))
            }
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
    private func notetypes11() throws -> [Int64: Notetype] {
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
        guard models.count <= Self.maximumNotetypes else {
            throw problem(tr("has more than {limit} note types", ["limit": Self.maximumNotetypes.grouped]))
        }
        var notetypes: [Int64: Notetype] = [:]
        for (key, model) in models {
            guard let id = Int64(key) else { continue }
            let fields = model.flds.enumerated().sorted { ($0.element.ord ?? $0.offset) < ($1.element.ord ?? $1.offset) }
            notetypes[id] = Notetype(id: id, name: model.name, fields: fields.map(\.element.name), isCloze: model.type == 1)
        }
        return notetypes
    }

    // MARK: - Errors

    /// Runs `body`, turning whatever stops it into the problem a learner reads: the
    /// budget's (cancelled, out of time) first, since SQLite reports both as an interrupt.
    private func reading(_ body: () throws -> Void) throws(DeckError) {
        do {
            try body()
        } catch let error as DeckError {
            throw error
        } catch {
            if let stop = budget.stop { throw stop }
            guard let error = error as? SQLiteError else {
                throw problem(tr("is not an Anki collection Kuchi can read ({reason})", ["reason": "\(error)"]))
            }
            switch error.primary {
            // SQLITE_NOTADB (26), SQLITE_CORRUPT (11): not the collection Anki writes.
            case 26, 11:
                throw problem(tr("is not an SQLite database ({reason}): the package is damaged", ["reason": error.message]))
            // SQLITE_TOOBIG (18).
            case 18:
                throw problem(tr("holds a value larger than {size}, more than any note needs", ["size": ByteCount.words(Int(Self.maximumCellSize))]))
            default:
                throw problem(tr("is not an Anki collection Kuchi can read ({reason})", ["reason": error.message]))
            }
        }
    }

    private func problem(_ words: String) -> DeckError {
        Self.problem(file: file, entry: entry, words)
    }

    private static func problem(file: String, entry: String, _ words: String) -> DeckError {
        DeckError(problems: [DeckProblem(file: file, message: tr("its entry '{entry}' {problem}", ["entry": entry, "problem": words]))])
    }
}
