import CSQLite

/// A value bound to a statement's `?` parameter.
package enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    package static func optional(_ value: Int64?) -> SQLiteValue { value.map(SQLiteValue.integer) ?? .null }
    package static func optional(_ value: Double?) -> SQLiteValue { value.map(SQLiteValue.real) ?? .null }
}

/// A prepared statement, owned and cached by its ``SQLiteDatabase``, which finalizes it
/// before closing; only the database uses it.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    init(_ handle: OpaquePointer, connection: OpaquePointer) {
        self.handle = handle
        self.connection = connection
    }

    func finalize() {
        sqlite3_finalize(handle)
    }

    /// How many times the statement has run to its reset, as SQLite counts it.
    var runs: Int { Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_RUN, 0)) }

    /// Runs the statement to completion with `values` bound, calling `row` for each row,
    /// then resets it for the next use.
    func query(_ values: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void) throws {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        try bind(values)
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw SQLiteError(connection, code: code) }
            try row(SQLiteRow(handle: handle))
        }
    }

    private func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                // SQLite copies the bytes (SQLITE_TRANSIENT), so the temporary C string
                // only has to live for the call.
                code = sqlite3_bind_text(handle, index, text, -1, Self.transient)
            }
            guard code == SQLITE_OK else { throw SQLiteError(connection, code: code) }
        }
    }

    // NB: SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot
    // import it.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
    }
}

/// The current row of a running query, read by column index (from 0).
package struct SQLiteRow {
    fileprivate let handle: OpaquePointer

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    package func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    package func real(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    package func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }

    package func optionalReal(_ column: Int32) -> Double? { isNull(column) ? nil : real(column) }

    package func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    package func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
