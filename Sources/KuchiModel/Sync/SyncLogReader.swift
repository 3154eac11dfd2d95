import FoundationEssentials

/// How far one log file has been read.
struct SyncFileMark: Sendable, Equatable {
    /// Bytes read, always up to a line's end.
    var offset: Int64 = 0
    /// Lines read (for the line numbers of problems).
    var lines = 0
    /// The last line read, by length (with its newline) and CRC-32: if the bytes before
    /// `offset` no longer end with it, the file was replaced and is read again from 0.
    var tailLength: Int64 = 0
    var tailSum: UInt32 = 0
}

/// Reads the log files of a sync folder, each from where the last read stopped.
///
/// Only complete lines are taken: the bytes after the last newline are a line still
/// being written (or arriving), left for the next read. A complete line whose checksum
/// or content is wrong is reported (``SyncProblem``) and skipped.
package struct SyncLogReader {
    /// The sync folder.
    package let folder: URL
    /// Which file names are read; every log name but in the negative control of the tests.
    package var accepts: (String) -> Bool = SyncFileName.isLog

    package init(folder: URL, accepts: @escaping (String) -> Bool = SyncFileName.isLog) {
        self.folder = folder
        self.accepts = accepts
    }

    /// The log files, as paths relative to the folder ("devices/D/log/2026-11.jsonl"),
    /// sorted.
    func logFiles() -> [String] {
        let manager = FileManager.default
        let devices = folder.appendingPathComponent("devices")
        var files: [String] = []
        for device in (try? manager.contentsOfDirectory(atPath: devices.path)) ?? [] where !SyncFileName.isTemporary(device) {
            let log = devices.appendingPathComponent(device).appendingPathComponent("log")
            for name in (try? manager.contentsOfDirectory(atPath: log.path)) ?? [] where accepts(name) {
                files.append("devices/\(device)/log/\(name)")
            }
        }
        return files.sorted()
    }

    /// The most read of one file at once: a year of daily study is a few megabytes.
    static let limit = 1 << 30

    /// What one read of a file found.
    struct Read: Sendable {
        var events: [SyncEvent] = []
        var problems: [SyncProblem] = []
        var mark: SyncFileMark
    }

    /// Reads `file` (relative to the folder) on from `mark`; a file that cannot be
    /// opened (gone since it was listed) gives nothing and keeps its mark.
    func read(_ file: String, from mark: SyncFileMark) -> Read {
        Self.read(file, in: folder, from: mark)
    }

    /// Reads `file` of `folder` on from `mark`: pure file reading and decoding, on any
    /// thread (the merge reads a large folder off the window's).
    static func read(_ file: String, in folder: URL, from mark: SyncFileMark) -> Read {
        let path = LocalPath(folder.appendingPathComponent(file))
        var start = mark
        let bytes: Data
        // The last line read must still be there, just before the mark.
        let tailStart = Int(start.offset - start.tailLength)
        if start.offset > 0, let data = try? BoundedRead.contents(of: path, from: tailStart, upTo: Self.limit),
            data.count >= Int(start.tailLength), CRC32.checksum(data.prefix(Int(start.tailLength))) == start.tailSum
        {
            bytes = data.dropFirst(Int(start.tailLength))
        } else {
            start = SyncFileMark()
            guard let data = try? BoundedRead.contents(of: path, from: 0, upTo: Self.limit) else { return Read(mark: mark) }
            bytes = data
        }
        var read = Read(mark: start)
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "\n") else { continue }
            let line = bytes[lineStart..<index]
            read.mark.lines += 1
            if !line.isEmpty {
                do throws(SyncLine.Problem) {
                    read.events.append(try SyncLine.decode(ArraySlice(line)))
                } catch {
                    read.problems.append(SyncProblem(file: file, line: read.mark.lines, reason: error.reason))
                }
            }
            let length = index + 1 - lineStart
            read.mark.offset += Int64(length)
            read.mark.tailLength = Int64(length)
            read.mark.tailSum = CRC32.checksum(bytes[lineStart...index])
            lineStart = index + 1
        }
        return read
    }
}
