import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// Sync through the folder the learner chose (`"syncFolder"` in settings.json;
/// KuchiModel's ``SyncFolder``, docs/sync-format.md): merged at start-up, whenever a
/// synchronizer changes the folder (watched) and on *Sync Now*, never while a session
/// or a Learn round is under way (a merge that comes then waits for its end); what the
/// learner does here (answers, undos, suspensions, synced settings) is sent as it is
/// saved, and so are the decks the learner imports (with their sounds); decks another
/// device imported are installed by a merge and listed at once. The merge has a
/// connection of its own to the review database.
///
/// The learner's own words and card edits: each change of a deck's cards is noted for
/// sync before its file is written (``record(_:deck:)``, which ``DeckChooser`` hands the
/// catalog), and after each merge the folder's words and fields are applied to the
/// decks (``KuchiModel/DeckCatalog/applySyncedCards(_:)``: every deck at the first merge
/// after the folder opens, which also writes an edit Kuchi was killed before writing;
/// then the decks the merge changed), and the decks changed are shown again.
///
/// A long merge (a device joining a folder of 300,000 events) never holds up the
/// window: the folder is read and decoded on a thread of its own, and merged in steps
/// (``SyncMerge``) of about 10 ms each, one per idle turn of the main loop, while
/// Settings → Sync says what is being merged. The steps wait while a session or a Learn
/// round is under way, as a whole merge does: a session started mid-merge sees each card
/// either as it was or merged whole (a step replays whole cards, each in one
/// transaction), never a card half merged, and nothing changes under its answers; the
/// other events (undos, suspensions, settings) and the planner's news come with the
/// last step.
@MainActor @Observable
final class Syncing {
    /// Whether the folder chooser is open.
    var isChoosingFolder = false
    /// The last sync in words ("Synced at 10:02: 5 new reviews from 1 other device"),
    /// or why it could not run; nil before the first.
    private(set) var lastResult: String?
    /// The devices whose logs were merged, and when each last wrote.
    private(set) var devices: [(device: String, name: String?, lastWrote: Date)] = []
    /// A long merge under way, in words ("Merging 300,000 events from 2 devices… 40 %");
    /// nil when none is.
    private(set) var progress: String?
    /// New bytes in the folder from which a merge is a long one, read off the window's
    /// thread and merged in steps (about 5,000 lines); fewer are merged at once.
    @ObservationIgnored var longMergeBytes: Int64 = 1 << 20
    /// The events of each step of a long merge (tests make them fewer).
    @ObservationIgnored var eventsPerStep = SyncMerge.eventsPerStep

    @ObservationIgnored private let users: UserManager
    @ObservationIgnored private let planner: StudyPlanner
    /// Whose catalog's imported decks sync, and which lists them.
    @ObservationIgnored private let decks: DeckChooser
    @ObservationIgnored private let state: AppState
    @ObservationIgnored private let databasePath: String
    @ObservationIgnored private let dataDirectory: URL
    @ObservationIgnored private let isSessionUnderway: @MainActor () -> Bool
    @ObservationIgnored private let catalog: DeckCatalog
    /// Shows the decks (ids) a merge changed: the deck list, the deck in use, the card browser.
    @ObservationIgnored private let decksChanged: @MainActor ([String]) -> Void
    /// Whether every deck's synced cards are applied at the next merge (the first
    /// after the folder opened).
    @ObservationIgnored private var appliesEveryDeck = true
    @ObservationIgnored private var sync: SyncFolder?
    @ObservationIgnored private var monitor: FolderMonitor?
    @ObservationIgnored private var mergeWaits = false
    @ObservationIgnored private var applyingMerge = false
    @ObservationIgnored private var sentSettings: [String: String] = [:]
    @ObservationIgnored private var following: [Tracking] = []
    /// The long merge under way, and whether its next step is waiting for an idle turn.
    @ObservationIgnored private(set) var longMerge: SyncMerge?
    @ObservationIgnored private var isReading = false
    @ObservationIgnored private var stepIsQueued = false
    /// Counts the folders opened, so that a read that finishes after the folder was
    /// changed or turned off is dropped.
    @ObservationIgnored private var opened = 0

    init(
        users: UserManager, planner: StudyPlanner, decks: DeckChooser, state: AppState, databasePath: String,
        dataDirectory: URL, isSessionUnderway: @escaping @MainActor () -> Bool,
        decksChanged: @escaping @MainActor ([String]) -> Void = { _ in }
    ) {
        self.catalog = decks.catalog
        self.decksChanged = decksChanged
        self.users = users
        self.planner = planner
        self.decks = decks
        self.state = state
        self.databasePath = databasePath
        self.dataDirectory = dataDirectory
        self.isSessionUnderway = isSessionUnderway
    }

    /// The folder, or nil while sync is off.
    var folder: String? { users.settings.syncFolder }

    /// This installation's device id, while the folder is open.
    private(set) var device: String?

    /// Opens the folder set in Settings and merges it, then follows the learner's
    /// changes, the sessions and the setting from now on.
    func start() {
        guard following.isEmpty else { return }
        open(users.settings.syncFolder)
        following = [
            track({ [unowned planner] in planner.revision }, label: "sync: reviews") { [weak self] _ in self?.send() },
            track({ [unowned users] in users.settings.syncedValues }, label: "sync: settings") { [weak self] values in
                self?.settingsChanged(values)
            },
            track({ [weak self] in self?.isSessionUnderway() ?? false }, label: "sync: sessions") { [weak self] underway in
                guard let self, !underway else { return }
                if longMerge != nil { queueStep() } else if mergeWaits { merge() }
            },
        ]
    }

    /// Syncs through the folder at `path` from now on: refused, and said why, when it
    /// cannot be used (missing, of a newer Kuchi, holding the database…).
    func choose(_ path: String) {
        isChoosingFolder = false
        if case .failure(let refusal) = Self.open(path, database: databasePath, dataDirectory: dataDirectory) {
            state.importFailure = (title: tr("Could not sync through this folder"), message: refusal.reason)
            return
        }
        users.settings.syncFolder = path
        open(path)
    }

    /// The folder at `path` over a connection of its own to the review database, or
    /// why not, in words naming the folder or the database.
    private static func open(_ path: String, database: String, dataDirectory: URL) -> Result<SyncFolder, Refusal> {
        let store: ReviewStore
        do throws(ReviewStoreError) {
            store = try ReviewStore(path: database)
        } catch {
            return .failure(Refusal(reason: error.description))
        }
        do throws(SyncError) {
            return .success(try SyncFolder(folder: path, dataDirectory: dataDirectory, store: store))
        } catch {
            return .failure(Refusal(reason: error.description))
        }
    }

    /// Why a folder cannot be synced through, in words.
    private struct Refusal: Error {
        let reason: String
    }

    /// Stops syncing: the folder and the other devices' files stay as they are.
    func turnOff() {
        users.settings.syncFolder = nil
        open(nil)
    }

    /// Merges now (Sync Now), or once the session under way ends, or once the long
    /// merge under way ends.
    func merge() {
        guard let sync else { return }
        guard !isSessionUnderway(), longMerge == nil, !isReading else {
            mergeWaits = true
            return
        }
        mergeWaits = false
        let logs: SyncPendingLogs
        do throws(SyncError) {
            logs = try sync.pendingLogs()
        } catch {
            lastResult = error.description
            return
        }
        guard logs.newBytes >= longMergeBytes else {
            finish { () throws(SyncError) in try sync.merge(settings: users.settings, scheduler: Self.scheduler(users.settings)) }
            return
        }
        isReading = true
        progress = tr("Reading the sync folder…")
        let opened = opened
        BackgroundThread.start { [weak self] in
            let read = logs.read()
            MainLoop.perform { self?.begin(read, opened: opened) }
        }
    }

    /// Starts merging in steps what the reading thread read, if the folder is still the one it read.
    private func begin(_ read: SyncLogsRead, opened: Int) {
        guard opened == self.opened, let sync else { return }
        isReading = false
        do throws(SyncError) {
            longMerge = try sync.beginMerge(read, scheduler: Self.scheduler(users.settings))
        } catch {
            progress = nil
            lastResult = error.description
            return
        }
        let what = tr("Merging {events} from {devices}…", [
            "events": trn("{count} event", "{count} events", read.eventCount),
            "devices": trn("{count} device", "{count} devices", read.otherDevices),
        ])
        progress = what
        // Not over a session's questions: the page says it, and the steps wait anyway.
        if !isSessionUnderway() { state.toaster.show(what) }
        queueStep()
    }

    /// The long merge's next step, once the main loop is idle (frames and input first).
    private func queueStep() {
        guard longMerge != nil, !stepIsQueued else { return }
        stepIsQueued = true
        MainLoop.idle { [weak self] in
            guard let self else { return }
            stepIsQueued = false
            step()
        }
    }

    /// One step of the long merge, unless a session started: then the next waits for its end.
    private func step() {
        guard let running = longMerge, !isSessionUnderway() else { return }
        let report: SyncReport?
        do throws(SyncError) {
            report = try running.step(settings: users.settings, events: eventsPerStep)
        } catch {
            longMerge = nil
            progress = nil
            lastResult = error.description
            return
        }
        guard let report else {
            let percent = running.cardsDone * 100 / max(1, running.cardCount)
            progress = tr("Merging {events} from {devices}… {percent} %", [
                "events": trn("{count} event", "{count} events", running.eventCount),
                "devices": trn("{count} device", "{count} devices", running.otherDevices),
                "percent": String(percent),
            ])
            queueStep()
            return
        }
        longMerge = nil
        progress = nil
        finish { report }
        if mergeWaits { merge() }
    }

    private static func scheduler(_ settings: Settings) -> FSRSScheduler {
        StudyPlanner.scheduler(settings, fuzz: false)
    }

    /// Takes what a merge brought: the settings changed elsewhere, the planner's news,
    /// the toasts, and the page's words.
    private func finish(_ merged: () throws(SyncError) -> SyncReport) {
        guard let sync else { return }
        do throws(SyncError) {
            let report = try merged()
            if let settings = report.settings {
                applyingMerge = true
                users.settings = settings
                sentSettings = settings.syncedValues
                applyingMerge = false
                // A clash says more, below; one toast, not two in a row.
                if report.clashes.isEmpty { state.toaster.show(tr("Your settings changed on another computer")) }
            }
            if report.newReviews + report.retractions + report.suspensions > 0 { planner.reviewsChangedElsewhere() }
            for move in report.movedDecks { decks.followMove(from: move.from, to: move.to) }
            if !report.installedDecks.isEmpty || !report.removedDecks.isEmpty { decks.catalogChanged() }
            let applied = try applySyncedCards(sync, report: report)
            if report.replacedDevice != nil {
                state.toaster.show(tr("This computer is a copy of another one: it syncs as a new device"))
            }
            // The first clash as a toast; every one stays on Settings → Sync, where
            // Details leads (a narrow window's toast cuts the sentence short).
            // A deck moved says more than a clash: the learner's deck has a new place.
            if let move = report.movedDecks.first {
                state.toaster.show(move.notice, button: tr("Details")) { [state] in state.homePage = .settings }
            } else if let clash = report.clashes.first {
                state.toaster.show(clash.sentence(), button: tr("Details")) { [state] in state.homePage = .settings }
            }
            lastResult = ([tr("Synced at {time}: {summary}", ["time": DueTime.timeOfDay(Date()), "summary": report.details])]
                + [report.waiting].compactMap { $0 } + report.movedDecks.map(\.notice) + report.clashes.map { $0.sentence() } + report.problems.prefix(1).map(\.description)
                + applied.problems.prefix(1).map(\.description)
                + report.deckProblems.prefix(1).map(\.description)).joined(separator: "\n")
            devices = (try? sync.devices()) ?? devices
            device = sync.device
        } catch {
            lastResult = error.description
        }
        watchFolders()
    }

    /// Applies the folder's words and card fields to the decks (all of them at the first
    /// merge, then those `report` names) and shows the decks changed.
    private func applySyncedCards(_ sync: SyncFolder, report: SyncReport) throws(SyncError) -> DeckCatalog.SyncedCardsResult {
        var cards = try sync.syncedCards()
        if !appliesEveryDeck {
            // A deck installed by this merge takes the words and edits that waited for it.
            let changed = Set(report.cardDecks).union(report.installedDecks)
            cards.words = cards.words.filter { changed.contains($0.key.deck) }
            cards.fields = cards.fields.filter { changed.contains($0.key.deck) }
        }
        appliesEveryDeck = false
        let applied = catalog.applySyncedCards(cards)
        if !applied.changedDecks.isEmpty { decksChanged(applied.changedDecks) }
        return applied
    }

    /// Notes the learner's `changes` to the cards of the deck `id` for sync, before the
    /// deck's file is written (``KuchiModel/DeckCatalog/applySyncedCards(_:)`` says why
    /// in that order), and sends them; with sync off they wait in the database's outbox.
    /// A change that cannot be noted is refused, naming the deck, and nothing is written.
    func record(_ changes: [SyncEvent.Body], deck id: String) throws(DeckError) {
        guard !changes.isEmpty else { return }
        let reason: String
        if let sync {
            do throws(SyncError) {
                try sync.record(changes)
                // Sent at once, as an answer is; the deck file is written next.
                send()
                return
            } catch {
                reason = error.description
            }
        } else {
            do throws(ReviewStoreError) {
                try noteWhileOff { store, device throws(ReviewStoreError) in
                    try store.recordCardChanges(changes, device: device, now: Date())
                }
                return
            } catch {
                reason = error.description
            }
        }
        throw DeckError(problems: [DeckProblem(
            file: "\(id).json", message: tr("your change could not be noted for sync: {reason}", ["reason": reason]))])
    }

    /// Notes that the learner removes the imported deck `id`, before its files go: sync
    /// on, the removal is sent at once and the other computers remove the deck at their
    /// next merge; sync off, it waits in the database and is sent when sync is switched
    /// on (so the folder does not bring the deck back). Returns why it could not be
    /// noted, or nil.
    func noteDeckRemoved(id: String, name: String) -> String? {
        if let sync {
            do throws(SyncError) {
                try sync.noteDeckRemoved(id: id, name: name)
                return nil
            } catch {
                return error.description
            }
        }
        do throws(ReviewStoreError) {
            try noteWhileOff { store, device throws(ReviewStoreError) in
                try store.noteDeckRemoved(id: id, name: name, device: device, now: Date())
            }
            return nil
        } catch {
            return error.description
        }
    }

    /// With sync off, hands `note` the review database and this device's id, to note a
    /// change of the learner's in the outbox, where it waits until sync is switched on.
    private func noteWhileOff(
        _ note: (ReviewStore, String) throws(ReviewStoreError) -> Void
    ) throws(ReviewStoreError) {
        let device: String
        do {
            device = try SyncDevice.id(in: dataDirectory)
        } catch {
            throw ReviewStoreError(path: databasePath, kind: .other(error.description))
        }
        try note(try ReviewStore(path: databasePath), device)
    }

    private func open(_ path: String?) {
        // A long merge of the folder before is dropped; the next merge of it finishes it.
        opened += 1
        longMerge = nil
        isReading = false
        progress = nil
        sync = nil
        appliesEveryDeck = true
        device = nil
        monitor = nil
        devices = []
        guard let path else {
            lastResult = nil
            return
        }
        switch Self.open(path, database: databasePath, dataDirectory: dataDirectory) {
        case .success(let opened):
            opened.catalog = decks.catalog
            sync = opened
            device = opened.device
        case .failure(let refusal):
            lastResult = refusal.reason
            return
        }
        sentSettings = users.settings.syncedValues
        merge()
    }

    /// Watches the folder, its devices' folder and each device's log: a synchronizer
    /// writes into the logs; a new device adds a folder.
    private func watchFolders() {
        guard let folder = sync?.folder else { return }
        let devicesFolder = folder.appendingPathComponent("devices")
        let logs = ((try? FileManager.default.contentsOfDirectory(atPath: devicesFolder.path)) ?? [])
            .map { devicesFolder.appendingPathComponent($0).appendingPathComponent("log").path }
        let folders = [folder.path, devicesFolder.path] + logs.sorted()
        if let monitor { monitor.watch(folders) } else {
            monitor = FolderMonitor(folders: folders, quiet: .seconds(1)) { [weak self] in self?.merge() }
        }
    }

    /// The ids of the decks the folder has known, removed ones too, which an import
    /// here does not take (none while sync is off).
    var syncedDeckIDs: Set<String> {
        (try? sync?.syncedDeckIDs()) ?? []
    }

    /// Appends what was saved here since the last time to this device's log.
    private func send() {
        guard let sync else { return }
        do throws(SyncError) {
            _ = try sync.send(scheduler: Self.scheduler(users.settings))
        } catch {
            lastResult = error.description
        }
    }

    /// A synced setting the learner changed here is sent, stamped now; one a merge
    /// brought is not sent back.
    private func settingsChanged(_ values: [String: String]) {
        guard let sync, !applyingMerge, values != sentSettings else { return }
        sentSettings = values
        do throws(SyncError) {
            _ = try sync.send(settings: users.settings, scheduler: Self.scheduler(users.settings))
        } catch {
            lastResult = error.description
        }
    }

    /// The devices as Settings lists them, this one first: "This computer (desktop)",
    /// then "laptop, last wrote 26 November at 10:02" for each other one (the start of
    /// its id for a device that sent no name).
    var devicesSummary: String {
        let mine = device.map { id in
            tr("This computer ({device})", ["device": sync.map(\.deviceName).flatMap { $0.isEmpty ? nil : $0 } ?? String(id.prefix(8))])
        }
        let others = devices.filter { $0.device != device }.map { entry in
            tr("{device}, last wrote {day} at {time}", [
                "device": entry.name ?? String(entry.device.prefix(8)), "day": DueTime.dayAndMonth(entry.lastWrote),
                "time": DueTime.timeOfDay(entry.lastWrote),
            ])
        }
        return ([mine].compactMap { $0 } + others).joined(separator: "\n")
    }
}
