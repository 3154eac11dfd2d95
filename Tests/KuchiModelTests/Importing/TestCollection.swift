import Foundation
@testable import KuchiModel

/// An Anki collection (schema 11, as `collection.anki2`) written by the test itself
/// through Kuchi's own SQLite, for packages Anki would never make: a view in place of a
/// table, millions of rows, a field of 20,000 accents. The tables have the columns the
/// importer reads; `replacing` swaps a table's definition for any SQL.
struct TestCollection {
    /// The note type every note uses: Expression, Reading, Meaning.
    static let notetypeID: Int64 = 1_700_000_000_001
    static let models = #"{"1700000000001": {"name": "Japanese (Kuchi)", "type": 0, "flds": [{"name": "Expression", "ord": 0}, {"name": "Reading", "ord": 1}, {"name": "Meaning", "ord": 2}]}}"#

    static let tables = [
        "col": "CREATE TABLE col (id integer PRIMARY KEY, models text NOT NULL)",
        "notes": "CREATE TABLE notes (id integer PRIMARY KEY, mid integer NOT NULL, flds text NOT NULL)",
        "cards": "CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, ord integer NOT NULL)",
        "revlog": """
            CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, ease integer NOT NULL,
              time integer NOT NULL, type integer NOT NULL)
            """,
    ]

    let database: SQLiteDatabase
    let url: URL

    /// A new collection file in `folder`, its tables made, `replacing` given by name
    /// (SQL that makes something else of that name, or "" for nothing).
    init(in folder: URL, replacing: [String: String] = [:]) throws {
        url = folder.appendingPathComponent("collection-\(UUID().uuidString).anki2")
        database = try SQLiteDatabase(path: url.path)
        for (name, sql) in Self.tables.sorted(by: { $0.key < $1.key }) {
            try database.execute(replacing[name] ?? sql)
        }
        if replacing["col"] == nil {
            try database.run("INSERT INTO col (id, models) VALUES (1, ?)", [.text(Self.models)])
        }
    }

    /// Adds a note of word, reading and meaning, and its first card (id: the note's + 1).
    func addNote(id: Int64, word: String, reading: String = "", meaning: String) throws {
        try database.run("INSERT INTO notes (id, mid, flds) VALUES (?, ?, ?)", [
            .integer(id), .integer(Self.notetypeID), .text([word, reading, meaning].joined(separator: "\u{1F}")),
        ])
        try database.run("INSERT INTO cards (id, nid, ord) VALUES (?, ?, 0)", [.integer(id + 1), .integer(id)])
    }

    /// Four ordinary notes: 猫, 犬, 水 and 鳥 (note ids 10, 20, 30, 40).
    func addGoodNotes() throws {
        for (index, note) in [("猫", "ねこ", "cat"), ("犬", "いぬ", "dog"), ("水", "みず", "water"), ("鳥", "とり", "bird")].enumerated() {
            try addNote(id: Int64(index + 1) * 10, word: note.0, reading: note.1, meaning: note.2)
        }
    }

    /// `count` good answers to the card of note `note`, one a minute from 2023-11-14,
    /// written by SQLite itself (a recursive query), so millions take a moment.
    func addReviews(_ count: Int, note: Int64 = 10) throws {
        try database.run("""
            INSERT INTO revlog (id, cid, ease, time, type)
            WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x + 1 < ?)
            SELECT 1700000000000 + x * 60000, ?, 3, 5000, 1 FROM n
            """, [.integer(Int64(count)), .integer(note + 1)])
    }

    /// The collection, closed, packed as `name` in `folder` (a legacy package:
    /// `collection.anki2` alone); its URL.
    func package(named name: String, in folder: URL) throws -> URL {
        try database.execute("PRAGMA journal_mode = DELETE")
        var zip = TestZip()
        zip.add("collection.anki2", try Data(contentsOf: url))
        let package = folder.appendingPathComponent(name)
        try zip.data.write(to: package)
        return package
    }
}
