internal import CGtk
import FoundationEssentials

/// The file behind ``AppStorageStore``: read whole, written whole, atomically and
/// durably (GLib writes a temporary file, syncs it and renames it over the old one).
enum SettingsFile {
    /// `$XDG_CONFIG_HOME/<app id>/app-storage.json` (`~/.config/…` without the
    /// variable); the app id is the running GApplication's, or the program's name.
    @MainActor
    static var standardPath: String {
        let config = String(cString: g_get_user_config_dir())
        var id = "gtkkit-app"
        if let app = g_application_get_default(), let appID = g_application_get_application_id(app) {
            id = String(cString: appID)
        } else if let name = g_get_prgname() {
            id = String(cString: name)
        }
        return "\(config)/\(id)/app-storage.json"
    }

    /// The file's bytes; nil when there is no file.
    static func read(_ path: String) throws -> Data? {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(path, &contents, &length, &error) != 0 else {
            defer { g_error_free(error) }
            if let error, error.pointee.domain == g_file_error_quark(), error.pointee.code == G_FILE_ERROR_NOENT.rawValue {
                return nil
            }
            throw SettingsFileError(path: path, message: error.map { String(cString: $0.pointee.message) } ?? "unreadable")
        }
        defer { g_free(contents) }
        return contents.map { Data(bytes: $0, count: Int(length)) } ?? Data()
    }

    /// Replaces the file with `data`, making its folder if need be.
    static func write(_ data: Data, to path: String) throws {
        let folder = g_path_get_dirname(path)
        defer { g_free(folder) }
        g_mkdir_with_parents(folder, 0o700)
        var error: UnsafeMutablePointer<GError>?
        let flags = GFileSetContentsFlags(G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
        let written = data.withUnsafeBytes { bytes in
            g_file_set_contents_full(
                path, bytes.baseAddress?.assumingMemoryBound(to: gchar.self), gssize(bytes.count), flags, 0o600, &error)
        }
        guard written != 0 else {
            defer { g_error_free(error) }
            throw SettingsFileError(path: path, message: error.map { String(cString: $0.pointee.message) } ?? "unwritable")
        }
    }
}

/// A settings file could not be read or written.
struct SettingsFileError: Error, CustomStringConvertible {
    let path: String
    let message: String
    var description: String { "\(path): \(message)" }
}
