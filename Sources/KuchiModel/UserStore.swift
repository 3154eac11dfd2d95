import FoundationEssentials

/// Reads and writes the user's files: profile and settings in the config directory,
/// progress in the data directory.
///
/// Writes go through ``AtomicFile``. A file that cannot be decoded is never overwritten
/// in place: it is renamed to `NAME.corrupt-<UTC timestamp>` beside the original, and
/// the reader is told where it went, so nothing is silently lost.
public final class UserStore: Sendable {
    public let location: StorageLocation
    private let now: @Sendable () -> Date

    /// - Parameter now: the clock used to name moved-aside files; injected for tests.
    public init(location: StorageLocation, now: @escaping @Sendable () -> Date = { Date() }) {
        self.location = location
        self.now = now
    }

    public func loadProfile() -> StoredValue<Profile> { load(Profile.self, from: location.profileFile) }
    public func loadSettings() -> StoredValue<Settings> { load(Settings.self, from: location.settingsFile) }
    public func loadProgress() -> StoredValue<Progress> { load(Progress.self, from: location.progressFile) }

    public func saveProfile(_ profile: Profile) throws { try save(profile, to: location.profileFile) }
    public func saveSettings(_ settings: Settings) throws { try save(settings, to: location.settingsFile) }
    public func saveProgress(_ progress: Progress) throws { try save(progress, to: location.progressFile) }

    /// Forgets the saved profile; nothing happens if there is none.
    public func removeProfile() throws {
        let path = location.profileFile.path
        guard FileManager.default.fileExists(atPath: path) else { return }
        try FileManager.default.removeItem(atPath: path)
    }

    private func save(_ value: some Encodable, to url: URL) throws {
        let encoder = JSONEncoder()
        // Sorted and indented: the files are small, and people do open them.
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(value), to: url)
    }

    private func load<Value: Decodable & Sendable>(_ type: Value.Type, from url: URL) -> StoredValue<Value> {
        guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            // Unreadable is not corrupt (permissions, a directory in the way): leave it.
            return .unusable(problem: "\(url.path) could not be read (\(error)); using defaults")
        }
        let reason: String
        do {
            // Parse first for the syntax error's line and column, which JSONDecoder drops.
            _ = try JSONParser.parse(data)
            return .loaded(try JSONDecoder().decode(type, from: data))
        } catch let error as JSONSyntaxError {
            reason = data.isEmpty ? "empty file" : error.describe(in: data)
        } catch {
            reason = DecodingErrorDescription.describe(error)
        }
        return .unusable(problem: moveAside(url, reason: reason))
    }

    /// Renames a corrupt file out of the way and says so.
    private func moveAside(_ url: URL, reason: String) -> String {
        let base = "\(url.path).corrupt-\(Self.timestamp(now()))"
        var destination = base
        var attempt = 1
        while FileManager.default.fileExists(atPath: destination) {
            attempt += 1
            destination = "\(base)-\(attempt)"
        }
        do {
            try FileManager.default.moveItem(atPath: url.path, toPath: destination)
            return "\(url.path) was corrupt (\(reason)); moved aside to \(destination); using defaults"
        } catch {
            return "\(url.path) was corrupt (\(reason)) and could not be moved aside "
                + "(\(error)); using defaults"
        }
    }

    /// E.g. "20261122T001500", in UTC so names sort in time order on any machine.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func digits(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.year, 4) + digits(parts.month, 2) + digits(parts.day, 2) + "T"
            + digits(parts.hour, 2) + digits(parts.minute, 2) + digits(parts.second, 2)
    }
}
