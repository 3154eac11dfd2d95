import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Why a file could not be read.
public struct FileReadError: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case missing
        /// Something other than a regular file: tr("a folder"), tr("a named pipe"), tr("a device").
        case notAFile(kind: String)
        case tooLarge(size: Int, limit: Int)
        case system(SystemError)
    }

    public let path: LocalPath
    public let reason: Reason

    /// What is wrong, as the end of a sentence: "it is a folder, not a file".
    public var words: String {
        switch reason {
        case .missing: tr("it does not exist")
        case .notAFile(let kind): tr("it is {kind}, not a file", ["kind": "\(kind)"])
        case .tooLarge(let size, let limit):
            tr("it is too large ({size}; at most {limit})", ["size": "\(ByteCount.words(size))", "limit": "\(ByteCount.words(limit))"])
        case .system(let error): error.words
        }
    }
}

/// Reads regular files only, and at most a limit, so that nothing on disk can hang the
/// app or exhaust its memory.
///
/// A named pipe would block `open(2)` forever and a device never ends; a file can grow
/// after it was measured. The file is opened without blocking, checked to be a regular
/// file, and read up to one byte past the limit.
public enum BoundedRead {
    public static func contents(of path: LocalPath, upTo limit: Int) throws(FileReadError) -> Data {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        if size > limit { throw FileReadError(path: path, reason: .tooLarge(size: size, limit: limit)) }
        // The size is known: one allocation instead of doublings that peak at twice it.
        let data = try read(descriptor, path: path, from: 0, upTo: limit + 1, expected: min(size, limit) + 1)
        if data.count > limit { throw FileReadError(path: path, reason: .tooLarge(size: data.count, limit: limit)) }
        return data
    }

    /// The size of the regular file at `path`, without opening it; nil for anything
    /// else (missing, a folder, a pipe…).
    public static func size(of path: LocalPath) -> Int? {
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0, FileKind.name(of: status.st_mode) == nil else { return nil }
        return Int(status.st_size)
    }

    /// At most `count` bytes from the start of the regular file at `path` and, when
    /// the file is longer, a way to read at most `count` from its end; either way at
    /// most `count` bytes are read at a time, however large the file.
    public static func ends(of path: LocalPath, count: Int) throws(FileReadError) -> FileEnds {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        let head = try read(descriptor, path: path, from: 0, upTo: count, expected: min(size, count))
        return FileEnds(path: path, head: head, size: size, count: count)
    }

    /// The first and last bytes of a file (``ends(of:count:)``).
    public struct FileEnds: Sendable {
        public let path: LocalPath
        /// The file's first bytes: all of it when ``isWhole``.
        public let head: Data
        /// The file's size when it was opened.
        public let size: Int
        let count: Int

        /// Whether ``head`` is the whole file.
        public var isWhole: Bool { head.count < count || size <= head.count }

        /// The last bytes of the file (at most as many as the head), read now; the
        /// offset of their first byte in the file.
        public func tail() throws(FileReadError) -> (data: Data, offset: Int) {
            let (descriptor, size) = try BoundedRead.openRegularFile(path)
            defer { close(descriptor) }
            let offset = max(size - count, 0)
            return (try BoundedRead.read(descriptor, path: path, from: offset, upTo: count, expected: size - offset), offset)
        }
    }

    /// Opens `path` for reading if it is a regular file (never blocking on a pipe or a
    /// device); returns the descriptor, to be closed by the caller, and the file's size.
    ///
    /// The one rule for every file Kuchi reads that a stranger may have made: a deck, a
    /// text of notes, and an Anki package, which is opened here and handed to libarchive
    /// as a descriptor (``ZipArchiveReader``), so no library ever opens a named pipe.
    static func openRegularFile(_ path: LocalPath) throws(FileReadError) -> (Int32, Int) {
        func failure(_ reason: FileReadError.Reason) -> FileReadError {
            FileReadError(path: path, reason: reason)
        }
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw failure(errno == ENOENT ? .missing : .system(.last))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = failure(.system(.last))
            close(descriptor)
            throw error
        }
        if let kind = FileKind.name(of: status.st_mode) {
            close(descriptor)
            throw failure(.notAFile(kind: kind))
        }
        // A regular file never blocks; reading it in blocking mode is simpler.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return (descriptor, Int(status.st_size))
    }

    /// The bytes of the regular file at `path` from `offset` on, at most `limit`: a log
    /// read on from where the last read stopped.
    static func contents(of path: LocalPath, from offset: Int, upTo limit: Int) throws(FileReadError) -> Data {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        return try read(descriptor, path: path, from: offset, upTo: limit, expected: min(size - offset, limit))
    }

    /// Reads from `offset` until `limit` bytes or the end of the file (which may have
    /// grown or shrunk since it was measured); `expected` is the capacity reserved.
    private static func read(
        _ descriptor: Int32, path: LocalPath, from offset: Int, upTo limit: Int, expected: Int
    ) throws(FileReadError) -> Data {
        var data = Data()
        data.reserveCapacity(max(expected, 0))
        var chunk = [UInt8](repeating: 0, count: min(1 << 16, max(limit, 1)))
        while data.count < limit {
            let wanted = min(chunk.count, limit - data.count)
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset + data.count)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: .system(.last))
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        return data
    }
}

/// Names for what can sit at a path instead of a regular file.
enum FileKind {
    /// nil for a regular file, else tr("a folder"), tr("a named pipe"), …
    static func name(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: tr("a folder")
        case S_IFIFO: tr("a named pipe")
        case S_IFCHR, S_IFBLK: tr("a device")
        case S_IFSOCK: tr("a socket")
        default: tr("a special file")
        }
    }
}

/// Sizes in words, in the binary units the README states limits in: "512 bytes",
/// "1.5 KiB", "32 MiB", "1 GiB" (a limit of `32 << 20` reads "32 MiB", never "34 MB").
enum ByteCount {
    static func words(_ bytes: Int) -> String {
        if bytes < 1 << 10 { return "\(bytes) bytes" }
        let (unit, scale) = bytes < 1 << 20 ? ("KiB", 1 << 10) : bytes < 1 << 30 ? ("MiB", 1 << 20) : ("GiB", 1 << 30)
        let tenths = (bytes * 10 + scale / 2) / scale
        return tenths % 10 == 0 || tenths >= 1_000 ? "\(tenths / 10) \(unit)" : "\(tenths / 10).\(tenths % 10) \(unit)"
    }
}
