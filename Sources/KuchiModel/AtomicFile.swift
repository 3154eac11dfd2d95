import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that, whatever happens, it holds either the old contents or the new.
///
/// The data goes to a temporary file in the same directory, is flushed to disk, and is
/// then renamed over the target; the directory is flushed too so the rename itself
/// survives a power cut. A crash at any point leaves the old file intact (plus, at
/// worst, a stray hidden temporary file).
public enum AtomicFile {
    /// A write that did not complete; the target file is unchanged.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let operation: String
        public let code: Int32

        public var description: String {
            "could not \(operation) \(path): \(String(cString: strerror(code)))"
        }
    }

    /// Replaces the contents of `url` with `data`, creating missing parent directories
    /// with owner-only permissions (0700).
    public static func write(_ data: Data, to url: URL) throws {
        try write(data, to: url, beforeRename: { _ in })
    }

    /// The same, with a hook that runs after the temporary file is written and flushed
    /// and before it is renamed over `url`.
    ///
    /// A test seam: a hook that throws stands for a crash at the worst moment. The
    /// error propagates, the rename never happens and the temporary file is removed.
    public static func write(_ data: Data, to url: URL, beforeRename: (URL) throws -> Void) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: directory,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        // Hidden, and unique per write so two writers never share a temporary file.
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)")
        var renamed = false
        defer {
            if !renamed { unlink(temporary.path) }
        }
        try writeAndSync(data, to: temporary)
        try beforeRename(temporary)
        guard rename(temporary.path, url.path) == 0 else {
            throw WriteError(path: url.path, operation: "replace", code: errno)
        }
        renamed = true
        try syncDirectory(directory)
    }

    private static func writeAndSync(_ data: Data, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw WriteError(path: url.path, operation: "create", code: errno)
        }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(path: url.path, operation: "write", code: errno)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else {
            throw WriteError(path: url.path, operation: "flush", code: errno)
        }
    }

    private static func syncDirectory(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw WriteError(path: url.path, operation: "open", code: errno)
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw WriteError(path: url.path, operation: "flush", code: errno)
        }
    }
}
