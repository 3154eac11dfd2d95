import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Appends whole lines to this device's monthly log files, and flushes them to disk.
enum SyncLogWriter {
    /// Appends `lines` (each without its newline) to the log file `file` (relative to
    /// `folder`), creating it and its folders if missing. If the file does not end with
    /// a newline (a write cut short by a kill), one comes first, so the torn line stays
    /// alone on its line and the new ones are read. The first of `lines` already at the
    /// file's end are not written again: an earlier append of the same lines that was
    /// killed before its outbox was emptied (each line has its event's random id, so
    /// no other line matches).
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
        var written = 0
        let size = lseek(descriptor, 0, SEEK_END)
        if size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, size - 1) == 1, last != UInt8(ascii: "\n") { text = "\n" }
            written = linesAtEnd(of: descriptor, size: size, among: lines)
        }
        for line in lines.dropFirst(written) { text += line + "\n" }
        if written < lines.count { try AtomicFile.writeAll(Data(text.utf8), to: descriptor, path: path) }
        // Even when every line was there: the killed append may not have flushed them.
        guard fsync(descriptor) == 0 else {
            throw AtomicFile.WriteError(path: path, operation: trc("could not … the file", "flush"), error: .last)
        }
        if size == 0 { try AtomicFile.syncDirectory(LocalPath(directory)) }
    }

    /// How many of the first of `lines` end the file's complete lines (what follows its
    /// last newline, a line torn by a kill, left out); 0 when they do not. In one pass
    /// over them, whatever their number (an outbox can hold a long history's lines): the
    /// file's last complete line is found among `lines` (each has its event's own id, so
    /// it matches at most one), then the lines before it are compared with the file's.
    private static func linesAtEnd(of descriptor: Int32, size: off_t, among lines: [String]) -> Int {
        let lengths = lines.map { $0.utf8.count + 1 }
        let length = min(Int(size), lengths.reduce(0, +) + (lengths.max() ?? 0) + 1)
        var tail = [UInt8](repeating: 0, count: length)
        guard pread(descriptor, &tail, length, size - off_t(length)) == length else { return 0 }
        // The bytes after the last newline are a line cut short, not one of these.
        guard let end = tail.lastIndex(of: UInt8(ascii: "\n")) else { return 0 }
        let complete = tail[...end]
        let lastStart = complete.dropLast().lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? complete.startIndex
        let last = complete[lastStart..<end]
        guard let index = lines.firstIndex(where: { $0.utf8.elementsEqual(last) }) else { return 0 }
        let wanted = Array(lines[...index].map { $0 + "\n" }.joined().utf8)
        guard complete.count >= wanted.count, complete.suffix(wanted.count).elementsEqual(wanted) else { return 0 }
        let before = complete.count - wanted.count
        // A whole line: the file starts there, or a newline comes before it.
        let whole = before > 0 ? complete[complete.startIndex + before - 1] == UInt8(ascii: "\n") : length == Int(size)
        return whole ? index + 1 : 0
    }
}
