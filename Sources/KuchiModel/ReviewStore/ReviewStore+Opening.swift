import FoundationEssentials

extension ReviewStore {
    /// How long a statement waits for another connection's lock before reporting it.
    static let busyTimeoutMilliseconds: Int32 = 300

    /// Opens, checks and migrates the database; on any error the file is as it was.
    ///
    /// The order matters: everything that could refuse the file (not a database, newer
    /// schema, damaged, read-only) is read-only work and comes before the first write,
    /// which is switching the journal to WAL. "Damaged" is what SQLite finds reading the
    /// header and schema (it refuses a file shorter than its header says, for one), and
    /// what `PRAGMA quick_check` finds in every table and index but the review log's.
    static func open(path: String, migrations: [ReviewStoreMigration]) throws(ReviewStoreError) -> SQLiteDatabase {
        try createFolder(of: path)
        return try storeErrors(path: path) {
            let database = try SQLiteDatabase(path: path)
            database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            // The first read of the file: garbage fails here as "not a database".
            let found = Int(try database.integer("PRAGMA user_version") ?? 0)
            let supported = migrations.last?.version ?? 0
            guard found <= supported else {
                throw ReviewStoreError(path: path, kind: .newerSchema(found: found, supported: supported))
            }
            try checkTables(database, path: path) { !reviewLogTables.contains($0) }
            guard !database.isReadOnly else { throw ReviewStoreError(path: path, kind: .readOnly) }
            let mode = try database.text("PRAGMA journal_mode = WAL") ?? ""
            guard mode == "wal" else {
                throw ReviewStoreError(path: path, kind: .other("could not use a write-ahead log (journal mode \(mode))"))
            }
            // FULL: in WAL mode, each commit is synced to disk before it returns.
            try database.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
            if found < supported {
                try migrate(database, to: migrations)
            }
            return database
        }
    }

    /// Applies, in one transaction, every migration newer than the file's version.
    private static func migrate(_ database: SQLiteDatabase, to migrations: [ReviewStoreMigration]) throws {
        try database.transaction {
            // Read again under the write lock: another process may have migrated meanwhile.
            let current = Int(try database.integer("PRAGMA user_version") ?? 0)
            for migration in migrations where migration.version > current {
                try database.execute(migration.sql)
                try database.execute("PRAGMA user_version = \(migration.version)")
            }
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
            throw ReviewStoreError(path: path, kind: .other("its folder could not be created (\(error))"))
        }
    }
}
