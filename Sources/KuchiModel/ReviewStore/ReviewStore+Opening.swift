import FoundationEssentials

extension ReviewStore {
    /// How long a statement waits for another connection's lock before reporting it.
    static let busyTimeoutMilliseconds: Int32 = 300

    /// Kuchi's mark in the database header (`PRAGMA application_id`): "Kuch" in ASCII.
    /// A file with another program's mark is never opened for writing.
    package static let applicationID: Int32 = 0x4B75_6368

    /// The tables Kuchi databases had before they carried ``applicationID``: a file with
    /// exactly these (and a schema version Kuchi wrote) is taken as Kuchi's and marked.
    static let unmarkedKuchiTables: Set<String> = [
        "card", "deck", "deck_question", "event", "legacy_progress", "review",
    ]

    /// Opens, checks and migrates the database; on any error the file is as it was.
    ///
    /// The order matters: everything that could refuse the file (not a database, another
    /// program's, newer schema, damaged, read-only) is read-only work and comes before
    /// the first write, which is switching the journal to WAL. "Damaged" is what SQLite
    /// finds reading the header and schema (it refuses a file shorter than its header
    /// says, for one), and what `PRAGMA quick_check` finds in every table and index but
    /// the review log's and its sync ledgers' (`reviewLogTables`).
    static func open(path: String, migrations: [ReviewStoreMigration]) throws(ReviewStoreError) -> SQLiteDatabase {
        try createFolder(of: path)
        return try storeErrors(path: path) {
            let database = try SQLiteDatabase(path: path)
            database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            // The first read of the file: garbage fails here as "not a database".
            let found = Int(try database.integer("PRAGMA user_version") ?? 0)
            let isMarked = try checkOwnership(database, path: path, version: found)
            let supported = migrations.last?.version ?? 0
            guard found <= supported else {
                throw ReviewStoreError(path: path, kind: .newerSchema(found: found, supported: supported))
            }
            try checkTables(database, path: path) { !reviewLogTables.contains($0) }
            guard !database.isReadOnly else { throw ReviewStoreError(path: path, kind: .readOnly) }
            let mode = try database.text("PRAGMA journal_mode = WAL") ?? ""
            guard mode == "wal" else {
                throw ReviewStoreError(path: path, kind: .other(tr("could not use a write-ahead log (journal mode {mode})", ["mode": "\(mode)"])))
            }
            // FULL: in WAL mode, each commit is synced to disk before it returns.
            try database.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
            if found < supported || !isMarked {
                try migrate(database, to: migrations)
            }
            return database
        }
    }

    /// A database for this run only, in memory: where reviews go when the file at the
    /// database's path belongs to another program.
    static func openInMemory(migrations: [ReviewStoreMigration]) throws(ReviewStoreError) -> SQLiteDatabase {
        try storeErrors(path: inMemoryPath) {
            let database = try SQLiteDatabase(path: inMemoryPath)
            try database.execute("PRAGMA foreign_keys = ON")
            try migrate(database, to: migrations)
            return database
        }
    }

    /// SQLite's name for a private database in memory.
    static let inMemoryPath = ":memory:"

    /// Whether the file is Kuchi's: marked with ``applicationID``, empty (nothing in it
    /// to lose), or written by a Kuchi from before the mark (exactly Kuchi's tables).
    /// Throws ``ReviewStoreError/Kind/foreign(tables:)`` for anything else; returns
    /// whether the mark is already there.
    private static func checkOwnership(_ database: SQLiteDatabase, path: String, version: Int) throws -> Bool {
        let mark = Int32(truncatingIfNeeded: try database.integer("PRAGMA application_id") ?? 0)
        if mark == applicationID { return true }
        var tables: [String] = []
        try database.query("""
            SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            ORDER BY name
            """) { tables.append($0.text(0)) }
        let isEmpty = tables.isEmpty && version == 0
        let isUnmarkedKuchi = Set(tables) == unmarkedKuchiTables && version >= 1
        guard mark == 0, isEmpty || isUnmarkedKuchi else {
            throw ReviewStoreError(path: path, kind: .foreign(tables: tables))
        }
        return false
    }

    /// Applies, in one transaction, every migration newer than the file's version, and
    /// marks the file as Kuchi's.
    private static func migrate(_ database: SQLiteDatabase, to migrations: [ReviewStoreMigration]) throws {
        try database.transaction {
            // Read again under the write lock: another process may have migrated meanwhile.
            let current = Int(try database.integer("PRAGMA user_version") ?? 0)
            for migration in migrations where migration.version > current {
                try database.execute(migration.sql)
                try database.execute("PRAGMA user_version = \(migration.version)")
            }
            try database.execute("PRAGMA application_id = \(applicationID)")
        }
    }

    /// Creates the database's folder, owner-only, if it is missing.
    private static func createFolder(of path: String) throws(ReviewStoreError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard !FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ReviewStoreError(path: path, kind: .other(tr("its folder could not be created ({reason})", ["reason": "\(error)"])))
        }
    }
}
