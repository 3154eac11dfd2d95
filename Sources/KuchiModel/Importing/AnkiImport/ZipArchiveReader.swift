import CArchive
import FoundationEssentials

/// A zip file read entry by entry through libarchive: with ``ZstdDecoder``, the only
/// code that touches a C API for Anki packages.
///
/// Untrusted input: an entry is read in chunks and the caller's limit is counted as
/// the bytes come, never taken from the entry's header (a zip bomb's header may say
/// anything). Not `Sendable`: one reader, one thread.
final class ZipArchiveReader {
    /// One entry's name, and whether it is a regular file (a symbolic link or a folder
    /// is never read).
    struct Entry {
        let name: String
        let isRegularFile: Bool
    }

    /// Why libarchive stopped, in its words ("Truncated ZIP file data").
    struct Failure: Error {
        let message: String
    }

    /// How much is read from an entry at a time.
    static let chunkSize = 64 << 10

    private let handle: OpaquePointer

    init(path: LocalPath) throws(Failure) {
        guard let handle = archive_read_new() else { throw Failure(message: tr("out of memory")) }
        self.handle = handle
        archive_read_support_format_zip(handle)
        let code = path.withCString { archive_read_open_filename(handle, $0, Self.chunkSize) }
        guard code == ARCHIVE_OK || code == ARCHIVE_WARN else { throw failure() }
    }

    deinit {
        archive_read_free(handle)
    }

    /// The next entry, or nil after the last.
    func next() throws(Failure) -> Entry? {
        var entry: OpaquePointer?
        let code = archive_read_next_header(handle, &entry)
        if code == ARCHIVE_EOF { return nil }
        guard code == ARCHIVE_OK || code == ARCHIVE_WARN, let entry else { throw failure() }
        let name = archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry)
        let type = archive_entry_filetype(entry)
        return Entry(name: name.map { String(cString: $0) } ?? "", isRegularFile: type == 0o100000)
    }

    /// Hands the current entry's bytes to `consume`, at most ``chunkSize`` at a time,
    /// until the entry ends or `consume` throws (a limit reached).
    func read(_ consume: (Data) throws(PackageEntryError) -> Void) throws(PackageEntryError) {
        var buffer = Data(count: Self.chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                archive_read_data(handle, bytes.baseAddress, bytes.count)
            }
            if count == 0 { return }
            guard count > 0 else { throw .damaged(failure().message) }
            try consume(buffer.prefix(count))
        }
    }

    private func failure() -> Failure {
        Failure(message: archive_error_string(handle).map { String(cString: $0) } ?? tr("unknown error"))
    }
}
