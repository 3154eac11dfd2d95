import FoundationEssentials

/// Two devices that are apart (or that imported before sync was on on both) can import
/// different decks under one id. Each sends a `deck` register for it, and the later
/// wins on every device; the device whose own deck lost keeps it under an id of its
/// own, with its answers, instead of having it replaced without a word. In the other
/// flows a device sends a non-null `deck` event for an id once, and no import takes an
/// id a register has had: two decks under one id are always this clash.
extension SyncFolder {
    /// The steps of a deck's move that a kill can come between; tests stop there.
    enum DeckMoveStep: Sendable {
        /// The answers moved and the new register noted, in the database, not yet in the log.
        case storeMoved
        /// The new deck file written, the old one not yet removed.
        case fileWritten
    }

    /// Moves this device's own imported deck `id` (its base `base`) out of the way of
    /// the other deck that won the id, then leaves `id` for the caller to
    /// install the winner under, as any other version of a deck: the deck to
    /// ``DeckCatalog/clashFreeID(for:base:registers:)`` (sounds, its base put in the
    /// folder, a `deck` register), this device's answers of its cards to the same words
    /// there, and its own words, edits and suspensions of them, those of `id` put back to
    /// the winner's deck (``ReviewStore/moveOwnChanges(of:to:winnerBase:register:device:now:scheduler:)``,
    /// in one transaction), the deck file written under the new id, then the old one
    /// removed. Each step is done again or skipped by the next merge if a kill stops
    /// this one: the deck is always listed under one id or both, never neither.
    func moveClashingDeck(
        id: String, base: String, scheduler: FSRSScheduler, into report: inout SyncReport
    ) throws(SyncError) {
        guard let catalog, let file = catalog.importedFile(id: id) else { return }
        let name = DeckHeader.read(contentsOf: file)?.name ?? id
        let registers = try storeErrors { try store.syncedDecks() }
        guard let newID = catalog.clashFreeID(for: id, base: base, registers: registers) else { return }
        let winnerEntry = try storeErrors { try store.registerEntry(SyncEvent.deckRegister(id)) }
        do {
            try catalog.moveMedia(of: id, to: newID)
        } catch {
            throw SyncError(folder: folder.path, kind: .write(error))
        }
        // The base as the folder has it (this device sent it), else the file here (not
        // sent yet, so its own bytes are the base): the register names the base, as
        // every device that lost with the same bytes names it.
        let sent = folder.appendingPathComponent(SyncContentFile.deck(base))
        let source = SyncContentFile.isWhole(sent, sha256: base) ? sent : catalog.importedFolder.appendingPathComponent("\(id).json")
        let body = try put(DeckEntry(id: newID, name: name, origin: .imported), file: source, catalog: catalog)
        // The winner's deck as imported: this device's words and edits of `id` are put
        // back to it. Its file is whole here (the caller checked), so it loads unless
        // it is no deck at all: then the install reports it, and those words and edits
        // are left as they are rather than guessed.
        let winnerBase = registers[id]?.sha256.flatMap { sha256 in
            try? DeckLoader.load(contentsOf: folder.appendingPathComponent(SyncContentFile.deck(sha256)), choicesPerQuestion: 1)
        }.map { Dictionary($0.cards.map { ($0.question, $0) }, uniquingKeysWith: { first, _ in first }) }
        let noted = try storeErrors {
            try store.moveOwnChanges(
                of: id, to: newID, winnerBase: winnerBase, register: registers[newID]?.sha256 == base ? nil : body, device: device,
                now: now().storeMilliseconds, scheduler: scheduler)
        }
        if stopsDeckMove == .storeMoved { throw Self.stopped }
        report.sent += try flushOutbox(noted)
        do {
            try catalog.copyDeckFile(of: id, to: newID)
        } catch {
            throw SyncError(folder: folder.path, kind: .write(error))
        }
        if stopsDeckMove == .fileWritten { throw Self.stopped }
        catalog.remove(id: id)
        let other = winnerEntry?.device ?? ""
        // As the list will show it, with the other deck installed under `id`.
        let listed = DeckCatalog.toldApart(catalog.entries().filter { $0.origin == .imported }
            + [DeckEntry(id: id, name: registers[id]?.name ?? name, origin: .imported)])
        report.movedDecks.append(SyncDeckMove(
            from: id, to: newID, name: name, listedAs: listed.first { $0.id == newID }?.name ?? name, device: other,
            deviceName: try storeErrors { try store.syncDeviceName(other) }))
    }

    /// What a test's stop (``stopsDeckMove``) throws, as a kill would end the merge.
    private static var stopped: SyncError { SyncError(folder: "", kind: .missing) }
}
