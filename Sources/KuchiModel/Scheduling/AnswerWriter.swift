import FoundationEssentials
import Observation

/// The planner's part that writes answers: each answer saved as a review, durably,
/// before the call returns; answers the database cannot take yet kept waiting, in
/// order, and saved later (AnswerWriter+Waiting.swift); the last answer of this run
/// taken back (AnswerWriter+Undo.swift); and the database file brought up to date a few
/// seconds after the last save, so that a copy of it made at any quiet moment holds
/// every review.
///
/// It writes into the store of a ``ReviewStoreConnection``, and tells the planner of
/// every change saved (``onSave``), so that what shows the schedule follows.
@MainActor
@Observable
final class AnswerWriter {
    /// How many answers wait to be saved and why, until they are.
    var saveProblem: String?
    /// How many answers wait to be saved.
    var waitingCount = 0
    /// Lines of the journal that could not be read, until dismissed.
    var journalProblem: String?

    @ObservationIgnored let connection: ReviewStoreConnection
    @ObservationIgnored let clock: @MainActor () -> Date
    /// The desired retention, read at each review.
    @ObservationIgnored private let settings: @MainActor () -> Settings
    /// The source of FSRS's interval fuzz.
    @ObservationIgnored private var random: any RandomNumberGenerator
    /// Told of every change saved to the schedule.
    @ObservationIgnored var onSave: @MainActor () -> Void = {}
    /// Told of every lapse saved that makes its card a leech, or says so again (``Leech``),
    /// with the card's number of lapses.
    @ObservationIgnored var onLeech: @MainActor (CardID, Int) -> Void = { _, _ in }
    /// Answers not yet saved, oldest first; they are saved in this order.
    @ObservationIgnored var waiting: [PendingAnswer] = []
    /// Where waiting answers are kept on disk, beside the database file.
    @ObservationIgnored private let journalFile: AnswerJournal?
    /// Each waiting answer's card as it will be once the answers are saved, so a
    /// session goes on as if they were.
    @ObservationIgnored var expected: [CardID: FSRSCard] = [:]
    /// The last answer of this run, until it is taken back (AnswerWriter+Undo.swift).
    @ObservationIgnored var undoable: UndoableAnswer?
    /// Tries the waiting answers again while they wait.
    @ObservationIgnored var retryTask: Task<Void, Never>?
    /// How long between tries while answers wait.
    @ObservationIgnored var retryInterval = Duration.seconds(10)
    /// How many of the waiting answers are in memory only (the journal could not be
    /// written), and why the last of them could not be.
    @ObservationIgnored var answersOnlyInMemory = 0
    @ObservationIgnored var lastJournalError: AtomicFile.WriteError?
    /// Why the last save failed, for the banner.
    @ObservationIgnored var lastSaveError: ReviewStoreError?
    /// Checkpoints the write-ahead log into the database file after a quiet moment.
    @ObservationIgnored private(set) var checkpointTask: Task<Void, Never>?
    /// How long after the last save the database file is brought up to date.
    @ObservationIgnored var checkpointDelay = Duration.seconds(3)
    /// Counts the quiet-moment checkpoints done (for tests).
    @ObservationIgnored private(set) var checkpoints = 0

    /// - Parameter journal: where answers wait on disk; nil keeps them in memory only.
    init(
        connection: ReviewStoreConnection, journal: AnswerJournal?, settings: @escaping @MainActor () -> Settings,
        clock: @escaping @MainActor () -> Date, random: any RandomNumberGenerator
    ) {
        self.connection = connection
        journalFile = journal
        self.settings = settings
        self.clock = clock
        self.random = random
    }

    /// Where waiting answers are kept on disk: nowhere for a store in memory, whose
    /// answers are this run's only.
    var journal: AnswerJournal? { connection.store?.isInMemory == true ? nil : journalFile }

    /// Why the last save, or the last try to open the store, failed: the most recent,
    /// since nothing is saved before the store opens.
    var failure: ReviewStoreError? { lastSaveError ?? connection.lastError }

    /// Records an answer to `question` as a review rated `rating`, and returns the
    /// card's new state. An answer the database cannot take now waits to be saved and
    /// the state it will have is returned; nil only once the store is closed.
    func review(_ question: String, deck: String, rating: FSRSRating, answerTime: Duration) -> FSRSCard? {
        guard !connection.isClosed else { return nil }
        let answer = PendingAnswer(
            card: CardID(deck: deck, question: question), rating: rating, time: clock(), answerTime: answerTime)
        connection.open(at: clock())
        guard waiting.isEmpty, let store = connection.store else {
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
    /// stored one (read once, in the write's transaction), by ``FSRSScheduler`` with
    /// today's desired retention. Returns that state and the review's id in the log.
    func save(_ answer: PendingAnswer, in store: ReviewStore) throws(ReviewStoreError) -> (after: FSRSCard, reviewID: Int64) {
        let scheduler = scheduler()
        var stateBefore: FSRSState?
        let saved = try store.record(answer.card, rating: answer.rating, time: answer.time, answerTime: answer.answerTime) {
            stateBefore = $0?.state
            return scheduler.review($0 ?? FSRSCard(due: answer.time), rating: answer.rating, at: answer.time, using: &random)
        }
        if answer.rating == .again, stateBefore == .review {
            // The review is saved whatever this says: a count that cannot be read tells nothing.
            let lapses = (try? store.lapseCount(of: answer.card)) ?? 0
            if Leech.isWarning(lapses: lapses) { onLeech(answer.card, lapses) }
        }
        return saved
    }

    /// The card's state after `rating` now, from what is expected of it (answers that
    /// wait) or stored, without saving anything.
    func expectedState(of card: CardID, after rating: FSRSRating, at time: Date) -> FSRSCard {
        let before = expected[card] ?? (try? connection.store?.card(card)) ?? FSRSCard(due: time)
        return scheduler().review(before, rating: rating, at: time, using: &random)
    }

    /// The scheduler with today's desired retention, fuzz on, as in Anki.
    private func scheduler() -> FSRSScheduler { StudyPlanner.scheduler(settings(), fuzz: true) }

    /// The scheduler a sync merge replays cards with (fuzz off, as on every device).
    func replayScheduler() -> FSRSScheduler { StudyPlanner.scheduler(settings(), fuzz: false) }

    /// A change was saved: the planner is told, and the file is brought up to date
    /// after a quiet moment.
    func didSave() {
        onSave()
        checkpointWhenQuiet()
    }

    /// Checkpoints the write-ahead log ``checkpointDelay`` after the last save, so that
    /// a copy of the database file made at any quiet moment holds every review.
    private func checkpointWhenQuiet() {
        checkpointTask?.cancel()
        checkpointTask = Task { [weak self] in
            try? await Task.sleep(for: self?.checkpointDelay ?? .zero)
            guard !Task.isCancelled, let self else { return }
            // Busy (a reader of an old snapshot, another writer): the next save tries again.
            try? self.connection.store?.checkpoint()
            self.checkpoints += 1
        }
    }

    /// Stops trying again and checkpointing: the store is closing.
    func stop() {
        retryTask?.cancel()
        checkpointTask?.cancel()
    }
}
