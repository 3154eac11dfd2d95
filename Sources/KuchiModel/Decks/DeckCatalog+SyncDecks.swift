import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Imported decks that came through the sync folder: installed into the imported
/// folder as an import leaves them, through the same checks.
extension DeckCatalog {
    /// Whether a deck register may name `id`: an imported deck's id, not Kuchi Basics,
    /// My Words (its words sync one by one) or a bundled deck.
    func acceptsSyncedDeck(id: String) -> Bool {
        guard Settings.isDeckIdentifier(id), id != Self.builtInID, id != Self.ownWordsID else { return false }
        guard let bundledFolder else { return true }
        return !FileManager.default.fileExists(atPath: bundledFolder.appendingPathComponent("\(id).json").path)
    }

    /// The imported deck `id`'s file, if it is there (not a bundled one's).
    func importedFile(id: String) -> URL? {
        let url = importedFolder.appendingPathComponent("\(id).json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The digest of the folder's deck file that the imported deck `id`'s copy here
    /// was installed from or sent as: its base. The copy itself holds the learner's
    /// words and edits on top (``applySyncedCards(_:)``), so its own digest differs from
    /// the base's, and a merge compares the folder's register with this instead. Nil
    /// when not noted (a deck from before, a failed write): the merge then compares
    /// the file's own digest, and at worst installs the base again, which the words
    /// and edits are applied on once more.
    func syncedBase(id: String) -> String? {
        syncedBaseNote(id: id)?.sha256
    }

    /// Notes `sha256` as the base of the imported deck `id` (see ``syncedBase(id:)``);
    /// `own`: this device sent it, as its own import (see ``ownBase(id:)``).
    func noteSyncedBase(_ sha256: String, id: String, own: Bool = false) {
        try? AtomicFile.write(Data((own ? "\(sha256) \(Self.ownMark)" : sha256).utf8), to: syncedBaseFile(id: id))
    }

    /// The base of the imported deck `id` if it is this device's own import: the one
    /// it sent (noted as its own), or, with no base noted, the file's digest (imported
    /// here and not sent yet; a copy from the folder always has its base noted). Nil
    /// for a copy installed from the folder, or without the deck. Two devices apart can
    /// import different decks under one id: a register naming another base than this
    /// is that clash (``SyncFolder/moveClashingDeck(id:base:winner:into:)``).
    func ownBase(id: String) -> String? {
        guard let file = importedFile(id: id) else { return nil }
        guard let note = syncedBaseNote(id: id) else { return SHA256.file(LocalPath(file)) }
        return note.own ? note.sha256 : nil
    }

    /// The base file's words: the digest, then "own" if this device sent it.
    private func syncedBaseNote(id: String) -> (sha256: String, own: Bool)? {
        guard let data = try? BoundedRead.contents(of: LocalPath(syncedBaseFile(id: id)), upTo: 128) else { return nil }
        let words = String(decoding: data, as: UTF8.self).split(separator: " ")
        guard let sha256 = words.first else { return nil }
        return (String(sha256), words.dropFirst().first == Substring(Self.ownMark))
    }

    private static let ownMark = "own"

    /// A hidden file beside the deck: not listed as a deck, and removed with it.
    func syncedBaseFile(id: String) -> URL { importedFolder.appendingPathComponent(".\(id).sync-base") }

    /// Installs the deck `id` from the sync folder's file `deck` (`file` names it in
    /// problems), whose bytes must have the digest `sha256`, with its media, each
    /// name → the folder's file and its digest. Returns false, installing nothing, if a
    /// file's bytes do not match its digest (still arriving); throws, installing
    /// nothing, if the deck does not load (the problems name the file and the card) or
    /// a media name is not a plain file name.
    ///
    /// As an import: the media go to a hidden folder first, renamed to
    /// ``mediaFolder(id:)`` whole, and the deck file is written last, atomically, which
    /// lists the deck, so a deck is listed whole or not at all.
    func installSynced(
        id: String, deck: URL, file: String, sha256: String, media: [(name: String, file: URL, sha256: String)],
        limits: DeckLimits = .standard
    ) throws(DeckError) -> Bool {
        func failure(_ words: String) -> DeckError {
            DeckError(problems: [DeckProblem(file: file, message: tr("could not be copied into Kuchi's decks: {reason}", ["reason": words]))])
        }
        guard acceptsSyncedDeck(id: id) else {
            throw DeckError(problems: [DeckProblem(file: file, message: tr("is not a deck Kuchi knows"))])
        }
        guard let data = try? BoundedRead.contents(of: LocalPath(deck), upTo: limits.maximumFileSize),
            SHA256.hex(data) == sha256
        else { return false }
        _ = try DeckLoader.decode(data, file: file, choicesPerQuestion: choicesNeeded(id: id), limits: limits)
        if let unsafe = media.first(where: { !MediaName.isSafe($0.name) }) {
            throw DeckError(problems: [DeckProblem(file: file, message: tr(
                "names a sound that is not a plain file name: {name}", ["name": PrintableText.escaping(unsafe.name)]))])
        }
        do {
            try FileManager.default.createDirectory(
                at: importedFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw failure(tr("the folder {folder} cannot be made", ["folder": "\(LocalPath(importedFolder))"]))
        }
        let target = mediaFolder(id: id)
        if media.isEmpty {
            try? FileManager.default.removeItem(at: target)
        } else {
            let staging = importedFolder.appendingPathComponent(".\(id)\(Self.stagingMark)\(UUID().uuidString)")
            guard mkdir(staging.path, 0o700) == 0 else { throw failure(SystemError.last.words) }
            var renamed = false
            defer { if !renamed { try? FileManager.default.removeItem(at: staging) } }
            for item in media {
                do {
                    guard try SyncContentFile.copy(
                        LocalPath(item.file), to: staging.appendingPathComponent(item.name), expecting: item.sha256,
                        syncingFolder: false)
                    else { return false }
                } catch {
                    throw failure(error.error.words)
                }
            }
            do {
                try SyncContentFile.flushFolder(staging)
            } catch {
                throw failure(error.error.words)
            }
            // A deck replaced by a newer version: its old sounds go first.
            try? FileManager.default.removeItem(at: target)
            guard rename(staging.path, target.path) == 0 else { throw failure(SystemError.last.words) }
            renamed = true
        }
        do {
            try AtomicFile.write(data, to: importedFolder.appendingPathComponent("\(id).json"))
        } catch {
            throw failure(error.error.words)
        }
        noteSyncedBase(sha256, id: id)
        return true
    }
}
