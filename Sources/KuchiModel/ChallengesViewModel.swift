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
/// - ``isOver`` once ``numberOfAnswered`` reaches ``numberOfQuestions`` and the last
///   feedback was acknowledged.
///
/// The session length is not stored here: ``numberOfQuestions`` reads the setting it is
/// given on every access, so a change in Settings moves the end of a running session
/// (and, since it is observed, everything that shows it).
@MainActor
@Observable
public final class ChallengesViewModel {
    /// The question being asked, or `nil` when the deck has no cards.
    public private(set) var currentChallenge: ChallengeTest?
    /// Every correctly answered question of this session, in order.
    public private(set) var correctAnswers: [ChallengeTest] = []
    /// Every wrong attempt of this session, in order (a question may appear more than once).
    public private(set) var wrongAnswers: [ChallengeTest] = []
    /// The feedback to the last answer, until it is acknowledged.
    public private(set) var feedback: Feedback?
    /// Whether the current question's choices show; hidden for every new question.
    public private(set) var showsChoices = false
    /// The cards questions are drawn from.
    public private(set) var deck: Deck

    /// How many choices each question offers (fewer if the deck is too small).
    public let choicesPerQuestion: Int

    @ObservationIgnored private let length: @MainActor () -> Int
    @ObservationIgnored private let recorder: (any PracticeRecorder)?
    @ObservationIgnored private var random: any RandomNumberGenerator
    @ObservationIgnored private var dealer: ChallengeDealer
    /// Remembered so the next question differs from this one.
    @ObservationIgnored private var currentCardIndex: Int?

    /// Starts a session on `deck` with a first question ready.
    ///
    /// - Parameters:
    ///   - length: the number of correct answers that ends a session, read each time it
    ///     is needed (the app passes the setting, so a change applies at once).
    ///   - recorder: told of every answer (the user's progress).
    ///   - random: where every random choice comes from; pass a
    ///     ``SeededRandomNumberGenerator`` to make a session reproducible.
    public init(
        deck: Deck,
        choicesPerQuestion: Int = 3,
        length: @escaping @MainActor () -> Int = { 5 },
        recorder: (any PracticeRecorder)? = nil,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.deck = deck
        self.choicesPerQuestion = choicesPerQuestion
        self.length = length
        self.recorder = recorder
        self.random = random
        dealer = ChallengeDealer(deck: deck, choicesPerQuestion: choicesPerQuestion)
        dealNextQuestion()
    }

    /// How many correct answers end the session (the setting, read now).
    public var numberOfQuestions: Int { length() }

    /// Correct answers so far in this session.
    public var numberOfAnswered: Int { correctAnswers.count }

    /// Whether the session has reached its length and its last feedback was seen.
    public var isOver: Bool { numberOfAnswered >= numberOfQuestions && feedback == nil }

    /// The practice screen opens: a finished session starts again, an unfinished one
    /// goes on with its question's choices hidden.
    public func start() {
        if isOver {
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
        guard showsChoices, feedback == nil, !isOver, let test = currentChallenge,
              test.answers.indices.contains(index)
        else { return nil }
        let correct = test.isCorrect(test.answers[index])
        if correct {
            correctAnswers.append(test)
        } else {
            wrongAnswers.append(test)
        }
        recorder?.record(test.challenge, correct: correct)
        let result: Feedback = correct ? .correct : .wrong
        feedback = result
        return result
    }

    /// The feedback was seen: after a correct answer the next question comes (unless
    /// the session is now over); after a wrong one the same question stays.
    public func acknowledgeFeedback() {
        guard let feedback else { return }
        if feedback == .correct, numberOfAnswered < numberOfQuestions {
            dealNextQuestion()
        }
        self.feedback = nil
    }

    /// Clears the score and asks a new question.
    public func restart() {
        correctAnswers = []
        wrongAnswers = []
        feedback = nil
        dealNextQuestion()
    }

    /// Practises `deck` from now on, in a new session.
    public func use(_ deck: Deck) {
        guard deck != self.deck else { return }
        self.deck = deck
        dealer = ChallengeDealer(deck: deck, choicesPerQuestion: choicesPerQuestion)
        currentCardIndex = nil
        restart()
    }

    /// Moves to a new random question, never the same card twice in a row when the deck
    /// has more than one; its choices start hidden.
    private func dealNextQuestion() {
        showsChoices = false
        guard let index = dealer.nextCardIndex(after: currentCardIndex, using: &random) else {
            currentCardIndex = nil
            currentChallenge = nil
            return
        }
        currentCardIndex = index
        currentChallenge = dealer.test(forCardAt: index, using: &random)
    }
}

/// What the player is told after an answer.
public enum Feedback: Sendable, Equatable {
    case correct, wrong
}

/// Keeps the record of answers (the user's progress, later a review log).
@MainActor
public protocol PracticeRecorder: AnyObject {
    func record(_ challenge: Challenge, correct: Bool)
}

extension UserManager: PracticeRecorder {
    public func record(_ challenge: Challenge, correct: Bool) {
        recordResult(question: challenge.question, correct: correct)
    }
}
