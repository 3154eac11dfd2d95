/// A card of a deck that is due, with its memory state.
public struct DueCard: Sendable, Equatable {
    public var question: String
    public var card: FSRSCard

    public init(question: String, card: FSRSCard) {
        self.question = question
        self.card = card
    }
}
