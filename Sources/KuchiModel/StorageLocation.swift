import FoundationEssentials

/// Where user files are kept.
///
/// The app passes GLib's user config and data directories with "kuchi" appended
/// (Flatpak redirects them into the sandbox); tests pass temporary directories.
public struct StorageLocation: Sendable, Equatable {
    /// Holds `profile.json` and `settings.json`.
    public var configDirectory: URL
    /// Holds `progress.json`.
    public var dataDirectory: URL

    public init(configDirectory: URL, dataDirectory: URL) {
        self.configDirectory = configDirectory
        self.dataDirectory = dataDirectory
    }

    public var profileFile: URL { configDirectory.appendingPathComponent("profile.json") }
    public var settingsFile: URL { configDirectory.appendingPathComponent("settings.json") }
    public var progressFile: URL { dataDirectory.appendingPathComponent("progress.json") }
}
