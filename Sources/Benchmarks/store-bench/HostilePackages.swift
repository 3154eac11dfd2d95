import Foundation
import KuchiModel

/// The hostile packages of issue 30, made once into a folder (`/tmp/kuchi-hostile`) and
/// kept there for the next run: the 477 MiB collection takes a minute to write.
enum HostilePackages {
    /// One package and what it is.
    struct Case {
        let name: String
        let file: String
        let what: String
    }

    static let cases = [
        Case(name: "endless notes", file: "endless-notes.apkg", what: "notes: an endless WITH RECURSIVE view (8 KiB)"),
        Case(name: "20 M-row revlog view", file: "revlog-view.apkg", what: "revlog: a view of 20,000,000 rows"),
        Case(name: "8 M reviews", file: "big-collection.apkg",
             what: "a real collection: 20,000 notes with 2 KiB of notes each, 8,000,000 reviews, Anki's tables"),
        Case(name: "8 M reviews to sort", file: "unsorted-reviews.apkg",
             what: "the same, its revlog not keyed by id: reading it newest first would sort 8 M rows"),
        Case(name: "HTML to clean", file: "html-meanings.apkg",
             what: "100,000 notes whose meanings are 2 KiB of HTML each: the time budget's case"),
        Case(name: "FIFO named .apkg", file: "fifo.apkg", what: "a named pipe"),
        Case(name: "accents flood", file: "accents-flood.apkg", what: "a meaning of one letter and 200,000 accents"),
    ]

    /// Makes the packages missing from `folder`.
    static func make(in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func missing(_ file: String) -> Bool { !FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path) }
        if missing("endless-notes.apkg") {
            try package("endless-notes.apkg", in: folder) { database in
                try database.execute(schema(replacing: ["notes": """
                    CREATE VIEW notes AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)
                    SELECT x AS id, '' AS guid, 1700000000001 AS mid, 0 AS mod, 0 AS usn, '' AS tags,
                      'word' || x || char(31) || char(31) || 'meaning' || x AS flds, '' AS sfld, 0 AS csum, 0 AS flags, '' AS data
                    FROM n
                    """]))
            }
        }
        if missing("revlog-view.apkg") {
            try package("revlog-view.apkg", in: folder) { database in
                try database.execute(schema(replacing: ["revlog": """
                    CREATE VIEW revlog AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20000000)
                    SELECT x AS id, 1000000000001 AS cid, 0 AS usn, 3 AS ease, 1 AS ivl, 0 AS lastIvl, 2500 AS factor,
                      5000 AS time, 1 AS type FROM n
                    """]))
                try addNotes(4, to: database)
            }
        }
        if missing("big-collection.apkg") {
            try package("big-collection.apkg", in: folder) { database in
                try database.execute(schema())
                try addNotes(20_000, notes: 2_200, to: database)
                try addReviews(8_000_000, cards: 20_000, to: database)
            }
        }
        if missing("unsorted-reviews.apkg") {
            try package("unsorted-reviews.apkg", in: folder) { database in
                try database.execute(schema(replacing: ["revlog": revlogTable.replacingOccurrences(of: "integer PRIMARY KEY", with: "integer NOT NULL")]))
                try addNotes(20_000, notes: 2_200, to: database)
                try addReviews(8_000_000, cards: 20_000, to: database)
            }
        }
        if missing("html-meanings.apkg") {
            try package("html-meanings.apkg", in: folder) { database in
                try database.execute(schema())
                try database.run("""
                    INSERT INTO notes
                    WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x + 1 < 100000)
                    SELECT 1000000000000 + x, 'guid' || x, 1700000000001, 0, 0, '',
                      '語' || x || char(31) || char(31) || substr(replace(hex(randomblob(1100)), 'A', '<b>A</b> '), 1, 2200),
                      '語' || x, 0, 0, '' FROM n
                    """)
            }
        }
        if missing("fifo.apkg") {
            guard mkfifo(folder.appendingPathComponent("fifo.apkg").path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
        if missing("accents-flood.apkg") {
            try package("accents-flood.apkg", in: folder) { database in
                try database.execute(schema())
                try addNotes(4, to: database)
                try database.run("INSERT INTO notes VALUES (99, '', 1700000000001, 0, 0, '', ?, '', 0, 0, '')",
                                 [.text("洪水\u{1F}\u{1F}a" + String(repeating: "\u{301}", count: 200_000))])
            }
        }
    }

    // MARK: - Collections

    /// Anki's schema 11 tables, as `collection.anki2` has them.
    static let revlogTable = """
        CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
          ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL)
        """
    static let tables: [(name: String, sql: String)] = [
        ("col", """
            CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
              ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
              models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL)
            """),
        ("notes", """
            CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
              usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
              flags integer NOT NULL, data text NOT NULL)
            """),
        ("cards", """
            CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
              mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
              ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
              left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL)
            """),
        ("revlog", revlogTable),
    ]

    static func schema(replacing: [String: String] = [:]) -> String {
        let models = #"{"1700000000001": {"name": "Japanese", "type": 0, "flds": [{"name": "Expression", "ord": 0}, {"name": "Reading", "ord": 1}, {"name": "Meaning", "ord": 2}, {"name": "Notes", "ord": 3}]}}"#
        return tables.map { (replacing[$0.name] ?? $0.sql) + ";\n" }.joined()
            + "CREATE INDEX ix_cards_nid ON cards (nid);\n"
            + (replacing["revlog"] == nil || replacing["revlog"]?.hasPrefix("CREATE TABLE") == true
                ? "CREATE INDEX ix_revlog_cid ON revlog (cid);\n" : "")
            + "INSERT INTO col VALUES (1, 0, 0, 0, 11, 0, 0, 0, '{}', '\(models)', '{}', '{}', '{}');\n"
    }

    /// `count` notes (ids from 1,000,000,000,000), each with its first card (its id the
    /// note's plus 1,000,000,000,000), and `notes` bytes of HTML in a fourth field (what
    /// a learner writes there: the rest of a dictionary entry).
    static func addNotes(_ count: Int, notes: Int = 0, to database: SQLiteDatabase) throws {
        try database.run("""
            INSERT INTO notes
            WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x + 1 < ?)
            SELECT 1000000000000 + x, 'guid' || x, 1700000000001, 0, 0, '',
              '語' || x || char(31) || 'ご' || char(31) || 'meaning number ' || x || char(31)
                || substr(replace(hex(randomblob(?)), 'A', '<b>A</b> '), 1, ?),
              '語' || x, 0, 0, '' FROM n
            """, [.integer(Int64(count)), .integer(Int64(notes / 2 + 1)), .integer(Int64(notes))])
        try database.run("""
            INSERT INTO cards
            SELECT id + 1000000000000, id, 1, 0, 0, 0, 2, 2, 100, 30, 2500, 10, 1, 0, 0, 0, 0, '' FROM notes
            """)
    }

    /// `count` reviews, one a minute from 2017, spread over the first `cards` cards.
    static func addReviews(_ count: Int, cards: Int, to database: SQLiteDatabase) throws {
        try database.execute("BEGIN")
        try database.run("""
            INSERT INTO revlog
            WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x + 1 < ?)
            SELECT 1500000000000 + x * 60000, 2000000000000 + x % ?, 0, 1 + x % 4, x % 365, x % 200, 2500,
              1000 + x % 20000, x % 4 FROM n
            """, [.integer(Int64(count)), .integer(Int64(cards))])
        try database.execute("COMMIT")
    }

    /// Writes a collection with `fill` and packs it as `file` (a legacy package, its
    /// `collection.anki2` stored).
    private static func package(_ file: String, in folder: URL, _ fill: (SQLiteDatabase) throws -> Void) throws {
        let collection = folder.appendingPathComponent(file + ".anki2")
        try? FileManager.default.removeItem(at: collection)
        do {
            let database = try SQLiteDatabase(path: collection.path)
            try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
            try fill(database)
        }
        try StoredZip.write(entry: "collection.anki2", from: collection, to: folder.appendingPathComponent(file))
        try FileManager.default.removeItem(at: collection)
    }
}

/// A zip of one stored (uncompressed) entry, written as it is read: the 477 MiB
/// collection never sits in memory.
enum StoredZip {
    static func write(entry: String, from source: URL, to target: URL) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        var crc: UInt32 = 0xFFFF_FFFF
        var size = 0
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { bytes in
                for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            }
            size += chunk.count
        }
        crc = ~crc
        guard FileManager.default.createFile(atPath: target.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let output = try FileHandle(forWritingTo: target)
        defer { try? output.close() }
        let name = Data(entry.utf8)
        var local = le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0)
        local += le32(crc) + le32(UInt32(size)) + le32(UInt32(size)) + le16(UInt16(name.count)) + le16(0) + name
        try output.write(contentsOf: local)
        try input.seek(toOffset: 0)
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
        var central = le32(0x0201_4B50) + le16(0x0314) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0)
        central += le32(crc) + le32(UInt32(size)) + le32(UInt32(size)) + le16(UInt16(name.count))
        central += le16(0) + le16(0) + le16(0) + le16(0) + le32(0o100644 << 16) + le32(0) + name
        let start = UInt32(local.count + size)
        let end = le32(0x0605_4B50) + le16(0) + le16(0) + le16(1) + le16(1) + le32(UInt32(central.count)) + le32(start) + le16(0)
        try output.write(contentsOf: central + end)
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    private static func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8)]) }
    private static func le32(_ value: UInt32) -> Data { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
}
