import FoundationEssentials
import GtkKit
import KuchiModel

/// Kuchi's main window importing packages, for gtkkit-bench's import figures
/// (`--imports`): the real models, the real import job and its bar.
@_spi(Benchmark) @MainActor
public final class ImportProbe {
    public let window: Window
    private let models: AppModels

    /// A registered learner on Kuchi Basics, their files in `folder`.
    public init(folder: URL, bundledDecks: URL?) throws {
        models = try AppModels.registeredLearner(in: folder, bundledDecks: bundledDecks)
        Theme.install()
        window = MainWindow.make(application: nil, models: models)
        window.resize(width: 720, height: 640)
    }

    /// Imports `file` as *Import…* does; `whenDone` gets the refusal, or nil. A package
    /// whose fields need the learner's choice is imported with the fields proposed.
    public func start(_ file: URL, whenDone: @escaping @MainActor (String?) -> Void) {
        models.imports.start(LocalPath(file)) { [models] problem in
            if problem == nil, models.imports.fieldMappingChoice != nil {
                self.confirmEveryField(whenDone: whenDone)
            } else {
                whenDone(problem)
            }
        }
    }

    private func confirmEveryField(whenDone: @escaping @MainActor (String?) -> Void) {
        while models.imports.fieldMappingChoice != nil, models.imports.current == nil {
            models.imports.confirmFieldMapping()
        }
        let before = models.decks.entries.count
        // The import that follows the dialog reports to the window only.
        func wait() {
            if models.imports.current == nil {
                whenDone(models.decks.entries.count > before ? nil : models.state.importFailure?.message ?? "refused")
            } else {
                MainLoop.after(.milliseconds(5)) { wait() }
            }
        }
        wait()
    }

    /// Presses the import bar's Cancel.
    public func cancel() { models.imports.cancel() }

    /// What the import under way is doing, if one is.
    public var phase: ImportProgress.Phase? { models.imports.current?.progress.phase }

    /// The cards of the deck in use (the last one imported).
    public var cardsInUse: Int { models.deckInUse.deck.cards.count }
}
