import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Two devices apart can import different decks under one id; the device whose own
/// deck lost the id keeps it under another (``SyncFolder/moveClashingDeck(id:base:scheduler:into:)``).
/// Here: which id, and the files' move.
extension DeckCatalog {
    /// The id the imported deck `id`, whose base is `base`, moves to when another deck
    /// won `id`: `id-<the first 8 hex digits of base>`, or of 16, 24 … if that is
    /// another deck's (here, or in the folder's `registers`). From the digest alone,
    /// so every device that lost with the same bytes picks the same id; a move
    /// stopped halfway finds its own id again (noted with `base`). Nil if every
    /// length is taken (it cannot happen short of a digest collision).
    func clashFreeID(for id: String, base: String, registers: [String: ReviewStore.SyncedDeck]) -> String? {
        for length in stride(from: 8, through: base.count, by: 8) {
            let suffix = "-" + base.prefix(length)
            let candidate = String(id.prefix(64 - suffix.count)) + suffix
            guard candidate != id, acceptsSyncedDeck(id: candidate) else { continue }
            if let register = registers[candidate], register.sha256 != base { continue }
            if importedFile(id: candidate) != nil, syncedBase(id: candidate) != base { continue }
            return candidate
        }
        return nil
    }

    /// Moves the sounds of the imported deck `id` to those of `newID` (one rename; not
    /// again once done): the first step of its move, before its base is put in the
    /// folder under the new id.
    func moveMedia(of id: String, to newID: String) throws(AtomicFile.WriteError) {
        let from = mediaFolder(id: id)
        let to = mediaFolder(id: newID)
        guard FileManager.default.fileExists(atPath: from.path), !FileManager.default.fileExists(atPath: to.path) else { return }
        guard rename(from.path, to.path) == 0 else {
            throw AtomicFile.WriteError(path: LocalPath(from), operation: trc("could not … the file", "replace"), error: .last)
        }
        try SyncContentFile.flushFolder(importedFolder)
    }

    /// Writes the imported deck `id`'s file, as it is here (the learner's words and edits
    /// kept), as the deck `newID`, atomically: this lists the deck `newID`. The old file
    /// stays until ``remove(id:)``, so a kill in between leaves both, never neither.
    func copyDeckFile(of id: String, to newID: String) throws(AtomicFile.WriteError) {
        let from = importedFolder.appendingPathComponent("\(id).json")
        guard let data = try? BoundedRead.contents(of: LocalPath(from), upTo: DeckLimits.standard.maximumFileSize) else {
            throw AtomicFile.WriteError(path: LocalPath(from), operation: trc("could not … the file", "read"), error: .last)
        }
        try AtomicFile.write(data, to: importedFolder.appendingPathComponent("\(newID).json"))
    }
}
