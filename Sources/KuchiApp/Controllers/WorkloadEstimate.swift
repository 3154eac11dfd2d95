import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// The reviews a day the desired retention implies, shown under the setting
/// (``WorkloadSimulation``): the learner's cards, every deck's, played forward 30 days
/// with their parameters and the retention chosen, with the deck in use's new cards
/// started at the daily limit.
///
/// Worked out on a thread of its own, over a connection of its own to the review store,
/// each time the setting shows and, once it has shown, each time the retention, the
/// daily limit or the memory model changes; a result for settings since changed is
/// dropped.
@MainActor @Observable
final class WorkloadEstimate {
    /// The last figure worked out: for which settings, and the reviews a day.
    private(set) var estimate: (key: Key, reviewsPerDay: Double)?
    /// Whether the review history's file cannot be read (not open, or another
    /// program's, this run's reviews kept in memory only): no figure then.
    private(set) var isUnavailable = false

    @ObservationIgnored private let users: UserManager
    @ObservationIgnored private let planner: StudyPlanner
    @ObservationIgnored private let inUse: DeckInUse
    /// The figure being worked out, to drop any other that comes back.
    @ObservationIgnored private var pending: Key?

    /// What the figure depends on among the settings.
    struct Key: Equatable {
        var retention: Int
        var dailyNewCards: Int
        var parameters: [Double]
    }

    init(users: UserManager, planner: StudyPlanner, inUse: DeckInUse) {
        self.users = users
        self.planner = planner
        self.inUse = inUse
    }

    private var key: Key {
        Key(retention: users.settings.desiredRetention, dailyNewCards: users.settings.dailyNewCards,
            parameters: users.settings.fsrsParameters)
    }

    /// The figure in words, or that it is being worked out (or cannot be).
    var words: String {
        if isUnavailable { return tr("Needs the review history, which could not be opened.") }
        guard let estimate, estimate.key == key else { return tr("Working out the reviews a day…") }
        let perDay = Int(estimate.reviewsPerDay.rounded())
        return trn(
            "About {count} review a day over the next 30 days, with your memory model",
            "About {count} reviews a day over the next 30 days, with your memory model", perDay)
    }

    /// From the first time the setting shows: works the figure out again whenever the
    /// settings it depends on change (nothing is simulated before anyone looks).
    func watch() {
        guard !isWatching else { return }
        isWatching = true
        track()
    }

    @ObservationIgnored private var isWatching = false

    private func track() {
        withObservationTracking {
            _ = key
        } onChange: { [weak self] in
            MainLoop.perform {
                self?.track()
                self?.refresh()
            }
        }
    }

    /// Works the figure out for the settings now, unless it is known or under way.
    func refresh() {
        let key = key
        guard estimate?.key != key || planner.revision != revision, pending != key else { return }
        let reader = try? planner.reviewLogReader()
        if isUnavailable != (reader == nil) { isUnavailable = reader == nil }
        guard let reader else { return }
        pending = key
        revision = planner.revision
        let scheduler = StudyPlanner.scheduler(for: users.settings)
        let newCards = planner.statistics(deck: inUse.key, deckSize: inUse.deck.cards.count)?.cards.new ?? 0
        let now = planner.now
        BackgroundThread.start { [weak self] in
            let cards = (try? reader.cardStates()) ?? []
            let perDay = WorkloadSimulation.reviewsPerDay(
                cards: cards, newCards: newCards, newPerDay: key.dailyNewCards, scheduler: scheduler, from: now)
            MainLoop.perform { self?.finished(key, perDay) }
        }
    }

    /// The schedule's revision the last figure was worked out at: a figure is stale once
    /// answers have moved the cards on.
    @ObservationIgnored private var revision = -1

    private func finished(_ key: Key, _ perDay: Double) {
        guard pending == key else { return }
        pending = nil
        estimate = (key, perDay)
    }
}
