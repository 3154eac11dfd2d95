import FoundationEssentials

/// Where user files are kept.
///
/// The app passes GLib's user config and data directories with "kuchi" appended
/// (Flatpak redirects them into the sandbox); tests pass temporary directories.
public struct StorageLocation: Sendable, Equatable {
    /// Holds `profile.json` and `settings.json`.
    public var configDirectory: URL
    /// Holds the review database, imported decks, and the old `progress.json`.
    public var dataDirectory: URL

    public init(configDirectory: URL, dataDirectory: URL) {
        self.configDirectory = configDirectory
        self.dataDirectory = dataDirectory
    }

    public func url(of file: UserFile) -> URL {
        configDirectory.appendingPathComponent(file.fileName)
    }

    public var profileFile: URL { url(of: .profile) }
    public var settingsFile: URL { url(of: .settings) }
    /// Where Kuchi 0.1 counted answers; now only imported once into the review database
    /// (``ReviewStore/importLegacyProgress(from:at:)``) and otherwise left alone.
    public var progressFile: URL { dataDirectory.appendingPathComponent(Self.legacyProgressName) }

    static let legacyProgressName = "progress.json"
}
