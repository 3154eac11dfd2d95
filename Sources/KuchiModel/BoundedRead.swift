import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Why a file could not be read.
public struct FileReadError: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case missing
        /// Something other than a regular file: "a folder", "a named pipe", "a device".
        case notAFile(kind: String)
        case tooLarge(size: Int, limit: Int)
        case system(SystemError)
    }

    public let path: LocalPath
    public let reason: Reason

    /// What is wrong, as the end of a sentence: "it is a folder, not a file".
    public var words: String {
        switch reason {
        case .missing: "it does not exist"
        case .notAFile(let kind): "it is \(kind), not a file"
        case .tooLarge(let size, let limit):
            "it is too large (\(ByteCount.words(size)); at most \(ByteCount.words(limit)))"
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
        func failure(_ reason: FileReadError.Reason) -> FileReadError {
            FileReadError(path: path, reason: reason)
        }
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw failure(errno == ENOENT ? .missing : .system(.last))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(.system(.last)) }
        if let kind = FileKind.name(of: status.st_mode) { throw failure(.notAFile(kind: kind)) }
        if Int(status.st_size) > limit { throw failure(.tooLarge(size: Int(status.st_size), limit: limit)) }
        // A regular file never blocks; reading it in blocking mode is simpler.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var data = Data()
        // The size is known: one allocation instead of doublings that peak at twice it.
        data.reserveCapacity(min(Int(status.st_size), limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= limit {
            let wanted = min(chunk.count, limit + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(.system(.last))
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        if data.count > limit { throw failure(.tooLarge(size: data.count, limit: limit)) }
        return data
    }
}

/// Names for what can sit at a path instead of a regular file.
enum FileKind {
    /// nil for a regular file, else "a folder", "a named pipe", …
    static func name(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}

/// Sizes in words: "512 bytes", "1.5 MB".
enum ByteCount {
    static func words(_ bytes: Int) -> String {
        if bytes < 1_000 { return "\(bytes) bytes" }
        let (unit, scale) = bytes < 1_000_000 ? ("kB", 1_000) : bytes < 1_000_000_000 ? ("MB", 1_000_000) : ("GB", 1_000_000_000)
        let tenths = (bytes * 10 + scale / 2) / scale
        return tenths % 10 == 0 || tenths >= 1_000 ? "\(tenths / 10) \(unit)" : "\(tenths / 10).\(tenths % 10) \(unit)"
    }
}
