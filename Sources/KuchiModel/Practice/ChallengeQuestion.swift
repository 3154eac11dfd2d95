/// A question as a challenge asks it: the card plus the answers offered for it.
///
/// Exactly one of `answers` is the card's own answer; the others are distractors.
public struct ChallengeQuestion: Hashable, Sendable {
    public let challenge: Challenge
    /// The choices in the order they are shown.
    public let answers: [String]

    public init(challenge: Challenge, answers: [String]) {
        self.challenge = challenge
        self.answers = answers
    }

    /// Whether `answer` is the card's meaning.
    public func isCorrect(_ answer: String) -> Bool {
        answer == challenge.answer
    }
}
