import FoundationEssentials

/// Sync through a folder the learner already syncs between computers (Syncthing,
/// Nextcloud, Dropbox, git): each device appends what the learner does to its own log
/// in the folder, and merges every device's log into its review store.
///
/// The folder's format is in `docs/sync-format.md`. Use:
/// - ``init(folder:dataDirectory:store:deviceName:now:)`` when sync is switched on and at start-up;
/// - ``merge(settings:scheduler:)`` at start-up, when the folder changed (a file
///   monitor), and between questions, never mid-answer; it also sends what is unsent;
/// - ``send(settings:scheduler:)`` after each answer, undo, suspension or reset: cheap, appends the few
///   new lines (if Kuchi is killed before, the next send or merge appends them:
///   the database notes them in the same transaction as the change);
/// - ``send(settings:scheduler:)`` with the new settings after the learner changed a
///   synced one (``Settings/syncedValues``), so the change is stamped when it was made.
///
/// Not `Sendable`, like the ``ReviewStore`` it writes to: use it where the store is used.
public final class SyncFolder {
    /// The sync folder, absolute.
    public let folder: URL
    /// This installation's device id (its log is `devices/<device>/log/`); it changes
    /// if a copy of this installation is found writing the same log.
    public private(set) var device: String
    /// What other devices call this one: sent by the first merge, and again by a merge
    /// after it changed.
    public let deviceName: String
    let dataDirectory: URL
    let store: ReviewStore
    let now: () -> Date
    /// Reads the logs; tests give one that skips conflict copies (the negative control).
    package var reader: SyncLogReader
    /// The decks whose imported ones sync with their media (a merge sends this device's
    /// imports and installs or removes the other devices'); nil: none do.
    public var catalog: DeckCatalog?
    /// Tests: merges as before a deck that lost its id to another device's was moved
    /// (the negative control), or stops its move after a step, as a kill there would.
    var skipsClashingDecks = false
    var stopsDeckMove: DeckMoveStep?

    /// The format marker's name, in the top of the folder.
    static let markerName = "kuchi-sync.json"
    /// The format this Kuchi writes and reads.
    public static let formatVersion = 1

    /// Sync through `folder` for the review `store`, whose device id is kept in
    /// `dataDirectory`. Refuses a folder that is missing, of a newer format, or holds
    /// the database, and a database inside a folder a synchronizer syncs; writes the
    /// format marker if the folder has none. `deviceName` is what other devices show
    /// for this one (the computer's host name by default).
    public init(
        folder path: String, dataDirectory: URL, store: ReviewStore, deviceName: String = SyncDevice.hostName(),
        now: @escaping () -> Date = Date.init
    ) throws(SyncError) {
        guard path.hasPrefix("/") else { throw SyncError(folder: path, kind: .notAbsolute) }
        let folder = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory else {
            throw SyncError(folder: path, kind: .missing)
        }
        if !store.isInMemory {
            let database = URL(fileURLWithPath: store.path).standardizedFileURL.resolvingSymlinksInPath().path
            let resolved = folder.resolvingSymlinksInPath().path
            if database.hasPrefix(resolved + "/") {
                throw SyncError(folder: path, kind: .databaseInside(database: store.path, tool: nil))
            }
            if let synced = SyncedFolderCheck.synchronizer(containing: database) {
                throw SyncError(folder: path, kind: .databaseInside(database: store.path, tool: synced.tool))
            }
        }
        try Self.checkMarker(in: folder, path: path)
        do {
            device = try SyncDevice.id(in: dataDirectory)
        } catch {
            throw SyncError(folder: path, kind: .write(error))
        }
        self.folder = folder
        self.deviceName = deviceName
        self.dataDirectory = dataDirectory
        self.store = store
        self.now = now
        reader = SyncLogReader(folder: folder)
    }

    /// Reads the marker, refusing another format or a newer version; writes it if missing.
    private static func checkMarker(in folder: URL, path: String) throws(SyncError) {
        let marker = folder.appendingPathComponent(markerName)
        guard let data = FileManager.default.contents(atPath: marker.path) else {
            let text = "{\"format\":\"kuchi-sync\",\"version\":\(formatVersion)}\n"
            do {
                try AtomicFile.write(Data(text.utf8), to: marker, creatingFolders: false)
            } catch {
                throw SyncError(folder: path, kind: .write(error))
            }
            return
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            throw SyncError(folder: path, kind: .notKuchi(error.words(in: data)))
        }
        guard value["format"]?.stringValue == "kuchi-sync", let version = value["version"]?.numberValue else {
            throw SyncError(folder: path, kind: .notKuchi(tr("it has no \"format\": \"kuchi-sync\" and \"version\"")))
        }
        if version > Double(formatVersion) { throw SyncError(folder: path, kind: .newerFormat(Int(version))) }
    }

    /// Appends this device's changes not yet in its log (answers, undos, suspensions,
    /// resets, and the synced `settings` that differ from what the folder last agreed
    /// on, if given) and returns how many events it wrote. Reads nothing: cheap after
    /// each answer. `scheduler` gives the cards answered their replayed state.
    @discardableResult
    public func send(settings: Settings? = nil, scheduler: FSRSScheduler) throws(SyncError) -> Int {
        let stamp = now().storeMilliseconds
        let filled = try storeErrors {
            let changed = try settings.map(localSettingChanges) ?? []
            return try store.syncTransaction {
                var clock = try store.syncClock()
                return try store.fillOutbox(device: device, clock: &clock, now: stamp, settings: changed, scheduler: scheduler)
            }
        }
        return try flushOutbox(filled)
    }

    /// Merges every device's log into the store, sends this device's unsent changes,
    /// and returns what it did. `settings` are this device's settings now: a synced one
    /// that differs from what the folder last agreed on is this device's change, and is
    /// sent; the report's ``SyncReport/settings`` are the settings with other devices'
    /// later changes, for the app to save. `scheduler` replays the cards that changed
    /// (fuzz off, so every device computes the same state).
    ///
    /// All at once, in one transaction: a large folder's first merge can instead be read
    /// off the store's thread (``pendingLogs()``, ``SyncPendingLogs/read()``) and merged
    /// in steps (``beginMerge(_:scheduler:)``, ``SyncMerge/step(settings:events:)``).
    public func merge(settings: Settings, scheduler: FSRSScheduler) throws(SyncError) -> SyncReport {
        let merge = try beginMerge(try pendingLogs().read(), scheduler: scheduler)
        while true {
            if let report = try merge.step(settings: settings, events: .max) { return report }
        }
    }

    /// The log files and how far each was read: a directory listing and the store's
    /// marks, cheap, where the store is used. Their reading is pure
    /// (``SyncPendingLogs/read()``), on any thread.
    public func pendingLogs() throws(SyncError) -> SyncPendingLogs {
        let files = try reader.logFiles().map { file throws(SyncError) in (file, try storeErrors { try store.syncFileMark(file) }) }
        return SyncPendingLogs(folder: folder, files: files, device: device)
    }

    /// Starts merging what `logs` read (read from this folder's ``pendingLogs()``):
    /// first, if a copy of this installation wrote to its log, goes on as a new device
    /// before writing anything, so that no log ever has two writers. Then
    /// ``SyncMerge/step(settings:events:)`` merges it.
    public func beginMerge(_ logs: SyncLogsRead, scheduler: FSRSScheduler) throws(SyncError) -> SyncMerge {
        let foreign = try storeErrors { try logs.ownDeviceEvents.contains { try !store.isOwnEvent($0) } }
        var replaced: String?
        if foreign {
            replaced = device
            do {
                device = try SyncDevice.replace(in: dataDirectory)
            } catch {
                throw SyncError(folder: folder.path, kind: .write(error))
            }
        }
        return SyncMerge(sync: self, logs: logs, replacedDevice: replaced, scheduler: scheduler)
    }

    /// One step of `merge`: the reviews of `cards` replayed, in one transaction (the
    /// outbox filled first, as every change of the store's reviews must); returns how
    /// many events of this device's the outbox took.
    func mergeStep(_ cards: ArraySlice<CardID>, of batch: SyncMergeBatch, scheduler: FSRSScheduler)
        throws(SyncError) -> (filled: Int, added: [String: Int])
    {
        let stamp = now().storeMilliseconds
        return try storeErrors {
            try store.syncTransaction(durable: false) {
                var clock = try store.syncClock()
                let filled = try store.fillOutbox(device: device, clock: &clock, now: stamp, settings: [], scheduler: scheduler)
                return (filled, try store.replay(cards, of: batch, scheduler: scheduler))
            }
        }
    }

    /// The last step of a merge: the events other than reviews, the reviews of `cards`,
    /// and how far each file was read, in one transaction; then the outbox is sent.
    func finishMerge(
        _ logs: SyncLogsRead, replaying cards: ArraySlice<CardID>, settings: Settings, filledBefore: Int,
        report: inout SyncReport, scheduler: FSRSScheduler
    ) throws(SyncError) -> StoreMergeResult {
        let changedSettings = try storeErrors { try localSettingChanges(settings) }
        let name = try storeErrors { try newName() }
        let stamp = now().storeMilliseconds
        let (filled, merged) = try storeErrors {
            try store.syncTransaction { () throws -> (Int, StoreMergeResult) in
                var clock = try store.syncClock()
                let filled = try store.fillOutbox(
                    device: device, clock: &clock, now: stamp, settings: changedSettings, name: name, scheduler: scheduler)
                let merged = try store.merge(logs.batch, replaying: cards, clock: &clock, scheduler: scheduler)
                for (file, mark) in logs.marks { try store.saveSyncFileMark(mark, of: file) }
                return (filled, merged)
            }
        }
        report.sent = try flushOutbox(filledBefore + filled)
        // Files, after the database: decks first; the caller then applies the words and
        // fields (DeckCatalog.applySyncedCards), the installed decks' among them.
        try applySyncedDecks(into: &report, scheduler: scheduler)
        report.unknownEvents = merged.unknownKinds
        report.retractions = merged.retractions
        report.suspensions = merged.suspensions
        report.fields = merged.fields
        report.cardDecks = merged.cardDecks.sorted()
        report.clashes = try storeErrors { try named(Self.latestPerSubject(merged.clashes)) }
        if !merged.settings.isEmpty {
            let updated = settings.applyingSynced(merged.settings)
            if updated != settings { report.settings = updated }
        }
        return merged
    }

    /// Notes the learner's changes to their decks' cards made here (the `changes` a
    /// ``DeckCatalog`` write hands its `recording`), as this device's events in the
    /// outbox; the next ``send(settings:scheduler:)`` or merge appends them to the log.
    /// Call it before the deck file is written: see ``DeckCatalog/applySyncedCards(_:)``.
    public func record(_ changes: [SyncEvent.Body]) throws(SyncError) {
        let stamp = now()
        try storeErrors { try store.recordCardChanges(changes, device: device, now: stamp) }
    }

    /// The cards the folder holds for the deck `deck` (every deck if nil) on top of
    /// its base: the latest `word` and `field` registers, for
    /// ``DeckCatalog/applySyncedCards(_:)``.
    public func syncedCards(deck: String? = nil) throws(SyncError) -> SyncedCards {
        try storeErrors { try store.syncedCards(deck: deck) }
    }

    /// This device's name if the folder does not have it yet (or has an older one).
    private func newName() throws -> String? {
        guard !deviceName.isEmpty else { return nil }
        return try store.syncDeviceName(device) == deviceName ? nil : deviceName
    }

    /// One clash per subject: the other device's change that is kept if one is, else
    /// the latest (a device that changed a setting twice clashes once).
    static func latestPerSubject(_ clashes: [SyncClash]) -> [SyncClash] {
        var chosen: [SyncClash] = []
        for clash in clashes {
            guard let index = chosen.firstIndex(where: { $0.subject == clash.subject }) else {
                chosen.append(clash)
                continue
            }
            let held = chosen[index]
            let isKept = !clash.keptHere, heldIsKept = !held.keptHere
            if isKept != heldIsKept ? isKept : clash.changedAt > held.changedAt { chosen[index] = clash }
        }
        return chosen
    }

    /// `clashes` with their devices' names.
    private func named(_ clashes: [SyncClash]) throws -> [SyncClash] {
        try clashes.map { clash in
            var named = clash
            named.deviceName = try store.syncDeviceName(clash.device)
            return named
        }
    }

    /// The synced settings of `settings` that this device changed since the folder last
    /// agreed: those that differ from their register, or, with no register yet, from
    /// the default (a device that never changed a setting does not overrule one that did).
    private func localSettingChanges(_ settings: Settings) throws -> [(key: String, value: String)] {
        let defaults = Settings().syncedValues
        var changes: [(key: String, value: String)] = []
        for (key, value) in settings.syncedValues.sorted(by: { $0.key < $1.key }) {
            let agreed = try store.registerValue("setting\u{1F}\(key)") ?? defaults[key]
            if value != agreed { changes.append((key, value)) }
        }
        return changes
    }

    /// Appends the outbox to this device's log files and empties it; returns `filled`
    /// (the events just made), or more if an earlier append had not finished.
    func flushOutbox(_ filled: Int) throws(SyncError) -> Int {
        let lines = try storeErrors { try store.outbox() }
        guard let lastID = lines.last?.id else { return filled }
        var byFile: [String: [String]] = [:]
        var order: [String] = []
        for line in lines {
            var text = line.line
            // Made before this installation took a new id: written as the new device's.
            if let event = try? SyncLine.decode(ArraySlice(text.utf8)), event.device != device {
                var renamed = event
                renamed.device = device
                text = String(decoding: SyncLine.encode(renamed), as: UTF8.self)
            }
            let file = "devices/\(device)/log/" + SyncFileName.monthlyFile(wall: line.wall)
            if byFile[file] == nil { order.append(file) }
            byFile[file, default: []].append(text)
        }
        for file in order {
            do {
                try SyncLogWriter.append(byFile[file] ?? [], to: file, in: folder)
            } catch {
                throw SyncError(folder: folder.path, kind: .write(error))
            }
        }
        try storeErrors { try store.clearOutbox(through: lastID) }
        return max(filled, lines.count)
    }

    /// The devices whose events the folder held, with the name each sent (if any) and
    /// the time of each one's latest event, this device's included.
    public func devices() throws(SyncError) -> [(device: String, name: String?, lastWrote: Date)] {
        try storeErrors {
            try store.syncDevices().map { ($0.device, try store.syncDeviceName($0.device), Date(storeMilliseconds: $0.wall)) }
        }
    }

    /// Runs `body`, turning a store error into a sync error naming the folder.
    func storeErrors<Result>(_ body: () throws -> Result) throws(SyncError) -> Result {
        do {
            return try body()
        } catch let error as SyncError {
            throw error
        } catch let error as ReviewStoreError {
            throw SyncError(folder: folder.path, kind: .store(error))
        } catch {
            throw SyncError(folder: folder.path, kind: .store(ReviewStoreError(path: store.path, kind: .other(String(describing: error)))))
        }
    }
}
