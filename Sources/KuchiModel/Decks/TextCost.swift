/// What a text costs to show, and the one rule every card's text keeps to, wherever it
/// comes from: a deck file (``DeckValidator``), an Anki package's notes, a text of notes
/// (``TextNotesDeckBuilder``) and the learner's own edits (``CardOverrides``).
///
/// Counting characters alone is not enough: a character is a grapheme cluster, and one
/// letter followed by 20,000 combining accents is a single character that takes a label
/// seconds to lay out. So a text is refused when it has
/// - more than its limit of characters (200 for a card's fields),
/// - a character made of more than ``maximumScalarsPerCharacter`` code points (a letter
///   and its stacked marks, or an emoji sequence), or
/// - a control character, a bidirectional override or a line separator
///   (``PrintableText``'s list), which a label shows raw or lets reorder the text.
///
/// Plain text is decided in one pass over its code points: while every one of them is
/// a character on its own (ASCII, Latin letters, kana, kanji, Japanese punctuation), the
/// characters are the code points and no cluster need be found.
enum TextCost {
    /// The most code points one character may be made of: 10 is the longest emoji
    /// sequence Unicode recommends (a kiss with two skin tones), and more than any
    /// letter with its accents in a living language.
    static let maximumScalarsPerCharacter = 10

    /// Why `text` cannot be shown on a card, or nil when it can. `allowsLineBreaks`
    /// lets "\n" through (a deck's licence and attribution may have paragraphs).
    static func problem(in text: String, limit: Int, allowsLineBreaks: Bool = false) -> Problem? {
        var scalars = 0
        var standAlone = true
        for scalar in text.unicodeScalars {
            if PrintableText.needsEscape(scalar), !(allowsLineBreaks && scalar == "\n") {
                return .controlCharacter(scalar)
            }
            scalars += 1
            if standAlone, !standsAlone(scalar) { standAlone = false }
        }
        if standAlone { return scalars > limit ? .tooLong(length: scalars, limit: limit) : nil }
        var characters = 0
        for character in text {
            characters += 1
            let count = character.unicodeScalars.count
            if count > maximumScalarsPerCharacter {
                return .stackedCharacter(scalars: count, limit: maximumScalarsPerCharacter)
            }
        }
        return characters > limit ? .tooLong(length: characters, limit: limit) : nil
    }

    /// Why a text cannot be shown on a card.
    enum Problem: Sendable, Equatable {
        /// More characters than the field may have.
        case tooLong(length: Int, limit: Int)
        /// A control character, a bidirectional override or isolate, or a line or
        /// paragraph separator.
        case controlCharacter(Unicode.Scalar)
        /// One character made of more code points than ``maximumScalarsPerCharacter``.
        case stackedCharacter(scalars: Int, limit: Int)

        /// The reason, as a clause about the text: "it is too long (300 characters; at
        /// most 200)".
        var reason: String {
            switch self {
            case .tooLong(let length, let limit):
                tr("it is too long ({length} characters; at most {limit})", ["length": length.grouped, "limit": limit.grouped])
            case .controlCharacter(let scalar):
                tr("it holds a control character (U+{code}), which a card cannot show", ["code": Self.code(scalar)])
            case .stackedCharacter(let scalars, let limit):
                tr("one of its characters is made of {count} code points, such as a letter with accents stacked on it; at most {limit}",
                   ["count": scalars.grouped, "limit": limit.grouped])
            }
        }

        /// "0007" for U+0007: at least four hexadecimal digits.
        private static func code(_ scalar: Unicode.Scalar) -> String {
            let digits = String(scalar.value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(4 - digits.count, 0)) + digits
        }
    }

    /// Whether `scalar` is always a character of its own: it never joins the code
    /// points around it into one grapheme cluster (no combining mark, joiner, variation
    /// selector, Hangul jamo or regional indicator). The ranges hold the text of nearly
    /// every deck: ASCII, Latin letters, general punctuation, Japanese punctuation, kana
    /// (but the combining voicing marks U+3099 and U+309A), kanji, full-width forms (but
    /// the half-width voicing marks U+FF9E and U+FF9F). Anything else takes the slow path.
    private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0..<0x300, 0x2010..<0x2028, 0x3000..<0x302A, 0x3030..<0x3099, 0x309B..<0x3100,
             0x3400..<0x4DC0, 0x4E00..<0xA000, 0xFF01..<0xFF9E:
            true
        default:
            false
        }
    }
}
