import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A deck a learner can choose: built into Kuchi, bundled with it, or imported.
public struct DeckEntry: Sendable, Equatable, Identifiable {
    public enum Origin: Sendable, Equatable { case builtIn, bundled, imported }

    /// The file name without ".json" (a `Settings.isDeckIdentifier`), e.g. "jlpt-n5".
    public let id: String
    public let name: String
    public let origin: Origin
}

/// The decks to choose from: Kuchi Basics (built in), the bundled decks, and the
/// ones the learner imported, which are copied into Kuchi's data folder as Kuchi
/// decks (JSON), so they stay when the original file moves.
public struct DeckCatalog: Sendable {
    public let bundledFolder: URL?
    public let importedFolder: URL

    public init(bundledFolder: URL?, importedFolder: URL) {
        self.bundledFolder = bundledFolder
        self.importedFolder = importedFolder
    }

    /// Kuchi Basics first, then the bundled decks and the imported ones, each by name.
    /// Names come from each file's header (``DeckHeader``): the cards are not read, so
    /// listing costs the same however large the decks. A file whose header cannot be
    /// read is listed by its file name, so choosing it shows why; one whose header
    /// reads but whose cards do not load is listed by its name, and choosing it shows
    /// why too.
    public func entries() -> [DeckEntry] {
        let builtIn = DeckEntry(id: Self.builtInID, name: Deck.kuchiBasics.name, origin: .builtIn)
        let bundled = decks(in: bundledFolder, origin: .bundled)
        let imported = decks(in: importedFolder, origin: .imported)
            .filter { entry in !bundled.contains { $0.id == entry.id } }
        return [builtIn] + bundled + imported
    }

    /// The deck with `id`, checked, with the learner's edits (``CardOverrides``).
    public func load(id: String) throws(DeckError) -> Deck {
        try overrides(id: id).applied(to: loadAsShipped(id: id))
    }

    /// The deck with `id` as its file has it, without the learner's overrides.
    func loadAsShipped(id: String) throws(DeckError) -> Deck {
        if id == Self.builtInID { return .kuchiBasics }
        guard Settings.isDeckIdentifier(id) else {
            throw DeckError(problems: [DeckProblem(file: id, message: tr("is not a deck Kuchi knows"))])
        }
        if let url = file(id: id) { return try DeckLoader.load(contentsOf: url) }
        throw DeckError(problems: [DeckProblem(
            file: "\(id).json", message: tr("is no longer in Kuchi's decks; choose another deck in Settings"))])
    }

    /// The file of the deck with `id`: a bundled deck's, else an imported one's; nil
    /// for Kuchi Basics (built in) and for a deck not there.
    public func file(id: String) -> URL? {
        guard id != Self.builtInID, Settings.isDeckIdentifier(id) else { return nil }
        for folder in [bundledFolder, importedFolder].compactMap({ $0 }) {
            let url = folder.appendingPathComponent("\(id).json")
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    /// Reads the file at `path` as a deck (see `DeckImporter`), copies it into the
    /// imported folder under a new id, and returns its entry.
    public func `import`(_ path: LocalPath) throws(DeckError) -> DeckEntry {
        let deck = try DeckImporter.read(path)
        let id = freshID(for: deck.name)
        do {
            try AtomicFile.write(DeckFile.encode(deck), to: importedFolder.appendingPathComponent("\(id).json"))
        } catch {
            throw DeckError(problems: [DeckProblem(
                file: path.lastComponent.description, message: tr("could not be copied into Kuchi's decks: {reason}", ["reason": "\(error.error.words)"]))])
        }
        return DeckEntry(id: id, name: deck.name, origin: .imported)
    }

    /// Forgets an imported deck (bundled ones stay).
    public func remove(id: String) {
        guard Settings.isDeckIdentifier(id) else { return }
        unlink(importedFolder.appendingPathComponent("\(id).json").path)
    }

    static let builtInID = "kuchi-basics"

    private func decks(in folder: URL?, origin: DeckEntry.Origin) -> [DeckEntry] {
        guard let folder, let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") }.compactMap { file -> DeckEntry? in
            let id = String(file.dropLast(".json".count))
            // Kuchi Basics is built in; a file of it is not listed again.
            guard Settings.isDeckIdentifier(id), id != Self.builtInID else { return nil }
            let name = DeckHeader.read(contentsOf: folder.appendingPathComponent(file))?.name ?? file
            return DeckEntry(id: id, name: name, origin: origin)
        }
        .sorted { $0.name.localizedStandardCompareFallback($1.name) }
    }

    /// An id from `name` ("JLPT N3 verbs" → "jlpt-n3-verbs") that no deck uses yet.
    private func freshID(for name: String) -> String {
        var stem = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                stem.unicodeScalars.append(scalar)
            } else if !stem.isEmpty, stem.last != "-" {
                stem.append("-")
            }
        }
        while stem.last == "-" { stem.removeLast() }
        if stem.isEmpty || stem == Self.builtInID { stem = "imported" }
        stem = String(stem.prefix(50))
        let taken = Set(entries().map(\.id))
        var id = stem
        var number = 1
        while taken.contains(id) {
            number += 1
            id = "\(stem)-\(number)"
        }
        return id
    }
}

extension String {
    /// Name order without ICU: case-insensitive, then as written.
    fileprivate func localizedStandardCompareFallback(_ other: String) -> Bool {
        let (left, right) = (lowercased(), other.lowercased())
        return left == right ? self < other : left < right
    }
}
