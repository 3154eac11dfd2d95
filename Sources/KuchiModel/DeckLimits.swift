/// How much a deck file may hold before the loader refuses it.
///
/// The limits keep a wrong or hostile file (a disk image picked by mistake, a
/// generated file gone wrong) from freezing the app or exhausting memory. They are far
/// above any real vocabulary list: the JLPT N1 list has about 3,500 words.
public struct DeckLimits: Sendable, Equatable {
    /// Larger files are refused before they are read.
    public var maximumFileSize: Int
    /// Decks with more cards are refused before the cards are checked.
    public var maximumCards: Int
    /// Past this many, problems are summarised in one last line instead of listed.
    public var maximumReportedProblems: Int

    public init(maximumFileSize: Int, maximumCards: Int, maximumReportedProblems: Int = 100) {
        self.maximumFileSize = maximumFileSize
        self.maximumCards = maximumCards
        self.maximumReportedProblems = maximumReportedProblems
    }

    /// 32 MiB and 200,000 cards.
    public static let standard = DeckLimits(maximumFileSize: 32 << 20, maximumCards: 200_000)
}
