import FoundationEssentials
import Observation

/// The learner's schedule: which cards a session asks, and each answer kept as an FSRS
/// review in the ``ReviewStore``.
///
/// It stands on three parts: `ReviewStoreOpener` opens the store (and tries again),
/// `SessionPlanning` plans from it, and `ScheduleWords` says things in words. The
/// planner keeps what they give (the open store, cached plans, waiting answers, the
/// last answer to take back) and when to ask again.
///
/// - A session is the cards due now, most overdue first, then cards never seen, as many
///   as today's new-card limit still allows (``sessionQuestions(deck:questions:limit:)``).
/// - An answer is a review (``review(_:deck:rating:answerTime:)``): the card's next
///   state comes from ``FSRSScheduler`` with the desired retention of the settings, and
///   is committed durably before the call returns, so before the next question shows.
///
/// A database that cannot be opened (damaged, locked, from a newer Kuchi) leaves the
/// planner without a store: ``problems`` says why, in words, sessions fall back to
/// practice that is not scheduled, and the file is left exactly as it is. Another
/// program's SQLite file is left alone too, and this run's reviews are kept in memory.
///
/// No answer is dropped: one that cannot be saved (a lock, a full disk, a read-only
/// folder) waits, in order, in memory and in an `AnswerJournal` beside the database,
/// and is saved with its own time as soon as the database takes it — at the next
/// answer, on a timer while the problem lasts, at ``close()``, or at the next start
/// (StudyPlanner+WaitingAnswers.swift).
///
/// The database file alone is a complete copy of the history at every quiet moment: a
/// few seconds after the last save the write-ahead log is checkpointed into it, and
/// ``close()`` (every way the app exits) does the same before closing.
@MainActor
@Observable
public final class StudyPlanner {
    /// Why the schedule is not being kept, or the last review was not saved, in words.
    public var problems: [String] { [openProblem, logProblem, journalProblem, saveProblem, readProblem].compactMap(\.self) }
    /// Counts the reviews saved (or taken back) by this planner; reading it makes a view
    /// follow them.
    public internal(set) var revision = 0

    /// Why the database could not be opened or the old progress imported, until dismissed.
    public private(set) var openProblem: String?
    /// How many answers wait to be saved and why, until they are.
    public internal(set) var saveProblem: String?
    /// Why the schedule could not be read, until a review is saved.
    public private(set) var readProblem: String?
    /// How many answers wait to be saved (see StudyPlanner+WaitingAnswers.swift).
    public internal(set) var waitingCount = 0
    /// What the background check of the review log found, if it is damaged.
    public private(set) var logProblem: String?
    /// Whether the background check of the review log has finished (for tests).
    public private(set) var hasCheckedLog = false
    @ObservationIgnored var store: ReviewStore?
    /// Answers not yet saved, oldest first; they are saved in this order.
    @ObservationIgnored var waiting: [PendingAnswer] = []
    /// Where waiting answers are kept on disk; nil for a store in memory.
    @ObservationIgnored var journal: AnswerJournal?
    /// Each waiting answer's card as it will be once the answers are saved, so a
    /// session goes on as if they were.
    @ObservationIgnored var expected: [CardID: FSRSCard] = [:]
    /// The last answer of this run, until it is taken back (StudyPlanner+Undo.swift).
    @ObservationIgnored var undoable: UndoableAnswer?
    /// Tries the waiting answers again while they wait.
    @ObservationIgnored var retryTask: Task<Void, Never>?
    /// How long between tries while answers wait.
    @ObservationIgnored public var retryInterval = Duration.seconds(10)
    /// Checkpoints the write-ahead log into the database file after a quiet moment.
    @ObservationIgnored var checkpointTask: Task<Void, Never>?
    /// How long after the last save the database file is brought up to date.
    @ObservationIgnored public var checkpointDelay = Duration.seconds(3)
    /// How many of the waiting answers are in memory only (the journal could not be
    /// written), and why the last of them could not be.
    @ObservationIgnored var answersOnlyInMemory = 0
    @ObservationIgnored var lastJournalError: AtomicFile.WriteError?
    /// Why the last save failed, for the banner.
    @ObservationIgnored var lastSaveError: ReviewStoreError?
    /// Lines of the journal that could not be read, until dismissed.
    public internal(set) var journalProblem: String?
    /// Counts the quiet-moment checkpoints done (for tests).
    @ObservationIgnored var checkpoints = 0
    /// Set by ``close()``: nothing is saved or scheduled after it.
    @ObservationIgnored public internal(set) var isClosed = false
    /// Opens the database, again after a problem that can pass (a lock, a read-only
    /// folder, a full disk); nil once open, or after damage that cannot.
    @ObservationIgnored var opener: ReviewStoreOpener?
    /// How long after opening the review log is checked.
    @ObservationIgnored private var logCheckDelay = Duration.zero
    @ObservationIgnored private let settings: @MainActor () -> Settings
    @ObservationIgnored private let clock: @MainActor () -> Date
    @ObservationIgnored var random: any RandomNumberGenerator
    @ObservationIgnored private var cachedStatistics: (key: StatisticsKey, value: ReviewStatistics)?
    @ObservationIgnored private var cachedOutlook: (key: OutlookKey, value: StudyOutlook)?
    /// Counts the moments the outlook changed with time alone: a card fell due, or a
    /// study day began. Read by ``outlook(deck:questions:)``, so what shows it follows.
    private var timeTick = 0
    @ObservationIgnored private var wakeUp: Task<Void, Never>?
    /// When ``timeTick`` is next bumped, and when the wake-up's current sleep ends.
    @ObservationIgnored private var wakeDeadline: ContinuousClock.Instant?
    @ObservationIgnored private var sleepEnd: ContinuousClock.Instant?
    /// Tells the current wake-up from one that was replaced.
    @ObservationIgnored private var wakeGeneration = 0
    /// Where study days begin.
    public let studyDay: StudyDay

    /// Anki's default: a study day begins at 4 AM, so a late session counts for the
    /// evening it began in.
    public static let defaultStudyDay = StudyDay(rolloverHour: 4)

    /// - Parameters:
    ///   - store: where reviews are kept; `nil` keeps no schedule (every session is
    ///     practice that is not scheduled).
    ///   - problem: why there is no store, to show.
    ///   - studyDay: where study days begin.
    ///   - settings: read at each use (desired retention, daily new cards).
    ///   - clock: the time of each review and of each plan.
    ///   - random: the source of FSRS's interval fuzz.
    public init(
        store: ReviewStore?, problem: String? = nil, studyDay: StudyDay = StudyPlanner.defaultStudyDay,
        settings: @escaping @MainActor () -> Settings, clock: @escaping @MainActor () -> Date = { Date() },
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.store = store
        journal = store.flatMap { $0.isInMemory ? nil : AnswerJournal(databasePath: $0.path) }
        openProblem = problem
        self.studyDay = studyDay
        self.settings = settings
        self.clock = clock
        self.random = random
    }

    /// Opens (or creates) the database at `path` and imports the old progress file once.
    ///
    /// Never throws: a database that cannot be used gives a planner without a store and
    /// a problem that says what is wrong and that nothing was changed.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - legacyProgress: the old progress file, imported once when there is one.
    ///   - studyDay: where study days begin.
    ///   - settings: read at each use (desired retention, daily new cards).
    ///   - clock: the time of each review and of each plan.
    ///   - logCheckDelay: how long after opening the review log is checked in
    ///     the background (out of the way of start-up).
    public static func open(
        path: String, legacyProgress: URL?, studyDay: StudyDay = StudyPlanner.defaultStudyDay,
        settings: @escaping @MainActor () -> Settings, clock: @escaping @MainActor () -> Date = { Date() },
        logCheckDelay: Duration = .seconds(3)
    ) -> StudyPlanner {
        let planner = StudyPlanner(store: nil, studyDay: studyDay, settings: settings, clock: clock)
        planner.opener = ReviewStoreOpener(path: path, legacyProgress: legacyProgress)
        planner.logCheckDelay = logCheckDelay
        planner.openStore()
        planner.takeJournal(databasePath: path)
        return planner
    }

    /// Opens the database with ``opener``; on failure says why, and keeps the opener
    /// for another try if the cause can pass.
    func openStore() {
        guard store == nil, var opener, !isClosed else { return }
        let outcome = opener.open(at: clock())
        self.opener = opener.canRetry ? opener : nil
        switch outcome {
        case .opened(let opened, let legacyProblem):
            store = opened
            openProblem = legacyProblem.map(ScheduleWords.legacyNotImported)
            ReviewStoreOpener.checkLogInBackground(path: opener.path, after: logCheckDelay) { [weak self] damage in
                self?.finishLogCheck(problem: damage.map(ScheduleWords.logDamaged))
            }
        case .inMemory(let memory, let error):
            lastSaveError = error
            store = memory
            journal = nil
            openProblem = ScheduleWords.keptInMemory(error)
        case .failed(let error):
            lastSaveError = error
            let text = ScheduleWords.notOpened(error)
            if openProblem != text { openProblem = text }
        }
    }

    /// Clears ``openProblem``, ``logProblem`` and ``journalProblem`` once shown; the
    /// sentence about waiting answers stays until they are saved.
    public func dismissProblems() {
        openProblem = nil
        logProblem = nil
        journalProblem = nil
    }

    /// Whether any problem shown is one ``dismissProblems()`` clears (the waiting
    /// answers' sentence stays until they are saved).
    public var hasDismissibleProblems: Bool { openProblem != nil || logProblem != nil || journalProblem != nil }

    private func finishLogCheck(problem: String?) {
        logProblem = problem
        hasCheckedLog = true
    }

    /// The planner's time now.
    public var now: Date { clock() }

    /// Whether answers are being scheduled and saved.
    public var isScheduling: Bool { store != nil }

    /// The scheduler with today's settings, fuzz on (as in Anki) unless `fuzz` says not
    /// (a replayed history is the same every time).
    private func scheduler(fuzz: Bool = true) -> FSRSScheduler {
        FSRSScheduler(desiredRetention: Double(settings().desiredRetention) / 100, fuzz: fuzz)
    }

    /// The questions of a new session of `deck`, at most `limit`: the cards due now,
    /// most overdue first, then new cards (in deck order) while today's limit allows.
    /// Only questions in `questions` (the deck's, in order) are returned.
    public func sessionQuestions(deck: String, questions: [String], limit: Int) -> [String] {
        openStore()
        guard let store, limit > 0 else { return [] }
        return saving { () throws(ReviewStoreError) -> [String] in
            try planning(store).sessionQuestions(deck: deck, questions: questions, limit: limit)
        } ?? []
    }

    /// Plans from `store` now, with today's settings.
    private func planning(_ store: ReviewStore) -> SessionPlanning {
        SessionPlanning(store: store, now: clock(), studyDay: studyDay, dailyNewCards: settings().dailyNewCards)
    }

    /// What a session of `deck` would hold now, and when the next card is due.
    ///
    /// Kept until a review is saved, the settings or the deck change, or time alone
    /// changes it: the planner wakes up when the next card falls due or the study day
    /// turns, so a Welcome screen left open says "1 card to review" when it is so.
    public func outlook(deck: String, questions: [String]) -> StudyOutlook? {
        guard let store else { return nil }
        let now = clock()
        let key = OutlookKey(
            deck: deck, questions: questions.count, first: questions.first, last: questions.last,
            revision: revision, timeTick: timeTick, dailyNewCards: settings().dailyNewCards,
            day: studyDay.start(of: now))
        if let cached = cachedOutlook, cached.key == key { return cached.value }
        let outlook = saving { () throws(ReviewStoreError) -> StudyOutlook in
            try planning(store).outlook(deck: deck, questions: questions)
        }
        if let outlook {
            cachedOutlook = (key, outlook)
            let dayEnd = studyDay.start(of: now, offsetBy: 1)
            wake(after: min(outlook.nextDue ?? dayEnd, dayEnd).timeIntervalSince(now))
        }
        return outlook
    }

    private struct OutlookKey: Equatable {
        var deck: String
        var questions: Int
        var first: String?
        var last: String?
        var revision: Int
        var timeTick: Int
        var dailyNewCards: Int
        var day: Date
    }

    /// Stops the wake-up that keeps the outlook current.
    func stopWakeUps() {
        wakeUp?.cancel()
        wakeUp = nil
        wakeDeadline = nil
        sleepEnd = nil
        wakeGeneration += 1
    }

    /// The longest single sleep of the wake-up.
    // NB: a cancelled `Task.sleep` keeps its timer queued until its own deadline, which
    // for "tomorrow at 4 AM" was a day: cancelling one per answer grew memory by about
    // 0.6 KiB an answer. Sleeps are short and a later deadline never cancels one, so a
    // cancelled timer lingers at most this long.
    static let longestSleep = Duration.seconds(60)

    /// Bumps ``timeTick`` a second after `seconds` from now (one deadline at a time).
    private func wake(after seconds: TimeInterval) {
        wakeDeadline = ContinuousClock.now.advanced(by: .seconds(max(seconds, 0) + 1))
        // A sleep under way that ends before the deadline: the wake-up goes on from there.
        if wakeUp != nil, let sleepEnd, let wakeDeadline, sleepEnd <= wakeDeadline { return }
        wakeUp?.cancel()
        wakeGeneration += 1
        let generation = wakeGeneration
        wakeUp = Task { [weak self] in
            while let end = self?.nextWakeUp(generation: generation) {
                try? await Task.sleep(until: end, clock: .continuous)
            }
        }
    }

    /// When the wake-up's next sleep ends; at the deadline, bumps ``timeTick`` and ends
    /// the wake-up (nil), as it does for a wake-up that was replaced or cancelled.
    private func nextWakeUp(generation: Int) -> ContinuousClock.Instant? {
        guard generation == wakeGeneration, !Task.isCancelled else { return nil }
        let now = ContinuousClock.now
        guard let deadline = wakeDeadline, now < deadline else {
            if wakeDeadline != nil { timeTick += 1 }
            wakeDeadline = nil
            sleepEnd = nil
            wakeUp = nil
            return nil
        }
        let end = min(deadline, now.advanced(by: Self.longestSleep))
        sleepEnd = end
        return end
    }

    /// Records an answer to `question` as a review rated `rating`, and returns the
    /// card's new state. An answer the database cannot take now waits to be saved
    /// (StudyPlanner+WaitingAnswers.swift) and the state it will have is returned; nil
    /// only once the planner is closed.
    @discardableResult
    public func review(_ question: String, deck: String, rating: FSRSRating, answerTime: Duration) -> FSRSCard? {
        guard !isClosed else { return nil }
        let answer = PendingAnswer(
            card: CardID(deck: deck, question: question), rating: rating, time: clock(), answerTime: answerTime)
        openStore()
        guard waiting.isEmpty, let store else {
            // Behind the answers that wait (or with no store): queued, then all tried in order.
            let after = keepWaiting(answer)
            saveWaiting()
            return after
        }
        do {
            let (after, reviewID) = try save(answer, in: store)
            undoable = .saved(answer, reviewID: reviewID)
            didSave()
            return after
        } catch {
            // Not tried again at once: the next answer or the timer does.
            lastSaveError = error
            return keepWaiting(answer)
        }
    }

    /// Saves `answer` as a review at its own time: the card's next state from its
    /// stored one, by ``FSRSScheduler`` with today's desired retention. Returns that
    /// state and the review's id in the log.
    func save(_ answer: PendingAnswer, in store: ReviewStore) throws(ReviewStoreError) -> (FSRSCard, reviewID: Int64) {
        let before = try store.card(answer.card) ?? FSRSCard(due: answer.time)
        let after = scheduler().review(before, rating: answer.rating, at: answer.time, using: &random)
        let id = try store.record(Review(
            card: answer.card, rating: answer.rating, time: answer.time, answerTime: answer.answerTime, after: after))
        return (after, id)
    }

    /// The card's state after `rating` now, from what is expected of it (answers that
    /// wait) or stored, without saving anything.
    func expectedState(of card: CardID, after rating: FSRSRating, at time: Date) -> FSRSCard {
        let before = expected[card] ?? (try? store?.card(card)) ?? FSRSCard(due: time)
        return scheduler().review(before, rating: rating, at: time, using: &random)
    }

    /// A review was saved: what shows the schedule follows, and the file is brought up
    /// to date after a quiet moment.
    func didSave() {
        revision += 1
        if readProblem != nil { readProblem = nil }
        checkpointWhenQuiet()
    }

    /// The statistics of `deck` now, or nil without a store. Kept until a review is
    /// saved, the deck changes or the study day turns, since a page reads them often.
    public func statistics(deck: String, deckSize: Int) -> ReviewStatistics? {
        _ = revision
        guard let store else { return nil }
        let now = clock()
        let key = StatisticsKey(deck: deck, deckSize: deckSize, revision: revision, day: studyDay.start(of: now))
        if let cached = cachedStatistics, cached.key == key { return cached.value }
        let value = saving { () throws(ReviewStoreError) -> ReviewStatistics in
            try store.statistics(deck: deck, deckSize: deckSize, at: now, studyDay: studyDay)
        }
        if let value { cachedStatistics = (key, value) }
        return value
    }

    private struct StatisticsKey: Equatable {
        var deck: String
        var deckSize: Int
        var revision: Int
        var day: Date
    }

    /// Runs `work`, which reads the schedule; a store error becomes the shown problem
    /// and gives nil.
    func saving<T>(_ work: () throws(ReviewStoreError) -> T) -> T? {
        do {
            return try work()
        } catch {
            let text = ScheduleWords.notRead(error)
            if readProblem != text { readProblem = text }
            return nil
        }
    }
}

extension StudyPlanner {
    /// Replays another program's review history into `deck`'s cards
    /// (``ReviewStore/importHistory(_:deck:scheduler:)``) with today's desired retention
    /// and no fuzz; what shows the schedule follows.
    ///
    /// - Throws: why it could not be saved (nothing was), or why there is no store.
    public func importHistory(_ history: [ImportedReview], deck: String) throws(ReviewStoreError) -> HistoryImport {
        let result = try openedStore().importHistory(history, deck: deck, scheduler: scheduler(fuzz: false))
        if result.reviews > 0 { didSave() }
        return result
    }
}
