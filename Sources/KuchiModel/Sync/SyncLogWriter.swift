import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Appends whole lines to this device's monthly log files, and flushes them to disk.
enum SyncLogWriter {
    /// Appends `lines` (each without its newline) to the log file `file` (relative to
    /// `folder`), creating it and its folders if missing. If the file does not end with
    /// a newline (a write cut short by a kill), one comes first, so the torn line stays
    /// alone on its line and the new ones are read.
    static func append(_ lines: [String], to file: String, in folder: URL) throws(AtomicFile.WriteError) {
        let url = folder.appendingPathComponent(file)
        let directory = url.deletingLastPathComponent()
        let path = LocalPath(url)
        if !FileManager.default.fileExists(atPath: directory.path) {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw AtomicFile.WriteError(path: LocalPath(directory), operation: trc("could not … the file", "create the folder"), error: SystemError(code: EIO))
            }
        }
        let descriptor = path.withCString { open($0, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else {
            throw AtomicFile.WriteError(path: path, operation: trc("could not … the file", "open"), error: .last)
        }
        defer { close(descriptor) }
        var text = ""
        let size = lseek(descriptor, 0, SEEK_END)
        if size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, size - 1) == 1, last != UInt8(ascii: "\n") { text = "\n" }
        }
        for line in lines { text += line + "\n" }
        try AtomicFile.writeAll(Data(text.utf8), to: descriptor, path: path)
        guard fsync(descriptor) == 0 else {
            throw AtomicFile.WriteError(path: path, operation: trc("could not … the file", "flush"), error: .last)
        }
        if size == 0 { try AtomicFile.syncDirectory(LocalPath(directory)) }
    }
}
