/// One thing wrong with a deck file, in words a person can act on.
///
/// `description` reads `"jlpt-n5.json: card 3: 'answer' must be a string"`, or
/// `"jlpt-n5.json: no cards"` when the problem is not about one card.
public struct DeckProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name as given to the loader (usually its last path component).
    public let file: String
    /// The card's position in the file, counting from 1; `nil` for the deck as a whole.
    public let card: Int?
    /// The line of a text file (an import), counting from 1.
    public let line: Int?
    public let message: String

    public init(file: String, card: Int? = nil, line: Int? = nil, message: String) {
        self.file = file
        self.card = card
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line {
            return tr("{file}: line {line}: {problem}", ["file": "\(file)", "line": "\(line)", "problem": "\(message)"])
        }
        if let card {
            return tr("{file}: card {card}: {problem}", ["file": "\(file)", "card": "\(card)", "problem": "\(message)"])
        }
        return "\(file): \(message)"
    }
}
