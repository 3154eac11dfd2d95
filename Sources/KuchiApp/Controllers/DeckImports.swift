import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import GtkKit
import KuchiModel
import Observation

/// Importing decks from files: JSON decks, Anki packages and notes exported from Anki
/// as text, from the file chooser or the command line (`--import-deck`), always the same
/// way (``start(_:whenDone:)``): the file is read, its sounds unpacked and its review
/// history replayed on a thread of their own, while the window shows how far it has
/// come and a Cancel (``current``, ImportBar in RootView.swift). An Anki package whose
/// field names do not say which is the word, the reading and the meaning waits for the
/// learner's choice (``fieldMappingChoice``). The deck imported is listed, whole (cards,
/// sounds and history), and becomes the deck in use (through ``DeckChooser``); a
/// refused file is shown in a dialog, in words.
@MainActor @Observable
final class DeckImports {
    /// An Anki package waiting for the learner to choose its fields, while the field
    /// dialog shows.
    private(set) var fieldMappingChoice: FieldMappingChoice?
    /// The import under way; one at a time.
    private(set) var current: ImportJob?
    /// The file being imported, by name.
    var importingName: String? { current?.name }

    @ObservationIgnored private let catalog: DeckCatalog
    /// Lists the deck imported and makes it the deck in use.
    @ObservationIgnored private let chooser: DeckChooser
    /// Where an imported package's review history goes.
    @ObservationIgnored private let planner: StudyPlanner?
    @ObservationIgnored private let state: AppState
    /// Runs once a deck is imported (sync sends it).
    @ObservationIgnored var imported: @MainActor () -> Void = {}
    /// Ids an import must not take besides the listed decks' (the sync folder's).
    @ObservationIgnored var takenIDs: @MainActor () -> Set<String> = { [] }
    /// Runs on an import's thread before it reads the file (tests hold an import there).
    @ObservationIgnored var gate: @Sendable () -> Void = {}

    init(chooser: DeckChooser, planner: StudyPlanner?, state: AppState) {
        catalog = chooser.catalog
        self.chooser = chooser
        self.planner = planner
        self.state = state
    }

    /// Imports the deck in `path` in the background, lists it and uses it; a refused
    /// file is shown in a dialog, in words. `whenDone` is given the refusal in words
    /// (for a command line), or nil once the deck is in, or once the field dialog has
    /// taken over; a cancelled import is a refusal too.
    ///
    /// While another import is under way this one is refused at once: the window's
    /// Import button is off meanwhile, so only a command line can ask.
    func start(_ path: LocalPath, whenDone: @escaping @MainActor (String?) -> Void = { _ in }) {
        if let current {
            whenDone(tr("Kuchi is importing {file}: import this file once that is done", ["file": current.name]))
            return
        }
        let job = begin(path)
        let catalog = catalog
        let progress = job.progress
        let gate = gate
        BackgroundThread.start { [weak self] in
            gate()
            let mappings = Result { () throws(DeckError) -> [AnkiFieldMapping] in
                try DeckImporter.fieldMappings(
                    of: path, scratch: catalog.makeScratchFolder(for: "\(path.lastComponent)"), progress: progress)
            }
            MainLoop.perform { self?.mappingsRead(path, job, mappings, whenDone: whenDone) }
        }
    }

    /// Stops the import under way; it says so, and leaves nothing behind.
    func cancel() {
        current?.cancel()
    }

    /// For a quit (Ctrl+Q, a logout's SIGTERM, Ctrl+C, a closed terminal's SIGHUP) while
    /// an import runs: cancels it and waits, at most `timeout`, for its thread to stop
    /// (Cancel is answered within milliseconds: `store-bench --hostile`). Returns whether
    /// it stopped, so that what it unpacked can be removed now rather than at the next
    /// start; its history's transaction, if it had begun, is rolled back either way.
    func cancelAndWait(timeout: Duration = .seconds(1)) -> Bool {
        guard let current else { return true }
        current.cancel()
        let deadline = ContinuousClock.now + timeout
        while current.progress.phase != .finished {
            guard ContinuousClock.now < deadline else { return false }
            usleep(5_000)
        }
        return true
    }

    private func begin(_ path: LocalPath) -> ImportJob {
        let job = ImportJob(name: "\(path.lastComponent)")
        current = job
        refreshWhileRunning(job)
        return job
    }

    private func refreshWhileRunning(_ job: ImportJob) {
        MainLoop.after(ImportJob.refreshInterval) { [weak self] in
            guard let self, self.current === job else { return }
            job.refresh()
            self.refreshWhileRunning(job)
        }
    }

    private func mappingsRead(
        _ path: LocalPath, _ job: ImportJob, _ result: Result<[AnkiFieldMapping], DeckError>,
        whenDone: @escaping @MainActor (String?) -> Void
    ) {
        switch result {
        case .failure(let error):
            current = nil
            whenDone(refuse(path, error, job: job))
        case .success(let mappings):
            if job.progress.isCancelled {
                current = nil
                whenDone(cancelled(path))
            } else if let choice = FieldMappingChoice(path: path, mappings: mappings) {
                current = nil
                fieldMappingChoice = choice
                whenDone(nil)
            } else {
                importInBackground(path, mappings: mappings, job: job, whenDone: whenDone)
            }
        }
    }

    /// The field dialog's answer: the next note type's question, or the import.
    func confirmFieldMapping() {
        guard let choice = fieldMappingChoice, choice.confirm(), current == nil else { return }
        fieldMappingChoice = nil
        importInBackground(choice.path, mappings: choice.mappings, job: begin(choice.path)) { _ in }
    }

    func cancelFieldMapping() {
        fieldMappingChoice = nil
    }

    /// What an import's thread brings back: the deck listed, what the package held, and
    /// its history replayed (nil when there was none to replay, or nowhere to keep it).
    private typealias Imported = (entry: DeckEntry, imported: ImportedDeck, history: HistoryImport?)

    private func importInBackground(
        _ path: LocalPath, mappings: [AnkiFieldMapping], job: ImportJob, whenDone: @escaping @MainActor (String?) -> Void
    ) {
        // The replay has a connection of its own, on the import's thread, and runs
        // before the deck is listed: a kill during it leaves no deck, never a deck
        // without its history (the whole replay is one transaction). It marks itself
        // the import's until the deck file is listed, so a kill or a failure between
        // the two is taken back (``finishImport``, and the next start's settling).
        var replayer: HistoryReplayer?
        var historyProblem: String?
        do throws(ReviewStoreError) {
            guard let planner else { throw ReviewStoreError(path: "", kind: .other(tr("the review history is not open"))) }
            replayer = try planner.historyReplayer()
            if replayer == nil { historyProblem = tr("your review history is kept for this run only") }
        } catch {
            historyProblem = error.description
        }
        let catalog = catalog
        let progress = job.progress
        let takenIDs = takenIDs()
        BackgroundThread.start { [weak self, replayer, historyProblem] in
            let result = Result { () throws(DeckError) -> Imported in
                var history: HistoryImport?
                let (entry, imported) = try catalog.import(
                    path, mappings: mappings, takenIDs: takenIDs, progress: progress
                ) { id, imported throws(DeckError) in
                    guard !imported.reviews.isEmpty, let replayer else { return }
                    progress.begin(.replayingHistory)
                    do throws(ReviewStoreError) {
                        history = try replayer.replay(
                            imported.reviews, deck: PracticeDirection.recognition.scheduleKey(for: id), unlistedFile: id,
                            shouldStop: { progress.isCancelled })
                    } catch {
                        throw DeckError(problems: [DeckProblem(
                            file: "\(path.lastComponent)",
                            message: tr("was not imported: its review history could not be saved: {reason}", ["reason": error.description]))])
                    }
                }
                return (entry, imported, history)
            }
            MainLoop.perform { self?.finishImport(path, job, result, historyProblem: historyProblem, whenDone: whenDone) }
        }
    }

    private func finishImport(
        _ path: LocalPath, _ job: ImportJob, _ result: Result<Imported, DeckError>, historyProblem: String?,
        whenDone: @escaping @MainActor (String?) -> Void
    ) {
        current = nil
        AppModels.settleImports(planner, catalog: catalog)
        switch result {
        case .success(let (entry, imported, history)):
            if let history { planner?.historyReplayed(history) }
            chooser.useImported(entry.id)
            state.toaster.show(sentences(about: imported, history: history, historyProblem: historyProblem, named: entry.name))
            self.imported()
            whenDone(nil)
        case .failure(let error):
            whenDone(refuse(path, error, job: job))
        }
    }

    /// Says why `path` was not imported, in a dialog, unless the learner cancelled it
    /// (``cancelled(_:)``). Returns the words, for a command line.
    private func refuse(_ path: LocalPath, _ error: DeckError, job: ImportJob) -> String {
        guard !job.progress.isCancelled else { return cancelled(path) }
        let text = error.shownProblems
        state.importFailure = (
            title: tr("Could not import {file}", ["file": "\(path.lastComponent)"]),
            message: tr("Kuchi did not import this file. Fix what is listed below and import it again.") + "\n\n" + text)
        return text
    }

    /// Says in a toast that the import the learner cancelled did not happen; returns the
    /// words, for a command line.
    private func cancelled(_ path: LocalPath) -> String {
        state.toaster.show(tr("Import cancelled"))
        return tr("{file} was not imported: the import was cancelled", ["file": "\(path.lastComponent)"])
    }

    /// What was imported, what history came along or kept, and what was left out.
    private func sentences(
        about imported: ImportedDeck, history: HistoryImport?, historyProblem: String?, named name: String
    ) -> String {
        var sentences = [tr("Imported “{deck}”.", ["deck": name])]
        if let history {
            if history.cards > 0 {
                sentences.append(trn(
                    "Its history came along: {count} review.", "Its history came along: {count} reviews.", history.reviews))
            }
            if history.cardsKept > 0 {
                sentences.append(trn(
                    "{count} card you had already studied kept its history in Kuchi.",
                    "{count} cards you had already studied kept their history in Kuchi.", history.cardsKept))
            }
        } else if !imported.reviews.isEmpty, let historyProblem {
            sentences.append(tr("Its review history could not be saved: {reason}.", ["reason": historyProblem]))
        }
        if let skipped = imported.skipped.sentence { sentences.append(skipped) }
        return sentences.joined(separator: " ")
    }
}
