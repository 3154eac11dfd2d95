import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// Fitting the learner's memory model to their review log (``MemoryModelFit``) on a
/// thread of its own, between practice sessions only: by itself once the reviews reach
/// 400 and each time they have doubled since the last fit, or when the learner presses
/// "Fit now" on the Statistics page, which shows how far it has come and a Cancel.
///
/// The log is read, fitted and judged on a thread of its own, over a connection of its
/// own to the review store (`store-bench --optimizer` times each part); the result
/// comes back to the main thread, where new parameters are kept in the settings only
/// if they predict the log better than those in use. A fit never starts while a session is under way, and one
/// that ends during a session (started before it) waits for the session's end: a
/// session's cards are all scheduled by one model.
@MainActor @Observable
final class MemoryModelFitter {
    /// How far the fit under way has come, 0 to 1; nil when none runs.
    private(set) var fraction: Double?
    /// Whether Cancel was pressed on the fit under way.
    private(set) var isCancelling = false
    var isFitting: Bool { fraction != nil }

    @ObservationIgnored private let users: UserManager
    @ObservationIgnored private let planner: StudyPlanner
    @ObservationIgnored private let state: AppState
    @ObservationIgnored private let isSessionUnderway: @MainActor () -> Bool
    @ObservationIgnored private var progress: MemoryModelFitProgress?
    /// A fit that ended during a session, kept until the session is over.
    @ObservationIgnored private var waiting: (outcome: MemoryModelFit.Outcome, reviewCount: Int)?
    /// Runs on the fit's thread before it starts (tests hold a fit there).
    @ObservationIgnored var gate: @Sendable () -> Void = {}
    /// How long after the window first shows the fitter starts to follow the sessions
    /// (``watch()``): an automatic fit reads the whole log, out of the way of start-up.
    static let watchDelay = Duration.seconds(10)
    /// How often the window looks at the fit's progress.
    static let refreshInterval = Duration.milliseconds(100)

    /// - Parameter isSessionUnderway: whether a practice session or a Learn round is
    ///   under way (``sessionUnderway(state:challenges:typing:learn:)``).
    init(users: UserManager, planner: StudyPlanner, state: AppState, isSessionUnderway: @escaping @MainActor () -> Bool) {
        self.users = users
        self.planner = planner
        self.state = state
        self.isSessionUnderway = isSessionUnderway
    }

    /// Whether a session is under way: a challenge or typing session not yet over, or a
    /// Learn round begun and not finished.
    static func sessionUnderway(
        state: AppState, challenges: ChallengesViewModel, typing: TypingSession, learn: LearnSession
    ) -> Bool {
        let practising = switch state.challengeStep {
        case .welcome: false
        case .practice: !challenges.isOver
        case .typing: !typing.isFinished
        }
        return practising || (!learn.isFinished && learn.position > 1)
    }

    /// Why "Fit now" cannot run now, in words; nil when it can.
    var unavailableReason: String? {
        guard let count = planner.reviewCount() else { return tr("Your review history could not be opened.") }
        if count < MemoryModelFit.minimumReviews {
            return trn(
                "A fit needs {minimum} reviews; you have {count}.", "A fit needs {minimum} reviews; you have {count}.",
                count, ["minimum": MemoryModelFit.minimumReviews.grouped])
        }
        if isSessionUnderway() { return tr("Finish your session or flash-card round first: Kuchi changes its model only between them.") }
        return nil
    }

    /// Fits now, as the learner asked, unless a fit runs or cannot run (``unavailableReason``).
    func fitNow() {
        guard !isFitting, unavailableReason == nil else { return }
        start()
    }

    /// Stops the fit under way; nothing changes, and a toast says so.
    func cancel() {
        guard let progress, !isCancelling else { return }
        progress.cancel()
        isCancelling = true
    }

    /// Follows the sessions and the reviews from now on: whenever no session is under
    /// way and the reviews have doubled since the last fit (and are at least 400), a fit
    /// starts; a fit that waited for a session's end is kept or left then. Looks once
    /// at once.
    func watch() {
        withObservationTracking {
            _ = isSessionUnderway()
            _ = planner.revision
        } onChange: { [weak self] in
            MainLoop.perform {
                self?.watch()
            }
        }
        betweenSessions()
    }

    /// With no session under way: the fit that waited is kept or left, or a fit starts
    /// if one is due.
    private func betweenSessions() {
        guard !isSessionUnderway(), !isFitting else { return }
        if let waiting {
            self.waiting = nil
            apply(waiting.outcome, reviewCount: waiting.reviewCount)
            return
        }
        guard let count = planner.reviewCount(),
            MemoryModelFit.isDue(reviewCount: count, lastFitReviewCount: users.settings.lastFitReviewCount)
        else { return }
        start()
    }

    private func start() {
        // The file read on the fit's thread; reviews kept in memory only, read here.
        let reader: ReviewLogReader?
        var inMemory: [ExportedReview]?
        do {
            reader = try planner.reviewLogReader()
            if reader == nil { inMemory = try planner.exportedReviews() }
        } catch {
            cannotRead(error)
            return
        }
        let progress = MemoryModelFitProgress()
        self.progress = progress
        fraction = 0
        isCancelling = false
        let current = users.settings.fsrsParameters
        let dayStartHour = planner.studyDay.rolloverHour
        let now = planner.now
        let gate = gate
        BackgroundThread.start { [weak self, inMemory] in
            gate()
            var reviews = inMemory ?? []
            if let reader {
                do throws(ReviewStoreError) {
                    reviews = try reader.reviews()
                } catch {
                    MainLoop.perform { self?.finished(.failure(error), reviewCount: 0) }
                    return
                }
            }
            let outcome = MemoryModelFit.run(
                reviews: reviews, current: current, dayStartHour: dayStartHour, at: now, progress: progress)
            MainLoop.perform { self?.finished(.success(outcome), reviewCount: reviews.count) }
        }
        refreshWhileRunning(progress)
    }

    private func refreshWhileRunning(_ progress: MemoryModelFitProgress) {
        MainLoop.after(Self.refreshInterval) { [weak self] in
            guard let self, self.progress === progress else { return }
            let fraction = progress.fraction
            if self.fraction != fraction { self.fraction = fraction }
            self.refreshWhileRunning(progress)
        }
    }

    private func finished(_ result: Result<MemoryModelFit.Outcome, ReviewStoreError>, reviewCount: Int) {
        progress = nil
        fraction = nil
        isCancelling = false
        let outcome: MemoryModelFit.Outcome
        switch result {
        case .success(let fitted): outcome = fitted
        case .failure(let error):
            cannotRead(error)
            return
        }
        if outcome == .cancelled {
            state.toaster.show(tr("Fitting cancelled: your memory model stays as it was"))
        } else if isSessionUnderway() {
            waiting = (outcome, reviewCount)
        } else {
            apply(outcome, reviewCount: reviewCount)
        }
    }

    private func cannotRead(_ error: ReviewStoreError) {
        state.toaster.show(tr("Kuchi could not read your review history to fit its memory model: {reason}", [
            "reason": error.description,
        ]))
    }

    /// Keeps a better fit in the settings, with the count of reviews it was made from
    /// either way (the next automatic fit waits for twice as many), in one save.
    private func apply(_ outcome: MemoryModelFit.Outcome, reviewCount: Int) {
        var settings = users.settings
        settings.lastFitReviewCount = reviewCount
        if case .better(let model) = outcome { settings.memoryModel = model }
        users.settings = settings
        if let words = MemoryModelFit.words(for: outcome) { state.toaster.show(words) }
    }
}
