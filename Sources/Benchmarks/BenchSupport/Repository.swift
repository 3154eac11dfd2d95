import Foundation

/// The repository a benchmark was built from, for the bundled decks in `data/`.
public enum Repository {
    /// The nearest folder above `file` (the caller's source file) that holds Package.swift.
    public static func root(of file: String = #filePath) -> URL {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}
