/// How often each question was answered right and wrong, across sessions.
///
/// Saved in the data directory as `progress.json`, keyed by the question text so the
/// counts survive a deck being reordered or extended.
public struct Progress: Codable, Equatable, Sendable {
    public struct Counts: Codable, Equatable, Sendable {
        public var correct: Int
        public var wrong: Int

        public init(correct: Int = 0, wrong: Int = 0) {
            self.correct = correct
            self.wrong = wrong
        }
    }

    public var questions: [String: Counts]

    public init(questions: [String: Counts] = [:]) {
        self.questions = questions
    }

    /// Adds one result for `question`.
    public mutating func record(question: String, correct: Bool) {
        if correct {
            questions[question, default: Counts()].correct += 1
        } else {
            questions[question, default: Counts()].wrong += 1
        }
    }
}
