import CArchiveLoader
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A zip file read entry by entry through libarchive: with ``ZstdDecoder``, the only
/// code that touches a C API for Anki packages. libarchive is loaded the first time a
/// package is opened (`CArchiveLoader`), not at every start.
///
/// Untrusted input: an entry is read in chunks and the caller's limit is counted as
/// the bytes come, never taken from the entry's header (a zip bomb's header may say
/// anything). The package is opened by ``BoundedRead``'s rule for strangers' files
/// (a regular file, opened without blocking) and handed to libarchive as a descriptor,
/// so a named pipe or a device called `.apkg` is refused before libarchive sees it.
/// Not `Sendable`: one reader, one thread.
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

    /// Why a package could not be opened: it is no regular file, or it cannot be read
    /// (``BoundedRead``'s words), or libarchive cannot start reading it.
    enum OpenFailure: Error {
        case file(FileReadError)
        case archive(Failure)
    }

    /// How much is read from an entry at a time.
    static let chunkSize = 64 << 10

    private let handle: OpaquePointer
    /// The package's descriptor: libarchive reads it but leaves closing it to us.
    private let descriptor: Int32
    /// The package's size in bytes when it was opened.
    let size: Int

    init(path: LocalPath) throws(OpenFailure) {
        let size: Int
        do {
            (descriptor, size) = try BoundedRead.openRegularFile(path)
        } catch {
            throw .file(error)
        }
        self.size = size
        var loadError: UnsafePointer<CChar>?
        guard kuchi_archive_load(&loadError) != 0 else {
            close(descriptor)
            let reason = loadError.map { String(cString: $0) } ?? ""
            throw .archive(Failure(message: tr("libarchive could not be loaded ({reason})", ["reason": reason])))
        }
        guard let handle = kuchi_archive_read_new() else {
            close(descriptor)
            throw .archive(Failure(message: tr("out of memory")))
        }
        self.handle = handle
        kuchi_archive_read_support_format_zip(handle)
        let code = kuchi_archive_read_open_fd(handle, descriptor, Self.chunkSize)
        guard code == ARCHIVE_OK || code == ARCHIVE_WARN else { throw .archive(failure()) }
    }

    deinit {
        kuchi_archive_read_free(handle)
        close(descriptor)
    }

    /// How many of the package's bytes libarchive has read so far, for progress.
    var bytesRead: Int { Int(kuchi_archive_filter_bytes(handle, -1)) }

    /// The next entry, or nil after the last.
    func next() throws(Failure) -> Entry? {
        var entry: OpaquePointer?
        let code = kuchi_archive_read_next_header(handle, &entry)
        if code == ARCHIVE_EOF { return nil }
        guard code == ARCHIVE_OK || code == ARCHIVE_WARN, let entry else { throw failure() }
        let name = kuchi_archive_entry_pathname_utf8(entry) ?? kuchi_archive_entry_pathname(entry)
        let type = kuchi_archive_entry_filetype(entry)
        return Entry(name: name.map { String(cString: $0) } ?? "", isRegularFile: type == 0o100000)
    }

    /// Hands the current entry's bytes to `consume`, at most ``chunkSize`` at a time,
    /// until the entry ends or `consume` throws (a limit reached).
    func read(_ consume: (Data) throws(PackageEntryError) -> Void) throws(PackageEntryError) {
        var buffer = Data(count: Self.chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                kuchi_archive_read_data(handle, bytes.baseAddress, bytes.count)
            }
            if count == 0 { return }
            guard count > 0 else { throw .damaged(failure().message) }
            try consume(buffer.prefix(count))
        }
    }

    private func failure() -> Failure {
        Failure(message: kuchi_archive_error_string(handle).map { String(cString: $0) } ?? tr("unknown error"))
    }
}
