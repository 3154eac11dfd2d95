import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Finding damage without changing anything.
extension ReviewStore {
    /// Left out of the check on opening: the log is nine tenths of a big database (a
    /// third of a second to check at a million reviews) and no session reads it.
    /// ``checkReviewLog(path:)`` checks it.
    static let reviewLogTables: Set<String> = ["review"]

    /// Checks the review log and its indexes (`PRAGMA quick_check`), which opening leaves
    /// out to open fast; throws ``ReviewStoreError/Kind/corrupt(_:)`` if it is damaged.
    ///
    /// Uses a read-only connection of its own, so it can run on any thread while a store
    /// is in use (the write-ahead log lets a reader work beside the writer): the app runs
    /// it in the background after start-up. Like opening, it changes nothing.
    public static func checkReviewLog(path: String) throws(ReviewStoreError) {
        try storeErrors(path: path) {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            try checkTables(database, path: path) { reviewLogTables.contains($0) }
        }
    }

    /// Refuses a file cut short. SQLite itself would take a file shorter than one page
    /// for an empty database and write over it, and reads pages past the end of a
    /// longer one as if they were empty.
    static func checkLength(_ database: SQLiteDatabase, path: String) throws {
        let size = fileSize(path)
        let pages = try database.integer("PRAGMA page_count") ?? 0
        let pageSize = try database.integer("PRAGMA page_size") ?? 0
        if pages == 0, size > 0 {
            throw ReviewStoreError(path: path, kind: .corrupt("the file is shorter than one database page"))
        }
        // NB: only without a write-ahead log: pages still in the log legitimately lie past
        // the end of the file, and a checkpoint cut short by a crash can leave the file's
        // header ahead of its length until the log is replayed.
        if fileSize(path + "-wal") == 0, size < pages * pageSize {
            throw ReviewStoreError(
                path: path, kind: .corrupt("the file is \(size) bytes, shorter than the \(pages * pageSize) it should be"))
        }
    }

    /// `PRAGMA quick_check` of each table (with its indexes) and of the schema itself
    /// that `including` accepts; the first few problems found make the error.
    static func checkTables(_ database: SQLiteDatabase, path: String, including: (String) -> Bool) throws {
        var tables: [String] = []
        try database.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { row in
            tables.append(row.text(0))
        }
        for table in ["sqlite_schema"] + tables where including(table) {
            var problems: [String] = []
            // NB: a table name cannot be a bound parameter in a pragma; it is quoted instead.
            let quoted = "\"" + table.replacing("\"", with: "\"\"") + "\""
            try database.query("PRAGMA quick_check(\(quoted))") { problems.append($0.text(0)) }
            guard problems == ["ok"] else {
                throw ReviewStoreError(path: path, kind: .corrupt(problems.prefix(3).joined(separator: "; ")))
            }
        }
    }

    /// The size of a file in bytes; 0 if it is missing.
    private static func fileSize(_ path: String) -> Int64 {
        var status = stat()
        return stat(path, &status) == 0 ? Int64(status.st_size) : 0
    }
}
