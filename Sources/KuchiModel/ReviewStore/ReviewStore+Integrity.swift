import FoundationEssentials

/// Finding damage without changing anything.
extension ReviewStore {
    /// Left out of the check on opening: the log is nine tenths of a big database (a
    /// third of a second to check at a million reviews) and no session reads it.
    /// ``checkReviewLog(path:until:)`` checks it.
    ///
    /// Sync's ledgers of the log go with it: one row per review known to the folder
    /// (`sync_review`, with a unique index of event ids), per event this installation
    /// wrote (`sync_own`) and per review not yet sent (`sync_unsent_review`: every
    /// review of a learner who never turned sync on). They grow with the history as the
    /// log does, and only sync, after the first frame, reads them (an answer adds to
    /// `sync_unsent_review` as it adds to the log, and fails whole the same way if
    /// either is damaged): checking `sync_review` on opening took 88 ms of a start with
    /// 300,000 reviews, more than all the rest of the database's start-up work together.
    static let reviewLogTables: Set<String> = ["review", "sync_review", "sync_own", "sync_unsent_review"]

    /// Checks the review log, sync's ledgers of it, and their indexes (`PRAGMA
    /// quick_check`), which opening leaves out to open fast; throws ``ReviewStoreError/Kind/corrupt(_:)`` if it is damaged,
    /// or an error of its own if `shouldStop` returned true (asked every few thousand
    /// steps) and it stopped.
    ///
    /// Uses a read-only connection of its own, so it can run on any thread while a store
    /// is in use (the write-ahead log lets a reader work beside the writer): the app runs
    /// it in the background after start-up. Like opening, it changes nothing; but a
    /// read-only connection creates the `-wal` and `-shm` files if they are missing and
    /// cannot remove them, so it must not run when no store has the file open (the app
    /// stops it before its store closes).
    public static func checkReviewLog(
        path: String, until shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(ReviewStoreError) {
        try storeErrors(path: path) {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            database.setProgressHandler(every: 10_000, shouldStop)
            try checkTables(database, path: path) { reviewLogTables.contains($0) }
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
}
