import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Why the review store could not do what was asked, with the file concerned.
///
/// The store never deletes, replaces or repairs a file it cannot use: whatever the
/// error, the file is left exactly as it was, for the person (or a later version of
/// Kuchi) to deal with. ``description`` says so in plain words, fit to show.
public struct ReviewStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The file is not an SQLite database at all (garbage, or another kind of file).
        case notADatabase
        /// The file is another program's SQLite database (its tables are named), not Kuchi's.
        case foreign(tables: [String])
        /// The file is a damaged database; the detail is SQLite's or `quick_check`'s.
        case corrupt(String)
        /// Another program (most likely another Kuchi) holds the database's lock.
        case locked
        /// The file or its folder cannot be written.
        case readOnly
        /// The disk (or the user's quota) is full.
        case diskFull
        /// A newer Kuchi wrote the database; this one only knows versions up to `supported`.
        case newerSchema(found: Int, supported: Int)
        /// The old `progress.json` could not be read or understood; the detail says why.
        case unreadableProgress(String)
        /// Review `id` cannot be taken back: it is not its card's latest review, or not
        /// in the log at all (``ReviewStore/undo(reviewID:)``).
        case notLatestReview(Int64)
        /// Anything else SQLite or the system reported, in its own words.
        case other(String)
    }

    /// The file concerned: the database, or `progress.json` for ``Kind/unreadableProgress(_:)``.
    public let path: String
    public let kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .notADatabase:
            return tr("{file} is not a Kuchi database (it is not an SQLite file); it was left as it is", ["file": path])
        case .foreign(let tables):
            let named = tables.prefix(5).map { "\"\(PrintableText.quoting($0, limit: 40))\"" }
                .joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
            return tables.isEmpty
                ? tr("{file} is another program's database, not Kuchi's (it has another program's mark); it was left as it is", ["file": path])
                : tr("{file} is another program's database, not Kuchi's (its tables are {tables}); it was left as it is", ["file": path, "tables": named])
        case .corrupt(let detail):
            return tr("{file} is damaged ({reason}); it was left as it is", ["file": path, "reason": detail])
        case .locked:
            return tr("{file} is in use by another program (is Kuchi already running?)", ["file": path])
        case .readOnly:
            return tr("{file} cannot be written: the file or its folder is read-only", ["file": path])
        case .diskFull:
            return tr("{file} could not be written: the disk is full", ["file": path])
        case .newerSchema(let found, let supported):
            return tr("{file} was written by a newer version of Kuchi (database version {found}; this version knows up to {supported}); it was left as it is", ["file": path, "found": "\(found)", "supported": "\(supported)"])
        case .unreadableProgress(let detail):
            return tr("{file} could not be imported ({reason}); it was left as it is", ["file": path, "reason": detail])
        case .notLatestReview(let id):
            return tr("review {review} in {file} cannot be taken back: it is not the last answer to its card, or no longer in the log; nothing was changed", ["review": "\(id)", "file": path])
        case .other(let detail):
            return tr("{file} could not be used: {reason}", ["file": path, "reason": detail])
        }
    }

    /// Whether the file (if it exists) and its folder can be written; `access` also sees
    /// read-only mounts and the immutable attribute, which bind even root.
    private static func isWritable(_ path: String) -> Bool {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let folderWritable = access(folder.isEmpty ? "/" : folder, W_OK) == 0
        return folderWritable && (access(path, F_OK) != 0 || access(path, W_OK) == 0)
    }

    /// Classifies a failed SQLite call on the database at `path`.
    init(path: String, _ error: SQLiteError) {
        self.path = path
        switch error.primary {
        case SQLITE_NOTADB: kind = .notADatabase
        case SQLITE_CORRUPT: kind = .corrupt(error.message)
        case SQLITE_BUSY, SQLITE_LOCKED: kind = .locked
        case SQLITE_READONLY: kind = .readOnly
        case SQLITE_FULL: kind = .diskFull
        case SQLITE_CANTOPEN, SQLITE_IOERR:
            // SQLite's "unable to open database file" says little, and its errno may come
            // from a fallback attempt (ENOENT from a read-only retry), so ask the folder.
            switch error.systemErrno {
            case EACCES, EPERM, EROFS: kind = .readOnly
            case ENOSPC, EDQUOT: kind = .diskFull
            case _ where !Self.isWritable(path): kind = .readOnly
            case 0: kind = .other(error.message)
            default: kind = .other("\(error.message): \(String(cString: strerror(error.systemErrno)))")
            }
        default: kind = .other(error.description)
        }
    }
}
