import KuchiModel
import Observation

/// One import under way, as the window shows it (ImportBar in RootView.swift): the
/// file's name, what the import is doing, how much of it is done, and its Cancel.
///
/// The import's own thread moves an ``ImportProgress`` on without waiting for the window;
/// ``refresh()`` copies its phase and fraction into observed state every tenth of a
/// second (``DeckImports`` calls it), so the bar moves while the window never waits for
/// the import, nor the import for the window.
@MainActor @Observable
final class ImportJob {
    /// The file's name, as the learner picked or typed it.
    let name: String
    @ObservationIgnored let progress = ImportProgress()
    private(set) var phase = ImportProgress.Phase.waiting
    /// How much of the phase is done (0 to 1), when that is known.
    private(set) var fraction: Double?
    /// Whether Cancel was pressed: the import stops within milliseconds, and says so.
    private(set) var isCancelled = false
    /// How often the window looks at the import's progress.
    static let refreshInterval = Duration.milliseconds(100)

    init(name: String) {
        self.name = name
    }

    func cancel() {
        progress.cancel()
        isCancelled = true
    }

    /// What the import is doing, in words.
    var words: String {
        if isCancelled { return tr("Cancelling…") }
        switch phase {
        case .waiting: return tr("Reading the file…")
        case .unpacking: return tr("Unpacking…")
        case .readingNotes: return tr("Reading the notes…")
        case .readingReviews: return tr("Reading the review history…")
        case .unpackingSounds: return tr("Unpacking the sounds…")
        case .replayingHistory: return tr("Adding the review history to your schedule…")
        case .finished: return tr("Finishing…")
        }
    }

    /// Copies the import's progress into what the window observes (only what changed,
    /// so nothing redraws for nothing).
    func refresh() {
        let newPhase = progress.phase
        if newPhase != phase { phase = newPhase }
        let newFraction = progress.fraction
        if newFraction != fraction { fraction = newFraction }
    }
}
