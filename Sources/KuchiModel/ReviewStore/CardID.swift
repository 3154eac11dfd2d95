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

extension CardID {
    /// A number for the card that is the same on every device and in every database:
    /// FNV-1a (64-bit) of the deck, U+001F and the word, kept to 53 bits so that tools
    /// reading it as a floating-point number (pandas, JavaScript) keep it exact. The
    /// review log export's `card_id`: a database row id differs between two devices
    /// that synced the same history.
    public var stableNumber: Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in deck.utf8 + [0x1F] + question.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int64(hash & (1 << 53 - 1))
    }
}
