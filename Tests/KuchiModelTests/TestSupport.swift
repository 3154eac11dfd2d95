import Foundation

/// Where the repository's files are, found from this source file's own path.
///
/// SwiftPM test resources would need declaring in Package.swift; reading the files in
/// place needs nothing, and works the same from the scratch package that symlinks this
/// folder (hence resolving symlinks before walking up).
enum RepositoryPaths {
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            let manifest = directory.appendingPathComponent("Package.swift").path
            let decks = directory.appendingPathComponent("data/decks").path
            if FileManager.default.fileExists(atPath: manifest), FileManager.default.fileExists(atPath: decks) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        fatalError("no directory above \(#filePath) holds Package.swift and data/decks")
    }()

    static var decks: URL { root.appendingPathComponent("data/decks") }

    static var badDecks: URL {
        root.appendingPathComponent("Tests/KuchiModelTests/Fixtures/bad-decks")
    }
}

/// A new, empty directory of its own for one test; the caller removes it.
func makeTemporaryDirectory(_ label: String = #function) throws -> URL {
    let safe = label.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("kuchi-tests-\(safe)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
