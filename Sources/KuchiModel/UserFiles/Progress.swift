/// How often each question was answered right and wrong, across sessions: what an
/// older Kuchi kept in `progress.json`, keyed by the question text.
///
/// Kuchi no longer writes it: the file is read once into the review database
/// (``ReviewStore/importLegacyProgress(from:at:)``), which gives these counts back
/// (``ReviewStore/legacyProgress()``).
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
}

