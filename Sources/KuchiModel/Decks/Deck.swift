/// A named set of cards, with the licence and credit that travel with it.
///
/// A deck read from disk has been checked by ``DeckLoader``: questions are unique and
/// there are enough distinct answers to fill every question's choices (but "My Words",
/// which starts with one word). A deck built in code is trusted as it is;
/// ``ChallengesViewModel`` copes with a thin one by borrowing the choices it lacks from
/// Kuchi Basics rather than failing.
public struct Deck: Sendable, Equatable {
    /// Shown to people, e.g. "JLPT N5".
    public var name: String
    /// The language being learnt, as a BCP 47 tag, e.g. "ja".
    public var language: String
    /// The licence of the cards, e.g. "CC BY-SA 4.0".
    public var license: String
    /// Who made the cards, for the About dialog.
    public var attribution: String
    public var cards: [Challenge]

    public init(
        name: String,
        language: String,
        license: String = "",
        attribution: String = "",
        cards: [Challenge]
    ) {
        self.name = name
        self.language = language
        self.license = license
        self.attribution = attribution
        self.cards = cards
    }
}
