import FoundationEssentials
import Observation

/// A practice session, and every rule of it: what is asked, how long the session is,
/// what an answer does, when the session is over, and that each answer is recorded.
///
/// Screens only call it and read it:
/// - ``start()`` when the practice screen opens, ``restart()`` to play again;
/// - ``toggleChoices()`` to show or hide the choices of the current question;
/// - ``answer(_:)`` with the index of the chosen answer, which counts it, records it
///   and returns the ``Feedback`` to show; the next question waits until
///   ``acknowledgeFeedback()``;
/// - ``isOver`` once ``numberOfAnswered`` reaches ``length`` and the last feedback was
///   acknowledged.
///
/// The session's length is not stored here: ``length`` reads the questions-per-session
/// setting it is given on every access, so a change in Settings moves the end of a
/// running session (and, since it is observed, everything that shows it). The score
/// reads both its numbers here: ``numberOfAnswered`` of ``length``.
///
/// With a ``StudyPlanner`` the questions follow the learner's schedule: a session asks
/// the cards due now, most overdue first, then new cards while today's limit allows, and
/// is no longer than that; the first answer to each question is a review (right = Good,
/// wrong = Again), saved before the feedback shows; a card comes back in the same
/// session only once its learning step is due. With nothing scheduled, ``practiseAnyway()``
/// starts extra practice from the whole deck (still reviewed). Without a planner every
/// question is drawn at random.
@MainActor
@Observable
public final class ChallengesViewModel {
    /// The question being asked, or `nil` when the deck has no cards.
    public private(set) var currentChallenge: ChallengeQuestion?
    /// Every correctly answered question of this session, in order.
    public private(set) var correctAnswers: [ChallengeQuestion] = []
    /// Every wrong attempt of this session, in order (a question may appear more than once).
    public private(set) var wrongAnswers: [ChallengeQuestion] = []
    /// The feedback to the last answer, until it is acknowledged.
    public private(set) var feedback: Feedback?
    /// Whether the current question's choices show; hidden for every new question.
    public private(set) var showsChoices = false
    /// Whether this session is extra practice beyond the schedule.
    public private(set) var isExtraPractice = false
    /// How many cards the schedule gave this session; nil when not following one.
    public private(set) var plannedCount: Int?

    /// How many choices each question offers (fewer if the deck is too small).
    public let choicesPerQuestion: Int

    /// The questions-per-session setting, read live.
    @ObservationIgnored private let questionsPerSession: @MainActor () -> Int
    @ObservationIgnored private let core: PracticeCore
    @ObservationIgnored private var random: any RandomNumberGenerator
    @ObservationIgnored private var dealer: ChallengeDealer
    /// Remembered so the next question differs from this one.
    @ObservationIgnored private var currentCardIndex: Int?
    /// The scheduled cards not asked yet, in order.
    @ObservationIgnored private var queue: [Int] = []
    /// Cards reviewed this session and when they are due again, for learning steps.
    @ObservationIgnored private var dueAgain: [Int: Date] = [:]
    /// Whether the current question's first answer has been rated.
    @ObservationIgnored private var isRated = false
    @ObservationIgnored private var askedAt = ContinuousClock.now

    /// Starts a session on the deck in use with a first question ready; each change of
    /// deck starts a new session on the new one.
    ///
    /// - Parameters:
    ///   - inUse: the deck in use; a change of deck starts a new session on the new one.
    ///   - choicesPerQuestion: how many choices each question offers.
    ///   - questionsPerSession: the number of correct answers that ends a session, read
    ///     each time it is needed (the app passes ``Settings/questionsPerSession``, so a
    ///     change applies at once); without one, the setting's default,
    ///     ``Settings/defaultQuestionsPerSession``.
    ///   - planner: plans each session and keeps each answer as a review; without one,
    ///     sessions are practice that is not scheduled.
    ///   - random: where every random choice comes from; pass a
    ///     ``SeededRandomNumberGenerator`` to make a session reproducible.
    public init(
        deck inUse: DeckInUse,
        choicesPerQuestion: Int = 3,
        questionsPerSession: @escaping @MainActor () -> Int = { Settings.defaultQuestionsPerSession },
        planner: StudyPlanner? = nil,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        core = PracticeCore(deck: inUse, planner: planner)
        self.choicesPerQuestion = choicesPerQuestion
        self.questionsPerSession = questionsPerSession
        self.random = random
        dealer = ChallengeDealer(deck: inUse.deck, choicesPerQuestion: choicesPerQuestion)
        inUse.whenChanged { [weak self] in self?.deckChanged() }
        restart()
    }

    /// Starts a session on `deck` alone, named `deckKey` in the schedule (its name
    /// without one).
    public convenience init(
        deck: Deck,
        choicesPerQuestion: Int = 3,
        questionsPerSession: @escaping @MainActor () -> Int = { Settings.defaultQuestionsPerSession },
        planner: StudyPlanner? = nil,
        deckKey: String? = nil,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.init(
            deck: DeckInUse(deck, key: deckKey), choicesPerQuestion: choicesPerQuestion,
            questionsPerSession: questionsPerSession, planner: planner, random: random)
    }

    /// How many correct answers end this session: the questions-per-session setting,
    /// read now, or fewer when the schedule has fewer cards for this session.
    public var length: Int {
        guard let plannedCount else { return questionsPerSession() }
        return min(questionsPerSession(), plannedCount)
    }

    /// What a new session would hold now, per the schedule; nil without one.
    public var outlook: StudyOutlook? { core.outlook }

    /// Correct answers so far in this session.
    public var numberOfAnswered: Int { correctAnswers.count }

    /// Whether the session has reached its length and its last feedback was seen.
    public var isOver: Bool { numberOfAnswered >= length && feedback == nil }

    /// The practice screen opens: a finished session starts again (as does a scheduled
    /// one nothing was answered in), an unfinished one goes on with its question's
    /// choices hidden.
    public func start() {
        let isUntouched = correctAnswers.isEmpty && wrongAnswers.isEmpty && feedback == nil
        // An untouched scheduled session is planned again: cards may have come due, or
        // been reviewed on the Learn page, since it was planned.
        if isOver || (isUntouched && plannedCount != nil) {
            restart()
        } else if feedback == nil {
            showsChoices = false
        }
    }

    /// Shows or hides the current question's choices.
    public func toggleChoices() {
        guard feedback == nil, currentChallenge != nil else { return }
        showsChoices.toggle()
    }

    /// Answers the current question with its choice at `index`: counts it, records it,
    /// and returns the feedback to show. Nothing happens (nil) while the choices are
    /// hidden, while feedback waits, once the session is over, or for a bad index.
    @discardableResult
    public func answer(_ index: Int) -> Feedback? {
        guard showsChoices, feedback == nil, !isOver, let question = currentChallenge,
              question.answers.indices.contains(index)
        else { return nil }
        let undo = undoPoint()
        let correct = question.isCorrect(question.answers[index])
        if correct {
            correctAnswers.append(question)
        } else {
            wrongAnswers.append(question)
        }
        // The first answer that is saved rates the question: if the review could not be
        // saved, the next answer to it tries again.
        if let after = core.record(
            question.challenge, correct ? .right : .wrong, shownAt: askedAt, isReview: !isRated, undo: undo),
           let index = currentCardIndex
        {
            isRated = true
            dueAgain[index] = after.due
        }
        let result: Feedback = correct ? .correct : .wrong
        feedback = result
        return result
    }

    /// The feedback was seen: after a correct answer the next question comes (unless
    /// the session is now over); after a wrong one the same question stays.
    public func acknowledgeFeedback() {
        guard let feedback else { return }
        if feedback == .correct, numberOfAnswered < length {
            dealNextQuestion()
        }
        self.feedback = nil
    }

    /// Clears the score and asks a new question: a new session from the schedule, or
    /// more extra practice if that is what the last one was and nothing is due yet.
    public func restart() {
        correctAnswers = []
        wrongAnswers = []
        feedback = nil
        dueAgain = [:]
        queue = []
        plannedCount = nil
        if let planned = core.plan(limit: Settings.questionsRange.upperBound) {
            queue = planned
            // Extra practice goes on while the schedule has nothing.
            if !queue.isEmpty || !isExtraPractice {
                isExtraPractice = false
                plannedCount = queue.count
            }
        }
        dealNextQuestion()
    }

    /// A session beyond the schedule, from the whole deck (when nothing is due).
    public func practiseAnyway() {
        isExtraPractice = true
        restart()
    }

    /// The deck in use changed: a new session on it.
    private func deckChanged() {
        isExtraPractice = false
        dealer = ChallengeDealer(deck: core.deck, choicesPerQuestion: choicesPerQuestion)
        currentCardIndex = nil
        restart()
    }

    /// Moves to a new random question, never the same card twice in a row when the deck
    /// has more than one; its choices start hidden.
    private func dealNextQuestion() {
        showsChoices = false
        isRated = false
        askedAt = .now
        guard let index = scheduledCardIndex() ?? dealer.nextCardIndex(after: currentCardIndex, using: &random) else {
            currentCardIndex = nil
            currentChallenge = nil
            return
        }
        currentCardIndex = index
        currentChallenge = dealer.question(forCardAt: index, using: &random)
    }

    /// The next card the schedule asks for: one whose learning step has come (most
    /// overdue first, not the card just asked), else the next planned card.
    private func scheduledCardIndex() -> Int? {
        guard let now = core.now, plannedCount != nil else { return nil }
        var stepDue: (index: Int, due: Date)?
        for (index, due) in dueAgain where due <= now && index != currentCardIndex {
            if stepDue.map({ due < $0.due }) ?? true { stepDue = (index, due) }
        }
        if let stepDue {
            dueAgain[stepDue.index] = nil
            return stepDue.index
        }
        return queue.isEmpty ? nil : queue.removeFirst()
    }
}

/// What the player is told after an answer.
public enum Feedback: Sendable, Equatable {
    case correct, wrong
}

/// Taking back the last answer (Ctrl+Z).
extension ChallengesViewModel {
    /// Takes back the last answer of this session, once: its review, if it was the one
    /// that rated the question, and the score and attempts; the question is asked again
    /// with its choices hidden, still to be rated by its next answer if that answer was
    /// the one that rated it. Returns the question's card, or nil when there is nothing to
    /// take back (see `PracticeCore.undoLast()`); a new session forgets the last one's.
    ///
    /// - Throws: why the review could not be taken back; nothing changed.
    @discardableResult
    public func undoLastAnswer() throws(ReviewStoreError) -> Challenge? { try core.undoLast() }

    /// Puts the session back, when called, as it is now, before an answer.
    private func undoPoint() -> @MainActor () -> Void {
        let state = (correctAnswers, wrongAnswers, isRated, dueAgain, queue, currentCardIndex, currentChallenge)
        return { [weak self] in
            guard let self else { return }
            (correctAnswers, wrongAnswers, isRated, dueAgain, queue, currentCardIndex, currentChallenge) = state
            feedback = nil
            showsChoices = false
            askedAt = .now
        }
    }
}
