import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that, whatever happens, it holds either the old contents or the new.
///
/// The data goes to a temporary file in the same directory, is flushed to disk, and is
/// then renamed over the target; the directory is flushed too so the rename itself
/// survives a power cut. A failure at any point (a full disk, a read-only folder) leaves
/// the old file as it was; a crash leaves at worst a hidden temporary file, which
/// ``removeStaleTemporaryFiles(in:for:)`` clears at the next start.
public enum AtomicFile {
    /// A write that did not complete; the target file is unchanged.
    public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: LocalPath
        public let operation: String
        public let error: SystemError

        public init(path: LocalPath, operation: String, error: SystemError) {
            self.path = path
            self.operation = operation
            self.error = error
        }

        public var description: String { tr("could not {operation} {file}: {reason}", ["operation": "\(operation)", "file": "\(path)", "reason": "\(error.words)"]) }
    }

    /// Replaces the contents of `url` with `data`, creating missing parent directories
    /// with owner-only permissions (0700), or, without `creatingFolders`, failing when
    /// the folder is missing (a file a person named: ``NamedFile``).
    public static func write(_ data: Data, to url: URL, creatingFolders: Bool = true) throws(WriteError) {
        try write(data, to: url, creatingFolders: creatingFolders, beforeRename: { _ in })
    }

    /// The same, with a hook that runs after the temporary file is written and flushed
    /// and before it is renamed over `url`.
    ///
    /// A test seam: a hook that throws stands for a crash at the worst moment. The
    /// error propagates, the rename never happens and the temporary file is removed.
    public static func write(
        _ data: Data, to url: URL, creatingFolders: Bool = true, beforeRename: (URL) throws(WriteError) -> Void
    ) throws(WriteError) {
        let directory = url.deletingLastPathComponent()
        if creatingFolders { try makeDirectories(LocalPath(directory)) }
        // Hidden, and unique per write so two writers never share a temporary file.
        let temporary = directory.appendingPathComponent(temporaryPrefix(for: url.lastPathComponent) + UUID().uuidString)
        var renamed = false
        defer {
            if !renamed { unlink(temporary.path) }
        }
        try writeAndSync(data, to: LocalPath(temporary))
        try beforeRename(temporary)
        guard rename(temporary.path, url.path) == 0 else {
            throw WriteError(path: LocalPath(url), operation: trc("could not … the file", "replace"), error: .last)
        }
        renamed = true
        try syncDirectory(LocalPath(directory))
    }

    /// Removes the temporary files that writes of `names` left in `directory` when the
    /// app was killed mid-write; returns how many.
    @discardableResult
    public static func removeStaleTemporaryFiles(in directory: URL, for names: [String]) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        let prefixes = names.map(temporaryPrefix(for:))
        var removed = 0
        for entry in entries where prefixes.contains(where: entry.hasPrefix) {
            if unlink(directory.appendingPathComponent(entry).path) == 0 { removed += 1 }
        }
        return removed
    }

    private static func temporaryPrefix(for name: String) -> String { ".\(name).tmp-" }

    /// `mkdir -p` with mode 0700 for the folders it creates.
    static func makeDirectories(_ path: LocalPath) throws(WriteError) {
        var status = stat()
        if path.withCString({ stat($0, &status) }) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw WriteError(path: path, operation: trc("could not … the file", "create the folder"), error: SystemError(code: ENOTDIR))
            }
            return
        }
        let parent = path.folder
        if !parent.bytes.isEmpty, parent != path { try makeDirectories(parent) }
        guard path.withCString({ mkdir($0, 0o700) }) == 0 || errno == EEXIST else {
            throw WriteError(path: path, operation: trc("could not … the file", "create the folder"), error: .last)
        }
    }

    private static func writeAndSync(_ data: Data, to path: LocalPath) throws(WriteError) {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else {
            throw WriteError(path: path, operation: trc("could not … the file", "create"), error: .last)
        }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
        guard fsync(descriptor) == 0 else {
            throw WriteError(path: path, operation: trc("could not … the file", "flush"), error: .last)
        }
    }

    /// Writes all of `data` to the open file `descriptor` (of `path`), however many
    /// calls it takes.
    static func writeAll(_ data: Data, to descriptor: Int32, path: LocalPath) throws(WriteError) {
        var failure: SystemError?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .last
                    return
                }
                offset += written
            }
        }
        if let failure { throw WriteError(path: path, operation: trc("could not … the file", "write"), error: failure) }
    }

    /// Flushes a folder's entries to disk, so that a file created, renamed or removed
    /// in it stays so after a power cut.
    static func syncDirectory(_ path: LocalPath) throws(WriteError) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw WriteError(path: path, operation: trc("could not … the file", "open"), error: .last)
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw WriteError(path: path, operation: trc("could not … the file", "flush"), error: .last)
        }
    }
}
