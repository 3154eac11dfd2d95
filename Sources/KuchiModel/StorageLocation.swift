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

    public func url(of file: UserFile) -> URL {
        (file == .progress ? dataDirectory : configDirectory).appendingPathComponent(file.fileName)
    }

    public var profileFile: URL { url(of: .profile) }
    public var settingsFile: URL { url(of: .settings) }
    public var progressFile: URL { url(of: .progress) }
}
