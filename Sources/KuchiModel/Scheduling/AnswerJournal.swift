import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// An answer given while the review store could not save it (the database locked by
/// another program, the disk full, the folder read-only): what is needed to save it
/// later as the review it would have been, at the time it was given.
public struct PendingAnswer: Sendable, Equatable {
    public var card: CardID
    public var rating: FSRSRating
    /// When it was given; it is saved with this time, however late.
    public var time: Date
    public var answerTime: Duration

    public init(card: CardID, rating: FSRSRating, time: Date, answerTime: Duration) {
        self.card = card
        self.rating = rating
        self.time = time
        self.answerTime = answerTime
    }
}

/// The answers waiting to be saved, one line each, appended to a small file beside the
/// database, so that quitting (or a crash) while the database cannot be written loses
/// none of them: the next start saves them.
///
/// Each line is a JSON object, written with one `write` and flushed to disk before
/// ``append(_:)`` returns, so a kill loses at most the line being written; such a torn
/// last line is ignored on reading. A line that is complete but cannot be read is
/// reported with the file and its line number, and the file is then moved aside rather
/// than removed, so nothing in it is lost.
struct AnswerJournal {
    let path: LocalPath

    /// The journal of the database at `databasePath`: "kuchi.sqlite3.pending".
    init(databasePath: String) {
        path = LocalPath(databasePath + ".pending")
    }

    /// Far more than a learner answers while a database stays unwritable.
    static let sizeLimit = 16 << 20

    /// Appends `answer` as one line and flushes it to disk; returns where the line
    /// begins (see ``takeBack(_:at:)``).
    @discardableResult
    func append(_ answer: PendingAnswer) throws(AtomicFile.WriteError) -> Int64 {
        let existed = path.withCString { access($0, F_OK) } == 0
        let descriptor = path.withCString { open($0, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw AtomicFile.WriteError(path: path, operation: trc("could not … the file", "create"), error: .last) }
        defer { close(descriptor) }
        let size = lseek(descriptor, 0, SEEK_END)
        var line = Data()
        // A line torn by an earlier kill is ended first, so it spoils only itself.
        var last: UInt8 = 0
        if size > 0, pread(descriptor, &last, 1, size - 1) == 1, last != UInt8(ascii: "\n") {
            line.append(UInt8(ascii: "\n"))
        }
        let start = Int64(size) + Int64(line.count)
        line.append(Self.line(answer))
        do throws(AtomicFile.WriteError) {
            try AtomicFile.writeAll(line, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else {
                throw AtomicFile.WriteError(path: path, operation: trc("could not … the file", "flush"), error: .last)
            }
        } catch {
            // A half-written line (the disk filled up mid-way) is taken back, and a
            // journal this write created is not left behind empty.
            if !existed {
                _ = path.withCString { unlink($0) }
            } else if size >= 0 {
                _ = ftruncate(descriptor, size)
            }
            throw error
        }
        if !existed {
            try AtomicFile.syncDirectory(path.folder)
        }
        return start
    }

    /// Takes back `answer`, the journal's last line, which ``append(_:)`` wrote at
    /// `offset`: the file is cut back to that offset and flushed to disk (as a failed
    /// append is cut back), and removed if nothing is left. Returns false, changing
    /// nothing, if the journal does not end with that line (someone else changed it); a
    /// journal that is gone holds no line to take back.
    ///
    /// Cutting needs no space on a full disk and no write access to the folder, the very
    /// times answers wait, and a kill leaves the line either there or gone.
    func takeBack(_ answer: PendingAnswer, at offset: Int64) throws(AtomicFile.WriteError) -> Bool {
        let descriptor = path.withCString { open($0, O_RDWR | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            if errno == ENOENT { return true }
            throw AtomicFile.WriteError(path: path, operation: trc("could not … the file", "open"), error: .last)
        }
        defer { close(descriptor) }
        let line = Self.line(answer)
        var found = [UInt8](repeating: 0, count: line.count)
        guard offset >= 0, lseek(descriptor, 0, SEEK_END) == offset + Int64(line.count),
              pread(descriptor, &found, line.count, off_t(offset)) == line.count, Data(found) == line
        else { return false }
        guard ftruncate(descriptor, off_t(offset)) == 0 else {
            throw AtomicFile.WriteError(path: path, operation: trc("could not … the file", "cut"), error: .last)
        }
        guard fsync(descriptor) == 0 else { throw AtomicFile.WriteError(path: path, operation: trc("could not … the file", "flush"), error: .last) }
        if offset == 0 { remove() }
        return true
    }

    /// The answers in the journal, in the order they were given, and what could not be
    /// read (file and line named). A missing journal holds none.
    func read() -> (answers: [PendingAnswer], problems: [String]) {
        let data: Data
        do {
            data = try BoundedRead.contents(of: path, upTo: Self.sizeLimit)
        } catch {
            if error.reason == .missing { return ([], []) }
            return ([], [tr("The answers waiting to be saved in {file} could not be read: {reason}.", ["file": "\(path)", "reason": "\(error.words)"])])
        }
        var answers: [PendingAnswer] = []
        var problems: [String] = []
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            // The last line is unfinished when the file does not end with a newline: a
            // write cut short by a kill, never acknowledged, so not an answer given.
            if index == lines.count - 1 { break }
            if let answer = Self.decode(Data(line)) {
                answers.append(answer)
            } else {
                problems.append(tr("{file}, line {line}: not an answer Kuchi can read; the file is kept", ["file": "\(path)", "line": "\(index + 1)"]))
            }
        }
        return (answers, problems)
    }

    /// Removes the journal once every answer in it is saved.
    func remove() {
        guard path.withCString({ unlink($0) }) == 0 else { return }
        try? AtomicFile.syncDirectory(path.folder)
    }

    /// Renames the journal aside as "….pending.corrupt-<UTC time>", named as a damaged
    /// profile is (it held lines that could not be read); returns the new name, or nil
    /// if it could not be renamed.
    func moveAside(at time: Date) -> LocalPath? {
        let destination = UserStore.asidePath(for: path, at: time)
        let moved = path.withCString { from in destination.withCString { rename(from, $0) } } == 0
        return moved ? destination : nil
    }

    private struct Line: Codable {
        var deck: String
        var question: String
        var rating: Int
        /// Milliseconds since 1970, as in the database.
        var time: Int64
        var answerMilliseconds: Int64
    }

    /// `answer` as the journal keeps it: its JSON and a newline.
    private static func line(_ answer: PendingAnswer) -> Data {
        encode(answer) + [UInt8(ascii: "\n")]
    }

    private static func encode(_ answer: PendingAnswer) -> Data {
        let line = Line(
            deck: answer.card.deck, question: answer.card.question, rating: answer.rating.rawValue,
            time: answer.time.storeMilliseconds, answerMilliseconds: answer.answerTime.storeMilliseconds)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, integers: encoding cannot fail; an empty object would only be skipped.
        return (try? encoder.encode(line)) ?? Data("{}".utf8)
    }

    private static func decode(_ data: Data) -> PendingAnswer? {
        guard UTF8Validation.firstInvalidByte(in: data) == nil,
              let line = try? JSONDecoder().decode(Line.self, from: data),
              let rating = FSRSRating(rawValue: line.rating)
        else { return nil }
        return PendingAnswer(
            card: CardID(deck: line.deck, question: line.question), rating: rating,
            time: Date(storeMilliseconds: line.time), answerTime: Duration(storeMilliseconds: max(line.answerMilliseconds, 0)))
    }
}
