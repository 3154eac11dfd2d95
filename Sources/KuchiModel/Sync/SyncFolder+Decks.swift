import FoundationEssentials

/// Imported decks and their media through the folder: each is a `deck` register (the
/// deck's id, name, the digest of its file and its media's), and its files are
/// content-addressed (``SyncContentFile``). See `docs/sync-format.md`.
extension SyncFolder {
    /// Sends this device's imported decks the folder does not have yet, then makes the
    /// imported decks the deck registers name: installs those this device lacks (or has
    /// another version of) and removes those removed elsewhere. A deck whose files
    /// are not all there with their bytes yet waits (``SyncReport/waitingFiles``) and is
    /// tried again at every merge; one that does not load is reported, not installed.
    ///
    /// Runs after the merge's transaction (files cannot be in it); a deck sent is noted
    /// in the database only after its files are in the folder, so an event never names
    /// a file that is not there, and the outbox sends it even after a kill.
    ///
    /// This device's own import under an id whose register names another deck (two
    /// devices apart imported different decks under one id) is first moved to an id of
    /// its own, with this device's answers (``moveClashingDeck(id:base:scheduler:into:)``);
    /// `scheduler` replays the cards moved.
    func applySyncedDecks(into report: inout SyncReport, scheduler: FSRSScheduler) throws(SyncError) {
        guard let catalog else { return }
        var decks = try storeErrors { try store.syncedDecks() }
        // This device's imports not yet sent: since the last merge, or from before sync
        // was switched on (a kill between an import and its event loses nothing).
        var bodies: [SyncEvent.Body] = []
        for entry in catalog.entries() where entry.origin == .imported && decks[entry.id] == nil && catalog.acceptsSyncedDeck(id: entry.id) {
            guard let file = catalog.importedFile(id: entry.id) else { continue }
            let body = try put(entry, file: file, catalog: catalog)
            if case .deck(_, let name, let sha256, let media) = body {
                decks[entry.id] = ReviewStore.SyncedDeck(name: name, sha256: sha256, media: media)
            }
            bodies.append(body)
        }
        if !bodies.isEmpty {
            let noted = try storeErrors { try store.noteDecks(bodies, device: device, now: now().storeMilliseconds) }
            report.sent += try flushOutbox(noted)
        }
        for (id, deck) in decks.sorted(by: { $0.key < $1.key }) where catalog.acceptsSyncedDeck(id: id) {
            guard let sha256 = deck.sha256 else {
                if catalog.importedFile(id: id) != nil {
                    catalog.remove(id: id)
                    report.removedDecks.append(id)
                }
                continue
            }
            // The same base as here: the copy's own words and edits are not a new version.
            var ownBase: String?
            if let local = catalog.importedFile(id: id) {
                if catalog.syncedBase(id: id) == sha256 { continue }
                if SHA256.file(LocalPath(local)) == sha256 {
                    catalog.noteSyncedBase(sha256, id: id)
                    continue
                }
                ownBase = catalog.ownBase(id: id)
            }
            let deckPath = SyncContentFile.deck(sha256)
            let media = deck.media.sorted { $0.key < $1.key }.map { name, digest in
                (name: name, path: SyncContentFile.media(digest, name: name), sha256: digest)
            }
            let files: [(path: String, sha256: String)] = [(deckPath, sha256)] + media.map { ($0.path, $0.sha256) }
            // Not all there yet (a synchronizer still copying): no need to read any.
            let missing = files.map(\.path).filter { !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
            guard missing.isEmpty else {
                report.waitingFiles += missing
                continue
            }
            // This device's own deck, and another device's different one won the id: both
            // are kept, this one under an id of its own, once the other's files are whole
            // (until then this device's stays as it is, under the id).
            if let ownBase, ownBase != sha256, !skipsClashingDecks {
                let torn = files.filter { !SyncContentFile.isWhole(folder.appendingPathComponent($0.path), sha256: $0.sha256) }
                guard torn.isEmpty else {
                    report.waitingFiles += torn.map(\.path)
                    continue
                }
                try moveClashingDeck(id: id, base: ownBase, scheduler: scheduler, into: &report)
            }
            do throws(DeckError) {
                let installed = try catalog.installSynced(
                    id: id, deck: folder.appendingPathComponent(deckPath), file: deckPath, sha256: sha256,
                    media: media.map { ($0.name, folder.appendingPathComponent($0.path), $0.sha256) })
                if installed {
                    report.installedDecks.append(id)
                    // Its words and edits (the per-word registers on this base) are applied
                    // with the other decks' after the merge: the caller hands the decks in
                    // `installedDecks` to DeckCatalog.applySyncedCards.
                } else {
                    // There, but not the bytes their names say: torn, or still being written in place.
                    report.waitingFiles += files.filter { !SyncContentFile.isWhole(folder.appendingPathComponent($0.path), sha256: $0.sha256) }
                        .map(\.path)
                }
            } catch {
                report.deckProblems += error.problems
            }
        }
    }

    /// Puts the imported deck `entry` (its file `file` and its media folder's files)
    /// into the folder, and returns its event's body.
    func put(_ entry: DeckEntry, file: URL, catalog: DeckCatalog) throws(SyncError) -> SyncEvent.Body {
        do {
            var media: [String: String] = [:]
            let mediaFolder = catalog.mediaFolder(id: entry.id)
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: mediaFolder.path)) ?? []).sorted() where MediaName.isSafe(name) {
                media[name] = try SyncContentFile.put(
                    LocalPath(mediaFolder.appendingPathComponent(name)), in: folder, at: { SyncContentFile.media($0, name: name) },
                    syncingFolder: false)
            }
            // The sounds' names on disk before the deck file and the event name them.
            if !media.isEmpty { try SyncContentFile.flushFolder(folder.appendingPathComponent("media")) }
            // The deck file last: its event names it, and it names the media.
            let sha256 = try SyncContentFile.put(LocalPath(file), in: folder, at: SyncContentFile.deck)
            catalog.noteSyncedBase(sha256, id: entry.id, own: true)
            return .deck(id: entry.id, name: entry.name, sha256: sha256, media: media)
        } catch {
            throw SyncError(folder: folder.path, kind: .write(error))
        }
    }

    /// Notes that the learner removes the imported deck `id`, so every device removes
    /// it: call it before ``DeckCatalog/remove(id:)``, which then removes it here (a
    /// kill between the two: the next merge removes it). The deck's files stay in the
    /// folder (another device may still be installing them).
    public func noteDeckRemoved(id: String, name: String) throws(SyncError) {
        _ = try storeErrors {
            try store.noteDecks([.deck(id: id, name: name, sha256: nil, media: [:])], device: device, now: now().storeMilliseconds)
        }
        _ = try flushOutbox(1)
    }

    /// The ids of every deck the folder has known, removed ones too: an import here
    /// takes another id (``DeckCatalog/import(_:mappings:limits:takenIDs:progress:beforeListing:)``),
    /// so that it is not taken for one of them.
    public func syncedDeckIDs() throws(SyncError) -> Set<String> {
        Set(try storeErrors { try store.syncedDecks().keys })
    }
}
