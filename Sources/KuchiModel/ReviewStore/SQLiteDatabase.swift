import CSQLite

/// One SQLite connection: the only place, with ``SQLiteStatement``, that touches the C API.
///
/// Not `Sendable`: a connection is used from one isolation domain at a time (it is opened
/// without SQLite's own mutex). Statements are prepared once and kept for the
/// connection's lifetime, so a query run many times is parsed once.
package final class SQLiteDatabase {
    package let path: String
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    /// The progress handler's closure, kept alive while SQLite may call it.
    private var progressHandler: ProgressHandler?

    /// Opens (creating if missing) the database at `path`, read-write unless SQLite has
    /// to fall back to read-only because the file is write-protected; or, with
    /// `readOnly`, opens an existing database only to read it.
    package init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        self.path = path
        var opened: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else {
            throw SQLiteError(code: code, message: "out of memory", systemErrno: 0)
        }
        guard code == SQLITE_OK else {
            let error = SQLiteError(opened, code: code)
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
    }

    deinit {
        // Statements are finalized first so that closing releases the file at once.
        for statement in statements.values { statement.finalize() }
        sqlite3_close_v2(handle)
    }

    /// How long a statement waits for another connection's lock before failing busy.
    package func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Has every statement call `shouldStop` about every `instructions` virtual-machine
    /// steps, and fail with `SQLITE_INTERRUPT` once it returns true: how a query over an
    /// untrusted file (an Anki package's collection) is cancelled or held to a time
    /// budget, however long the query would run.
    package func setProgressHandler(every instructions: Int32, _ shouldStop: @escaping () -> Bool) {
        let handler = ProgressHandler(shouldStop)
        progressHandler = handler
        sqlite3_progress_handler(handle, instructions, { context in
            guard let context else { return 0 }
            return Unmanaged<ProgressHandler>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
        }, Unmanaged.passUnretained(handler).toOpaque())
    }

    /// Makes any string or blob longer than `bytes` an error (`SQLITE_TOOBIG`) instead
    /// of a value read into memory: an untrusted file's one huge cell cannot cost more.
    package func limitValueLength(to bytes: Int32) {
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, bytes)
    }

    /// Whether SQLite opened the file read-only (the file itself is write-protected).
    package var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Runs one or more statements that return nothing of interest (schema, pragmas).
    package func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(handle, code: code) }
    }

    /// Runs `sql` with `values` bound to its `?`s, calling `row` for each result row.
    ///
    /// The ``SQLiteRow`` is only valid inside the call; copy out what you need.
    package func query(_ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void) throws {
        try statement(sql).query(values, row: row)
    }

    /// Runs `sql` for its effect; any rows it returns are ignored.
    package func run(_ sql: String, _ values: [SQLiteValue] = []) throws {
        try statement(sql).query(values) { _ in }
    }

    /// The first column of the first row as an integer, or `nil` if there is no row.
    package func integer(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int64? {
        var result: Int64?
        try statement(sql).query(values) { row in
            if result == nil { result = row.optionalInteger(0) }
        }
        return result
    }

    /// The first column of the first row as text, or `nil` if there is no row.
    package func text(_ sql: String, _ values: [SQLiteValue] = []) throws -> String? {
        var result: String?
        try statement(sql).query(values) { row in
            if result == nil { result = row.text(0) }
        }
        return result
    }

    // Statements never leave this class: one used after its connection closed would be
    // a dangling pointer.
    private func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw SQLiteError(handle, code: code) }
        let statement = SQLiteStatement(prepared, connection: handle)
        statements[sql] = statement
        return statement
    }

    /// How many times `sql` has run on this connection, by SQLite's own count
    /// (`SQLITE_STMTSTATUS_RUN`); 0 if it never ran. Tests count reads with it.
    package func runs(of sql: String) -> Int { statements[sql]?.runs ?? 0 }

    /// Runs `body` in a write transaction: all of it is committed, or none of it.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so a busy database fails here,
    /// before anything was done, rather than half-way through.
    package func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // Fails harmlessly if SQLite already rolled back (e.g. on a full disk).
            sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }
}

/// The closure of ``SQLiteDatabase/setProgressHandler(every:_:)``, boxed for SQLite's
/// context pointer.
private final class ProgressHandler {
    let shouldStop: () -> Bool

    init(_ shouldStop: @escaping () -> Bool) { self.shouldStop = shouldStop }
}

/// A failed SQLite call: its extended result code and SQLite's own message.
package struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code, e.g. `SQLITE_BUSY_SNAPSHOT`; `primary` strips the extension.
    package let code: Int32
    package let message: String
    /// The `errno` of the failed system call behind the error, or 0.
    package let systemErrno: Int32

    package init(code: Int32, message: String, systemErrno: Int32) {
        self.code = code
        self.message = message
        self.systemErrno = systemErrno
    }

    init(_ connection: OpaquePointer, code: Int32) {
        self.code = code
        message = String(cString: sqlite3_errmsg(connection))
        systemErrno = sqlite3_system_errno(connection)
    }

    package var primary: Int32 { code & 0xFF }

    package var description: String { tr("{message} (SQLite error {code})", ["message": "\(message)", "code": "\(code)"]) }
}
