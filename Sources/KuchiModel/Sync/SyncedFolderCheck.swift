import FoundationEssentials

/// Whether a path is inside a folder that a file synchronizer copies between computers.
///
/// Kuchi's database must never be: measured with two Syncthing instances, a live
/// SQLite database (with its -wal and -shm files, synced separately) lost reviews on
/// the first try, kept only in a conflict copy SQLite never opens.
public enum SyncedFolderCheck {
    /// The marks synchronizers leave in the top of a folder they sync, and whose.
    static let marks: [(name: String, tool: String)] = [
        (".stfolder", "Syncthing"), (".stignore", "Syncthing"), (".dropbox", "Dropbox"), (".dropbox.cache", "Dropbox"),
        (".nextcloudsync.log", "Nextcloud"), (".owncloudsync.log", "ownCloud"),
    ]

    /// The synchronizer whose mark is in the folder of `path` or any folder above it,
    /// and that folder; nil if none.
    public static func synchronizer(containing path: String) -> (tool: String, folder: String)? {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
        while true {
            if let tool = mark(in: folder.path) { return (tool, folder.path) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path || folder.path == "/" { return nil }
            folder = parent
        }
    }

    /// The synchronizer whose mark is directly in `folder`.
    static func mark(in folder: String) -> String? {
        for mark in marks where FileManager.default.fileExists(atPath: folder + "/" + mark.name) { return mark.tool }
        // Nextcloud's and ownCloud's journal: .sync_0123abcd.db (older: ._sync_….db).
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        if names.contains(where: { ($0.hasPrefix(".sync_") || $0.hasPrefix("._sync_")) && $0.hasSuffix(".db") }) {
            return "Nextcloud"
        }
        return nil
    }
}
