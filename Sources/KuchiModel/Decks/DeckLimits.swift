/// How much a deck file may hold before the loader refuses it.
///
/// The limits keep a wrong or hostile file (a disk image picked by mistake, a
/// generated file gone wrong) from freezing the app or exhausting memory. They are far
/// above any real vocabulary list: the JLPT N1 list has about 3,500 words.
public struct DeckLimits: Sendable, Equatable {
    /// Larger files are refused before they are read.
    public var maximumFileSize: Int
    /// Decks with more cards are refused as soon as the parser counts one more.
    public var maximumCards: Int
    /// Past this many, problems are summarised in one last line instead of listed.
    public var maximumReportedProblems: Int
    /// The longest question, reading, answer, level, name or language, in characters:
    /// each is shown on a button or a label, which must lay it out in a frame. What a
    /// character may cost is bounded too (`TextCost`).
    public var maximumTextLength: Int
    /// The longest licence or attribution, in characters.
    public var maximumCreditLength: Int
    /// The most an Anki package's collection may unpack to (it is unpacked to a
    /// temporary file, counted as it comes, whatever its zip or zstd header says).
    public var maximumCollectionSize: Int
    /// The most one of a package's sound files may unpack to.
    public var maximumMediaFileSize: Int
    /// The most all the sound files of a package may unpack to together.
    public var maximumMediaSize: Int
    /// The most reviews a package's history brings: past it, the newest are kept and
    /// the older left out (and the learner told). It bounds the import's memory and
    /// what the history adds to the learner's database, whatever the package holds.
    public var maximumReviews: Int
    /// The longest a package may take to read, from its first byte to its cards
    /// (unpacking the collection, and reading its tables), in the reading thread's own
    /// CPU time (`ImportBudget`): past it the import stops, so no package can hold
    /// Kuchi up, whatever its tables make SQLite do. (Its sounds, unpacked after, are
    /// bounded by their sizes.) 4.5 s, so that with the process's start and the removal
    /// of the unpacked collection the verdict comes within 5 s on a machine doing
    /// nothing else (issue 30's target; at a 5 s budget it came at 5.03–5.06 s).
    public var maximumReadingTime: Duration

    public init(
        maximumFileSize: Int, maximumCards: Int, maximumReportedProblems: Int = 100,
        maximumTextLength: Int = 200, maximumCreditLength: Int = 2_000,
        maximumCollectionSize: Int = 512 << 20, maximumMediaFileSize: Int = 32 << 20, maximumMediaSize: Int = 1 << 30,
        maximumReviews: Int = 2_000_000, maximumReadingTime: Duration = .milliseconds(4_500)
    ) {
        self.maximumFileSize = maximumFileSize
        self.maximumCards = maximumCards
        self.maximumReportedProblems = maximumReportedProblems
        self.maximumTextLength = maximumTextLength
        self.maximumCreditLength = maximumCreditLength
        self.maximumCollectionSize = maximumCollectionSize
        self.maximumMediaFileSize = maximumMediaFileSize
        self.maximumMediaSize = maximumMediaSize
        self.maximumReviews = maximumReviews
        self.maximumReadingTime = maximumReadingTime
    }

    /// 32 MiB and 200,000 cards; for an Anki package, a collection of 512 MiB read in
    /// at most 5 s, 200,000 notes (a card each), the newest 2,000,000 reviews, and
    /// sounds of 32 MiB each, 1 GiB in all.
    public static let standard = DeckLimits(maximumFileSize: 32 << 20, maximumCards: 200_000)

    /// Values one card may hold: its object and a handful of fields, with room to
    /// spare, and its examples' word readings: each 4 values (`[start, end, "reading"]`),
    /// at most one a character of the sentence, as each holds a kanji. A card with more
    /// is refused instead of building an unbounded tree.
    var valuesPerCard: Int { 64 + DeckValidator.maximumExamples * 4 * maximumTextLength }
    /// Values the rest of the document (name, licence, …) may hold.
    static let valuesOutsideCards = 10_000
}
