import Observation

/// A practice session: the current question, its choices, and the score.
///
/// The score is `numberOfAnswered`, the count of correct answers. It is computed, and
/// observers see it change through `correctAnswers`, the stored array it reads; a wrong
/// answer changes `wrongAnswers` only, so a score label does not redraw for it.
///
/// The flow the screens follow: show `currentChallenge`; pass the chosen answer to
/// ``checkAnswer(_:)``; after a correct answer's feedback call
/// ``generateRandomChallenge()``; after a wrong one, keep the question. The session is
/// over when `isComplete`; ``restart()`` starts another.
@MainActor
@Observable
public final class ChallengesViewModel {
    /// The question being asked, or `nil` when the deck has no cards.
    public private(set) var currentChallenge: ChallengeTest?
    /// Every correctly answered question of this session, in order.
    public private(set) var correctAnswers: [ChallengeTest] = []
    /// Every wrong attempt of this session, in order (a question may appear more than once).
    public private(set) var wrongAnswers: [ChallengeTest] = []
    /// How many questions make a session.
    public var numberOfQuestions: Int

    /// The cards questions are drawn from. Setting it starts a new session.
    public var deck: Deck {
        didSet {
            // A binding that writes back the deck it read is not a switch.
            guard deck != oldValue else { return }
            dealer = ChallengeDealer(deck: deck, choicesPerQuestion: choicesPerQuestion)
            restart()
        }
    }

    /// How many choices each question offers (fewer if the deck is too small).
    public let choicesPerQuestion: Int

    @ObservationIgnored private var random: any RandomNumberGenerator
    @ObservationIgnored private var dealer: ChallengeDealer
    /// Remembered so the next question differs from this one.
    @ObservationIgnored private var currentCardIndex: Int?

    /// Starts a session on `deck` with a first question ready.
    ///
    /// - Parameter random: where every random choice comes from; pass a
    ///   ``SeededRandomNumberGenerator`` to make a session reproducible.
    public init(
        deck: Deck,
        numberOfQuestions: Int = 5,
        choicesPerQuestion: Int = 3,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.deck = deck
        self.numberOfQuestions = numberOfQuestions
        self.choicesPerQuestion = choicesPerQuestion
        self.random = random
        dealer = ChallengeDealer(deck: deck, choicesPerQuestion: choicesPerQuestion)
        generateRandomChallenge()
    }

    /// Correct answers so far in this session.
    public var numberOfAnswered: Int { correctAnswers.count }

    /// Whether the session has reached `numberOfQuestions` correct answers.
    public var isComplete: Bool { numberOfAnswered >= numberOfQuestions }

    /// Moves to a new random question, never the same card twice in a row when the deck
    /// has more than one.
    public func generateRandomChallenge() {
        guard let index = dealer.nextCardIndex(after: currentCardIndex, using: &random) else {
            currentCardIndex = nil
            currentChallenge = nil
            return
        }
        currentCardIndex = index
        currentChallenge = dealer.test(forCardAt: index, using: &random)
    }

    /// Records `answer` for the current question and says whether it was right.
    ///
    /// Does not move on by itself: a correct answer is followed by feedback, and the
    /// screen calls ``generateRandomChallenge()`` once that is dismissed. After a wrong
    /// answer the same question stays.
    @discardableResult
    public func checkAnswer(_ answer: String) -> Bool {
        guard let currentChallenge else { return false }
        let isCorrect = currentChallenge.isCorrect(answer)
        if isCorrect {
            saveCorrectAnswer(currentChallenge)
        } else {
            saveWrongAnswer(currentChallenge)
        }
        return isCorrect
    }

    public func saveCorrectAnswer(_ challenge: ChallengeTest) {
        correctAnswers.append(challenge)
    }

    public func saveWrongAnswer(_ challenge: ChallengeTest) {
        wrongAnswers.append(challenge)
    }

    /// Clears the score and asks a new question.
    public func restart() {
        correctAnswers = []
        wrongAnswers = []
        generateRandomChallenge()
    }
}
