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
    /// why too. Imported decks of one name (imported twice, or two computers' different
    /// decks of one name, both kept by sync) are told apart: the first by id keeps the
    /// name, the next is "Name (2)", and so on.
    public func entries() -> [DeckEntry] {
        let builtIn = DeckEntry(id: Self.builtInID, name: Deck.kuchiBasics.name, origin: .builtIn)
        let bundled = decks(in: bundledFolder, origin: .bundled)
        let imported = decks(in: importedFolder, origin: .imported)
            .filter { entry in !bundled.contains { $0.id == entry.id } }
        return [builtIn] + bundled + Self.toldApart(imported)
    }

    /// `entries` with each name that more than one has numbered after the first (by id).
    static func toldApart(_ entries: [DeckEntry]) -> [DeckEntry] {
        var seen: [String: Int] = [:]
        var names: [String: String] = [:]
        for entry in entries.sorted(by: { $0.id < $1.id }) {
            let count = seen[entry.name, default: 0] + 1
            seen[entry.name] = count
            if count > 1 { names[entry.id] = tr("{name} ({number})", ["name": entry.name, "number": "\(count)"]) }
        }
        return entries.map { DeckEntry(id: $0.id, name: names[$0.id] ?? $0.name, origin: $0.origin) }
            .sorted { $0.name.localizedStandardCompareFallback($1.name) }
    }

    /// The deck with `id`, checked, with the learner's edits (``CardOverrides``) but
    /// those the editor would refuse, which are left out (``loadNamingEdits(id:)`` names
    /// them).
    public func load(id: String) throws(DeckError) -> Deck {
        try loadNamingEdits(id: id).deck
    }

    /// The deck with `id`, checked, with the learner's edits; and the edits left out
    /// because the editor would refuse them (an empty meaning, a reading not in kana,
    /// text a card cannot show: ``CardOverrides/Edit``), each a problem for the window's
    /// banner naming the edits file and the card. The good edits are kept either way.
    public func loadNamingEdits(id: String) throws(DeckError) -> (deck: Deck, leftOutEdits: [DeckProblem]) {
        let applied = try overrides(id: id).applied(to: loadAsShipped(id: id), file: "\(id).json")
        return (applied.deck, applied.leftOut)
    }

    /// The deck with `id` as its file has it, without the learner's overrides.
    func loadAsShipped(id: String) throws(DeckError) -> Deck {
        if id == Self.builtInID { return .kuchiBasics }
        guard Settings.isDeckIdentifier(id) else {
            throw DeckError(problems: [DeckProblem(file: id, message: tr("is not a deck Kuchi knows"))])
        }
        if let url = file(id: id) { return try DeckLoader.load(contentsOf: url, choicesPerQuestion: choicesNeeded(id: id)) }
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

    /// Reads the file at `path` as a deck (see ``DeckImporter``), copies it into the
    /// imported folder under a new id, and returns its entry and what the import
    /// brought: for an Anki package its review history (``ImportedDeck/reviews``, for
    /// the review store), the sounds now in ``mediaFolder(id:)`` and what was left out.
    ///
    /// Nothing half-imported is left: the collection is unpacked to a temporary file in
    /// ``scratchFolder`` that is always removed; the sounds go to a hidden temporary
    /// folder beside the decks; then `beforeListing` runs with the new deck's id (the
    /// app replays the package's review history there, in one transaction); only then
    /// are the sounds renamed to ``mediaFolder(id:)`` in one step and the deck file
    /// written, atomically (``AtomicFile``), which lists the deck. A failure at any
    /// step, `beforeListing`'s too, removes what the steps before made, so a deck is
    /// listed whole (cards, sounds and history) or not at all; a kill before the deck
    /// file leaves hidden folders, removed at the next start (``removeLeftovers()``),
    /// and a replay `beforeListing` committed, which it marked as the import's
    /// (``ReviewStore/importHistory(_:deck:scheduler:unlistedFile:shouldStop:)``) for
    /// the next start to take back (``ReviewStore/settleImports(isListed:)``).
    ///
    /// Meant for a thread of its own: `progress` shows how far it has come and cancels
    /// it (``ImportProgress``; a cancelled import throws, and leaves nothing behind).
    /// The new id is none of `takenIDs` either (the decks the sync folder has known,
    /// ``SyncFolder/syncedDeckIDs()``, removed ones included).
    public func `import`(
        _ path: LocalPath, mappings: [AnkiFieldMapping] = [], limits: DeckLimits = .standard,
        takenIDs: Set<String> = [], progress: ImportProgress = ImportProgress(),
        beforeListing: (_ id: String, _ imported: ImportedDeck) throws(DeckError) -> Void = { _, _ throws(DeckError) in }
    ) throws(DeckError) -> (entry: DeckEntry, imported: ImportedDeck) {
        defer { progress.begin(.finished) }
        let file = path.lastComponent.description
        func failure(_ words: String) -> DeckError {
            DeckError(problems: [DeckProblem(file: file, message: tr("could not be copied into Kuchi's decks: {reason}", ["reason": words]))])
        }
        do {
            try FileManager.default.createDirectory(
                at: importedFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw failure(tr("the folder {folder} cannot be made", ["folder": "\(LocalPath(importedFolder))"]))
        }
        removeLeftovers()
        let scratch = try makeScratchFolder(for: file)
        let imported = try DeckImporter.readUnfinished(path, mappings: mappings, limits: limits, scratch: scratch, progress: progress)
        let id = freshID(for: imported.deck.name, avoiding: takenIDs)
        let media = mediaFolder(id: id)
        var staging: URL?
        if !imported.media.isEmpty {
            let folder = importedFolder.appendingPathComponent(".\(id)\(Self.stagingMark)\(UUID().uuidString)")
            guard mkdir(folder.path, 0o700) == 0 else { throw failure(SystemError.last.words) }
            staging = folder
        }
        do {
            if let staging {
                try DeckImporter.unpackMedia(of: imported, from: path, into: LocalPath(staging), limits: limits, progress: progress)
            }
            try beforeListing(id, imported)
        } catch {
            if let staging { try? FileManager.default.removeItem(at: staging) }
            throw error
        }
        if let staging, rename(staging.path, media.path) != 0 {
            let error = SystemError.last
            try? FileManager.default.removeItem(at: staging)
            throw failure(error.words)
        }
        do {
            try AtomicFile.write(DeckFile.encode(imported.deck), to: importedFolder.appendingPathComponent("\(id).json"))
        } catch {
            try? FileManager.default.removeItem(at: media)
            throw failure(error.error.words)
        }
        return (DeckEntry(id: id, name: imported.deck.name, origin: .imported), imported)
    }

    /// Where packages are unpacked while they are read: `scratch/` in Kuchi's data
    /// folder, beside the imported decks (never the shared `/tmp`, where a file of
    /// another user's could be in the way and leftovers would be nobody's). Pass it as
    /// the `scratch` of ``DeckImporter``'s `read`, `fieldMappings` and `check`, once
    /// ``makeScratchFolder(for:)`` has made it.
    public var scratchFolder: URL { importedFolder.deletingLastPathComponent().appendingPathComponent("scratch") }

    /// Makes ``scratchFolder`` (readable by the learner only) if it is not there yet, and
    /// returns it; a refusal names `file`, the package about to be read.
    public func makeScratchFolder(for file: String) throws(DeckError) -> LocalPath {
        let folder = LocalPath(scratchFolder)
        do {
            try FileManager.default.createDirectory(
                at: scratchFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DeckError(problems: [DeckProblem(file: file, message: tr(
                "could not be unpacked: the folder {folder} cannot be made", ["folder": "\(folder)"]))])
        }
        return folder
    }

    /// Removes what an import or a check killed half-way left: unpacked collections in
    /// ``scratchFolder`` (and in the decks' folder, where an older Kuchi unpacked them),
    /// and the hidden folders of sounds not yet renamed into place. Call it at start-up
    /// and when Kuchi is asked to quit, when no import is under way; an import calls it
    /// itself before it begins.
    public func removeLeftovers() {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: importedFolder.path)) ?? []
        where name.hasPrefix(ScratchFile.prefix) || name.hasPrefix(".") && name.contains(Self.stagingMark) {
            try? manager.removeItem(at: importedFolder.appendingPathComponent(name))
        }
        for name in (try? manager.contentsOfDirectory(atPath: scratchFolder.path)) ?? [] where name.hasPrefix(ScratchFile.prefix) {
            try? manager.removeItem(at: scratchFolder.appendingPathComponent(name))
        }
    }

    /// In the name of the hidden folder an import's sounds go to first.
    static let stagingMark = ".media.import-"

    /// The folder of an imported deck's sounds (its cards' ``Challenge/audio``):
    /// `<id>.media` beside its deck file.
    public func mediaFolder(id: String) -> URL {
        importedFolder.appendingPathComponent("\(id).media")
    }

    /// Forgets an imported deck and its sounds (bundled ones stay).
    public func remove(id: String) {
        guard Settings.isDeckIdentifier(id) else { return }
        unlink(importedFolder.appendingPathComponent("\(id).json").path)
        try? FileManager.default.removeItem(at: mediaFolder(id: id))
        unlink(syncedBaseFile(id: id).path)
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

    /// An id from `name` ("JLPT N3 verbs" → "jlpt-n3-verbs") that no deck uses yet,
    /// and none of `avoiding`.
    func freshID(for name: String, avoiding: Set<String> = []) -> String {
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
        // A media folder left by a deck removed by hand keeps its id taken too.
        let taken = Set(entries().map(\.id)).union(avoiding)
            .union(((try? FileManager.default.contentsOfDirectory(atPath: importedFolder.path)) ?? [])
                .filter { $0.hasSuffix(".media") }.map { String($0.dropLast(".media".count)) })
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
