import FoundationEssentials
import Observation

/// The learner's schedule: which cards a session asks, and each answer kept as an FSRS
/// review in the ``ReviewStore``.
///
/// It is a front over parts that each hold one kind of state: `ReviewStoreConnection`
/// opens the store (and tries again), `AnswerWriter` writes answers (waiting ones, and
/// the last one taken back), and `OutlookWatch` keeps the outlook and wakes up when
/// time alone changes it. `SessionPlanning` plans from the store and `ScheduleWords`
/// says things in words; the planner itself keeps only what it reads: the statistics
/// of a deck, and why the schedule could not be read.
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
/// (AnswerWriter+Waiting.swift).
///
/// The database file alone is a complete copy of the history at every quiet moment: a
/// few seconds after the last save the write-ahead log is checkpointed into it, and
/// ``close()`` (every way the app exits) does the same before closing.
@MainActor
@Observable
public final class StudyPlanner {
    /// Counts the changes saved to the schedule (reviews, and reviews taken back) by
    /// this planner; reading it makes a view follow them.
    public private(set) var revision = 0
    /// Why the schedule could not be read, until a change is saved.
    public private(set) var readProblem: String?

    /// Opening: the store, and what opening it said.
    @ObservationIgnored let connection: ReviewStoreConnection
    /// Writing answers: saved, waiting, taken back.
    @ObservationIgnored let answers: AnswerWriter
    /// The outlook, and the wake-up that keeps it current.
    @ObservationIgnored private let outlooks = OutlookWatch()
    @ObservationIgnored let settings: @MainActor () -> Settings
    @ObservationIgnored private let clock: @MainActor () -> Date
    @ObservationIgnored private var cachedStatistics: (key: StatisticsKey, value: ReviewStatistics)?
    @ObservationIgnored private var cachedActivity: (key: StatisticsKey, value: StudyActivity)?
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
    public convenience init(
        store: ReviewStore?, problem: String? = nil, studyDay: StudyDay = StudyPlanner.defaultStudyDay,
        settings: @escaping @MainActor () -> Settings, clock: @escaping @MainActor () -> Date = { Date() },
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.init(
            connection: ReviewStoreConnection(store: store, problem: problem),
            journal: store.map { AnswerJournal(databasePath: $0.path) }, studyDay: studyDay, settings: settings,
            clock: clock, random: random)
    }

    private init(
        connection: ReviewStoreConnection, journal: AnswerJournal?, studyDay: StudyDay,
        settings: @escaping @MainActor () -> Settings, clock: @escaping @MainActor () -> Date,
        random: any RandomNumberGenerator
    ) {
        self.connection = connection
        answers = AnswerWriter(connection: connection, journal: journal, settings: settings, clock: clock, random: random)
        self.studyDay = studyDay
        self.settings = settings
        self.clock = clock
        answers.onSave = { [weak self] in self?.scheduleChanged() }
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
        let planner = StudyPlanner(
            connection: ReviewStoreConnection(path: path, legacyProgress: legacyProgress, logCheckDelay: logCheckDelay),
            journal: AnswerJournal(databasePath: path), studyDay: studyDay, settings: settings, clock: clock,
            random: SystemRandomNumberGenerator())
        planner.openStore()
        planner.answers.takeJournal()
        return planner
    }

    /// Opens the database if it is not open and can be.
    func openStore() {
        connection.open(at: clock())
    }

    /// Set by ``close()``: nothing is saved or scheduled after it.
    public var isClosed: Bool { connection.isClosed }
    /// The planner's time now.
    public var now: Date { clock() }

    /// Whether answers are being scheduled and saved.
    public var isScheduling: Bool { connection.store != nil }

    /// The scheduler with the learner's parameters (fitted, or the defaults) and the
    /// desired retention of `settings`, fuzz on (as in Anki) unless `fuzz` says not (a
    /// replayed history is the same every time). Every scheduler the planner makes is
    /// made here.
    public static func scheduler(_ settings: Settings, fuzz: Bool) -> FSRSScheduler {
        FSRSScheduler(
            parameters: settings.fsrsParameters, desiredRetention: Double(settings.desiredRetention) / 100, fuzz: fuzz)
    }

    /// The questions of a new session of `deck`, at most `limit`: the cards due now,
    /// most overdue first, then new cards (in deck order) while today's limit allows.
    /// Only questions in `questions` (the deck's, in order) are returned.
    public func sessionQuestions(deck: String, questions: [String], limit: Int) -> [String] {
        openStore()
        guard let store = connection.store, limit > 0 else { return [] }
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
        guard let store = connection.store else { return nil }
        return outlooks.outlook(
            deck: deck, questions: questions, revision: revision, dailyNewCards: settings().dailyNewCards, now: clock(),
            studyDay: studyDay
        ) {
            saving { () throws(ReviewStoreError) -> StudyOutlook in
                try planning(store).outlook(deck: deck, questions: questions)
            }
        }
    }

    /// A change to the schedule was saved: what shows the schedule follows.
    private func scheduleChanged() {
        revision += 1
        if readProblem != nil { readProblem = nil }
    }

    /// The statistics of `deck` now, or nil without a store. Kept until a review is
    /// saved, the deck changes or the study day turns, since a page reads them often.
    public func statistics(deck: String, deckSize: Int) -> ReviewStatistics? {
        _ = revision
        guard let store = connection.store else { return nil }
        let now = clock()
        let key = StatisticsKey(deck: deck, deckSize: deckSize, revision: revision, day: studyDay.start(of: now))
        if let cached = cachedStatistics, cached.key == key { return cached.value }
        let value = saving { () throws(ReviewStoreError) -> ReviewStatistics in
            try store.statistics(deck: deck, deckSize: deckSize, at: now, studyDay: studyDay)
        }
        if let value { cachedStatistics = (key, value) }
        return value
    }

    /// The learner's study days over every deck, a year and a week of them, and the
    /// streak (``ReviewStore/activity(at:studyDay:days:)``), or nil without a store.
    /// Kept until a review is saved or the study day turns.
    public func activity() -> StudyActivity? {
        _ = revision
        guard let store = connection.store else { return nil }
        let now = clock()
        let key = StatisticsKey(deck: "", deckSize: 0, revision: revision, day: studyDay.start(of: now))
        if let cached = cachedActivity, cached.key == key { return cached.value }
        let value = saving { () throws(ReviewStoreError) -> StudyActivity in try store.activity(at: now, studyDay: studyDay) }
        if let value { cachedActivity = (key, value) }
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
    /// Saves what waits, brings the database file up to date (every review in it, none
    /// left only in the write-ahead log) and closes it. Called on every way out of the
    /// app; nothing is saved or scheduled after it. Answers that still cannot be saved
    /// stay in the journal for the next start.
    public func close() {
        guard !isClosed else { return }
        openStore()
        answers.saveWaiting()
        answers.stop()
        outlooks.stop()
        connection.close()
    }
}
