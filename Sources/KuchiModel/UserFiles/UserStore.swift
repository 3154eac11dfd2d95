import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes the user's files: profile and settings in the config directory.
/// (Answers are reviews in the ``ReviewStore``.)
///
/// Writes go through ``AtomicFile``. A file that cannot be used (not JSON, empty, not
/// UTF-8, too large, a folder or a pipe in its place, unreadable) is never overwritten in
/// place: it is renamed to `NAME.corrupt-<UTC timestamp>` beside the original, and the
/// reader is told where it went, so nothing is silently lost. When even that rename
/// fails, the problem says the file stays in place and must not be saved over.
public final class UserStore: Sendable {
    public let location: StorageLocation
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - location: where the profile, the settings and the old progress file are.
    ///   - now: the clock used to name moved-aside files; injected for tests.
    public init(location: StorageLocation, now: @escaping @Sendable () -> Date = { Date() }) {
        self.location = location
        self.now = now
    }

    public func loadProfile() -> StoredValue<Profile> { load(Profile.self, .profile) }
    public func loadSettings() -> StoredValue<Settings> { load(Settings.self, .settings) }

    public func saveProfile(_ profile: Profile) throws(AtomicFile.WriteError) { try save(profile, .profile) }
    public func saveSettings(_ settings: Settings) throws(AtomicFile.WriteError) { try save(settings, .settings) }

    /// Forgets the saved profile; nothing happens if there is none.
    public func removeProfile() throws(AtomicFile.WriteError) {
        let path = location.url(of: .profile).path
        guard unlink(path) == 0 || errno == ENOENT else {
            throw AtomicFile.WriteError(path: LocalPath(path), operation: trc("could not … the file", "remove"), error: .last)
        }
    }

    /// Removes temporary files that a write interrupted by a crash left behind.
    @discardableResult
    public func removeStaleTemporaryFiles() -> Int {
        let config = AtomicFile.removeStaleTemporaryFiles(
            in: location.configDirectory, for: [UserFile.profile.fileName, UserFile.settings.fileName])
        // Kuchi 0.1 wrote progress.json this way too.
        let data = AtomicFile.removeStaleTemporaryFiles(
            in: location.dataDirectory, for: [StorageLocation.legacyProgressName])
        return config + data
    }

    private func save(_ value: some Encodable, _ file: UserFile) throws(AtomicFile.WriteError) {
        let encoder = JSONEncoder()
        // Sorted and indented: the files are small, and people do open them.
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let url = location.url(of: file)
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            // Kuchi's own values always encode; say so plainly rather than trap.
            throw AtomicFile.WriteError(path: LocalPath(url), operation: trc("could not … the file", "encode"), error: SystemError(code: EINVAL))
        }
        try AtomicFile.write(data, to: url)
    }

    private func load<Value: Decodable & Sendable>(_ type: Value.Type, _ file: UserFile) -> StoredValue<Value> {
        let path = LocalPath(location.url(of: file))
        let data: Data
        do {
            data = try BoundedRead.contents(of: path, upTo: file.sizeLimit)
        } catch {
            if error.reason == .missing { return .missing }
            return .unusable(problem: moveAside(file, path, reason: error.words))
        }
        do {
            // JSON is UTF-8 (RFC 8259), but the decoder lets other bytes through in
            // the values of keys it skips; check first, which is cheap.
            guard UTF8Validation.firstInvalidByte(in: data) == nil else { throw InvalidText() }
            return .loaded(try JSONDecoder().decode(type, from: data))
        } catch {
            return .unusable(problem: moveAside(file, path, reason: Self.reason(for: error, in: data)))
        }
    }

    /// Why `data` did not decode, in words. Only a failed file pays for the strict
    /// parse, which finds the line and column that the decoder does not report.
    static func reason(for error: any Error, in data: Data) -> String {
        if data.isEmpty { return tr("it is empty") }
        do {
            _ = try JSONParser.parse(data)
        } catch {
            return error.words(in: data)
        }
        return DecodingErrorDescription.describe(error)
    }

    private struct InvalidText: Error {}

    /// Renames an unusable file out of the way and says so.
    private func moveAside(_ file: UserFile, _ path: LocalPath, reason: String) -> UserFileProblem {
        let destination = Self.asidePath(for: path, at: now())
        let opening = tr("The file with {title}, {file}, could not be used: {reason}.", ["title": file.title, "file": "\(path)", "reason": reason])
        guard path.withCString({ from in destination.withCString { rename(from, $0) } }) == 0 else {
            let failure = SystemError.last
            return UserFileProblem(
                file: file, path: path,
                message: opening + " " + tr("Kuchi could not move it aside either ({reason}), so it {fallback} and will not save over it. Move or repair the file, then start Kuchi again.", ["reason": failure.words, "fallback": file.fallbackWords]),
                keepsFileInPlace: true)
        }
        let aside = destination.lastComponent
        return UserFileProblem(
            file: file, path: path,
            message: opening + " " + tr("Kuchi moved it aside to {file}, in the same folder, and {fallback}. Nothing was deleted.", ["file": "\(aside)", "fallback": file.fallbackWords]),
            keepsFileInPlace: false)
    }

    /// Where a damaged file at `path` is moved aside: "NAME.corrupt-<UTC time>", with
    /// "-2", "-3"… after it when that name is taken, so nothing moved aside earlier is
    /// replaced.
    static func asidePath(for path: LocalPath, at time: Date) -> LocalPath {
        let base = LocalPath(bytes: path.bytes + Array(".corrupt-\(timestamp(time))".utf8))
        var destination = base
        var attempt = 1
        var status = stat()
        while destination.withCString({ lstat($0, &status) }) == 0 {
            attempt += 1
            destination = LocalPath(bytes: base.bytes + Array("-\(attempt)".utf8))
        }
        return destination
    }

    /// E.g. "20261122T001500", in UTC so names sort in time order on any machine.
    // NB: gmtime_r, not Calendar: the app links FoundationEssentials only, whose
    // TimeZone(identifier: "UTC") is nil.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "\(seconds)" }
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "T"
            + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2)
    }
}
