/// Which card: its deck and its question, the word, which is unique within a deck.
///
/// Ids rather than positions, so a card keeps its history when its deck is reordered
/// or extended.
public struct CardID: Hashable, Sendable {
    /// The deck's id, e.g. "jlpt-n5", "kuchi-basics" or an imported deck's id.
    public var deck: String
    public var question: String

    public init(deck: String, question: String) {
        self.deck = deck
        self.question = question
    }
}
