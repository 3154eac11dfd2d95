// A folder of a test's own, removed when the test is done with it: for every test
// target (KuchiModelTests, GtkKitTests, KuchiAppTests), so it imports no GTK and no
// Testing.
import Foundation

/// A new, empty folder under the system's temporary folder, removed with everything in
/// it when the last reference goes.
///
/// Keep it in a local `let` for the test's whole scope and use ``url`` inside it:
///
///     let temporaryFolder = try TemporaryFolder()
///     let directory = temporaryFolder.url
///
/// Swift ends a local's life at the end of its scope, never before a later call it
/// cannot see into (file operations are such calls), so the folder outlives the
/// test's use of it. (`try TemporaryFolder().url` alone would remove it at once.)
public final class TemporaryFolder: Sendable {
    public let url: URL

    /// Creates the folder; `label` (the calling function, by default) goes into its name,
    /// to tell a test's leftovers apart if a crash leaves them.
    public init(_ label: String = #function) throws {
        let safe = label.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("kuchi-tests-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { Self.remove(url) }

    /// Removes `url` and everything in it, giving back first the write permission a test
    /// took away from any folder inside (a read-only folder keeps its entries). For
    /// fixtures that hand a folder on and remove it themselves (`AppHarness`).
    public static func remove(_ url: URL) {
        makeWritable(url)
        try? FileManager.default.removeItem(at: url)
    }

    private static func makeWritable(_ url: URL) {
        guard let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey]),
              values.isDirectory == true, values.isSymbolicLink != true
        else { return }
        if let mode = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int,
           mode & 0o700 != 0o700 {
            try? FileManager.default.setAttributes([.posixPermissions: mode | 0o700], ofItemAtPath: url.path)
        }
        let entries = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
        for entry in entries { makeWritable(entry) }
    }
}
