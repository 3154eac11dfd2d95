/// A deck's questions in deck order, and where each stands: what the schedule is asked
/// about, and how its answers are found back among the cards. Built once per deck, by
/// ``DeckInUse``, which every practice mode reads it from.
struct DeckQuestions: Sendable {
    /// The questions, in deck order.
    let all: [String]
    /// Each question's card index (the first, should a question repeat).
    private let positions: [String: Int]

    init(_ deck: Deck) {
        all = deck.cards.map(\.question)
        positions = Dictionary(deck.cards.enumerated().map { ($1.question, $0) }) { first, _ in first }
        Self.onBuild?()
    }

    /// Called at every build, where a test counts them; nil otherwise.
    @TaskLocal static var onBuild: (@Sendable () -> Void)?

    /// The index of the card asking `question`, if the deck has it.
    func index(of question: String) -> Int? { positions[question] }
}
