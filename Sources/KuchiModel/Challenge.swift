/// One card of a deck: a Japanese word, how it is read, and what it means.
public struct Challenge: Hashable, Sendable, Codable {
    /// The word as written, e.g. "ありがとう".
    public let question: String
    /// How the word is read, e.g. "arigatō".
    public let pronunciation: String
    /// The meaning in English, e.g. "thank you". This is what the player picks.
    public let answer: String
    /// A grouping such as "N5"; distractors are drawn from the same level when possible.
    public let level: String?

    public init(question: String, pronunciation: String, answer: String, level: String? = nil) {
        self.question = question
        self.pronunciation = pronunciation
        self.answer = answer
        self.level = level
    }
}
