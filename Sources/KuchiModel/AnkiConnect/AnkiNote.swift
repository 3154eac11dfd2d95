import FoundationEssentials

/// A Kuchi card as an Anki note of the one note type "Kuchi", for dictionary apps.
///
/// Anki names notes, cards and decks by integer; Kuchi names a card by its deck and
/// its word. A note's id is derived from those two (``id(deck:word:)``), so it is the
/// same across relaunches and needs no table: `findNotes` then `notesInfo` round-trip.
/// Each note has one card, whose id is the note's.
public struct AnkiNote: Equatable, Sendable {
    /// The note type's name, and its fields in order.
    public static let modelName = "Kuchi"
    public static let fieldNames = ["Word", "Reading", "Meaning", "Sentence", "Sentence Meaning", "Audio", "Picture", "Notes"]

    public let id: Int64
    public let deckID: String
    public let deckName: String
    public let card: Challenge

    public init(deckID: String, deckName: String, card: Challenge) {
        id = Self.id(deck: deckID, word: card.question)
        self.deckID = deckID
        self.deckName = deckName
        self.card = card
    }

    /// The note id of `word` in the deck `deck`: FNV-1a (64-bit) over the deck id's
    /// UTF-8, a 0x1F separator and the word's UTF-8, its high 11 bits folded into the
    /// low 53 (so the id is exact in a JSON number, a JavaScript double), never 0.
    /// Stable: it depends on nothing but the two texts.
    public static func id(deck: String, word: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        for byte in deck.utf8 { mix(byte) }
        mix(0x1F)
        for byte in word.utf8 { mix(byte) }
        let folded = (hash ^ (hash >> 53)) & ((1 << 53) - 1)
        return Int64(folded == 0 ? 1 : folded)
    }

    /// A deck's id as Anki numbers decks: the same hash over its Kuchi id alone.
    public static func deckNumber(_ deckID: String) -> Int64 { id(deck: deckID, word: "") }

    /// The note's fields as `notesInfo` gives them, in order. Kuchi cards hold no
    /// picture and no notes: those fields are always empty.
    public var fields: [(name: String, value: String)] {
        let example = card.examples.first
        return [
            ("Word", card.question), ("Reading", card.reading.isEmpty ? card.romaji : card.reading), ("Meaning", card.answer),
            ("Sentence", example?.ja ?? ""), ("Sentence Meaning", example?.en ?? ""),
            ("Audio", card.audio.map { "[sound:\($0)]" } ?? ""), ("Picture", ""), ("Notes", ""),
        ]
    }

    /// The value of the field `name` (any case), or nil for no such field.
    public func field(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
