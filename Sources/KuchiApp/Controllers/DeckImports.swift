import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// Importing decks from files: JSON decks, Anki packages and notes exported from Anki
/// as text, from the file chooser (in the background, ``importInBackground(_:)``) or
/// the command line (`--import-deck`, ``importDeck(_:)``). An Anki package whose field
/// names do not say which is the word, the reading and the meaning waits for the
/// learner's choice (``fieldMappingChoice``). The deck imported is listed and becomes
/// the deck in use (through ``DeckChooser``); its review history, if it has one, is
/// replayed into the schedule; a refused file is shown in a dialog, in words.
@MainActor @Observable
final class DeckImports {
    /// An Anki package waiting for the learner to choose its fields, while the field
    /// dialog shows (``importDeck(_:)``).
    private(set) var fieldMappingChoice: FieldMappingChoice?
    /// The file being imported in the background (``importInBackground(_:)``), by name.
    private(set) var importingName: String?

    @ObservationIgnored private let catalog: DeckCatalog
    /// Lists the deck imported and makes it the deck in use.
    @ObservationIgnored private let chooser: DeckChooser
    /// Where an imported package's review history goes.
    @ObservationIgnored private let planner: StudyPlanner?
    @ObservationIgnored private let state: AppState

    init(chooser: DeckChooser, planner: StudyPlanner?, state: AppState) {
        catalog = chooser.catalog
        self.chooser = chooser
        self.planner = planner
        self.state = state
    }

    /// Imports the deck in `path`, lists it and uses it; a refused file is shown
    /// in a dialog, in words. Returns the problem, if any, for a command line.
    ///
    /// An Anki package whose field names do not say which is the word, the reading and
    /// the meaning is imported once the learner has chosen them
    /// (``fieldMappingChoice``); until then this returns nil.
    @discardableResult
    func importDeck(_ path: LocalPath) -> String? {
        do {
            let mappings = try DeckImporter.fieldMappings(of: path, scratch: catalog.makeScratchFolder(for: "\(path.lastComponent)"))
            if let choice = FieldMappingChoice(path: path, mappings: mappings) {
                fieldMappingChoice = choice
                return nil
            }
            return importDeck(path, mappings: mappings)
        } catch {
            return refuse(path, error)
        }
    }

    /// The file chooser's import: as ``importDeck(_:)``, but the file is read, and the
    /// deck and its sounds written, on a thread of their own, so the window goes on
    /// while a large Anki package (25,000 notes: about 2 s) is unpacked. Only the end
    /// (listing the deck, replaying its history, the toast) is on the main actor. One
    /// import at a time: another asked for meanwhile is ignored.
    func importInBackground(_ path: LocalPath) {
        guard importingName == nil else { return }
        importingName = "\(path.lastComponent)"
        let catalog = catalog
        Task.detached(priority: .userInitiated) { [weak self] in
            let mappings = Result { () throws(DeckError) -> [AnkiFieldMapping] in
                try DeckImporter.fieldMappings(of: path, scratch: catalog.makeScratchFolder(for: "\(path.lastComponent)"))
            }
            MainLoop.perform { self?.mappingsRead(path, mappings) }
        }
    }

    private func mappingsRead(_ path: LocalPath, _ result: Result<[AnkiFieldMapping], DeckError>) {
        switch result {
        case .failure(let error):
            importingName = nil
            refuse(path, error)
        case .success(let mappings):
            if let choice = FieldMappingChoice(path: path, mappings: mappings) {
                importingName = nil
                fieldMappingChoice = choice
            } else {
                importInBackground(path, mappings: mappings)
            }
        }
    }

    private func importInBackground(_ path: LocalPath, mappings: [AnkiFieldMapping]) {
        importingName = "\(path.lastComponent)"
        let catalog = catalog
        Task.detached(priority: .userInitiated) { [weak self] in
            let result = Result { () throws(DeckError) -> (entry: DeckEntry, imported: ImportedDeck) in
                try catalog.import(path, mappings: mappings)
            }
            MainLoop.perform { self?.finishImport(path, result) }
        }
    }

    private func finishImport(_ path: LocalPath, _ result: Result<(entry: DeckEntry, imported: ImportedDeck), DeckError>) {
        importingName = nil
        switch result {
        case .success(let (entry, imported)): use(entry, imported)
        case .failure(let error): refuse(path, error)
        }
    }

    /// The field dialog's answer: the next note type's question, or the import.
    func confirmFieldMapping() {
        guard let choice = fieldMappingChoice, choice.confirm() else { return }
        fieldMappingChoice = nil
        importInBackground(choice.path, mappings: choice.mappings)
    }

    func cancelFieldMapping() {
        fieldMappingChoice = nil
    }

    @discardableResult
    private func importDeck(_ path: LocalPath, mappings: [AnkiFieldMapping]) -> String? {
        do {
            let (entry, imported) = try catalog.import(path, mappings: mappings)
            use(entry, imported)
            return nil
        } catch {
            return refuse(path, error)
        }
    }

    /// Lists the deck just imported and uses it; replays its history; says so.
    private func use(_ entry: DeckEntry, _ imported: ImportedDeck) {
        chooser.useImported(entry.id)
        state.toaster.show(historyAndSkips(of: imported, named: entry.name, id: entry.id))
    }

    @discardableResult
    private func refuse(_ path: LocalPath, _ error: DeckError) -> String {
        let text = error.problems.prefix(DeckChooser.problemsShown).map { PrintableText.escaping($0.description) }
            .joined(separator: "\n")
        state.importFailure = (
            title: tr("Could not import {file}", ["file": "\(path.lastComponent)"]),
            message: tr("Kuchi did not import this file. Fix what is listed below and import it again.") + "\n\n" + text)
        return text
    }

    /// Replays an Anki package's review history into the deck's cards (recognition:
    /// Anki's cards are word → meaning), and says what was imported, what kept, and
    /// what left out.
    private func historyAndSkips(of imported: ImportedDeck, named name: String, id: String) -> String {
        var sentences = [tr("Imported “{deck}”.", ["deck": name])]
        if !imported.reviews.isEmpty, let planner {
            do {
                let history = try planner.importHistory(imported.reviews, deck: PracticeDirection.recognition.scheduleKey(for: id))
                if history.cards > 0 {
                    sentences.append(trn(
                        "Its history came along: {count} review.", "Its history came along: {count} reviews.", history.reviews))
                }
                if history.cardsKept > 0 {
                    sentences.append(trn(
                        "{count} card you had already studied kept its history in Kuchi.",
                        "{count} cards you had already studied kept their history in Kuchi.", history.cardsKept))
                }
            } catch {
                sentences.append(tr("Its review history could not be saved: {reason}.", ["reason": error.description]))
            }
        }
        if let skipped = imported.skipped.sentence { sentences.append(skipped) }
        return sentences.joined(separator: " ")
    }
}
