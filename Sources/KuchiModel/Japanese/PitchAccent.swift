/// A word's pitch accent (standard, Tokyo Japanese): which morae of its reading are
/// high, from the accent nucleus as dictionaries number it (UniDic's `aType`, a deck's
/// `pitch`).
///
/// The nucleus is the last high mora before the pitch drops: 0 for none (heiban, 端
/// はし: low-high, and a particle after it stays high), 1 for the first (atamadaka, 箸
/// はし: high-low), the last mora for a drop onto the particle (odaka, 橋 はし:
/// low-high, then a low particle), any other for a drop inside the word (nakadaka, 先生
/// せんせい 3: low-high-high-low). The first mora is low unless it is the nucleus.
///
/// Morae are counted on the kana: a small ゃ, ゅ, ょ (ぁ…ぉ, ゎ, and their katakana)
/// joins the kana before it, and っ, ん and ー are morae of their own: きょう is two,
/// がっこう four, コーヒー four.
public struct PitchAccent: Equatable, Sendable {
    /// The four patterns, by where the pitch drops.
    public enum Pattern: String, Sendable, CaseIterable {
        /// No drop: 端 はし.
        case heiban
        /// A drop after the first mora: 箸 はし.
        case atamadaka
        /// A drop inside the word: 先生 せんせい.
        case nakadaka
        /// A drop after the last mora, heard on a particle after it: 橋 はし.
        case odaka

        /// The pattern's name, as learners know it ("atamadaka").
        public var name: String {
            switch self {
            // TRANSLATORS: the Japanese name of the pitch-accent pattern without a drop (平板),
            // as textbooks in your language write it.
            case .heiban: tr("heiban")
            // TRANSLATORS: the Japanese name of the pattern high on the first mora only (頭高).
            case .atamadaka: tr("atamadaka")
            // TRANSLATORS: the Japanese name of the pattern that drops inside the word (中高).
            case .nakadaka: tr("nakadaka")
            // TRANSLATORS: the Japanese name of the pattern high to the end, then a drop (尾高).
            case .odaka: tr("odaka")
            }
        }
    }

    /// A stretch of high morae, as the Unicode scalars of the reading they cover, and
    /// whether the pitch drops after it (else it stays high to the end of the word).
    public struct HighRun: Equatable, Sendable {
        public var scalars: Range<Int>
        public var dropsAfter: Bool

        public init(scalars: Range<Int>, dropsAfter: Bool) {
            self.scalars = scalars
            self.dropsAfter = dropsAfter
        }
    }

    /// The reading's morae, each as the range of its Unicode scalars in the reading.
    public let morae: [Range<Int>]
    /// The accent nucleus: 0 for none, else the last high mora (from 1).
    public let nucleus: Int

    /// The accent of `reading` with `nucleus`; nil when the nucleus does not fit the
    /// reading (past its last mora, negative), or the reading is no single word in kana
    /// (empty, or a kanji card's list "ニチ、ジツ").
    public init?(reading: String, nucleus: Int) {
        guard !reading.unicodeScalars.contains("、") else { return nil }
        let morae = Self.morae(of: reading)
        guard !morae.isEmpty, nucleus >= 0, nucleus <= morae.count else { return nil }
        self.morae = morae
        self.nucleus = nucleus
    }

    /// The morae of `reading`, each as the range of its Unicode scalars; whatever is not
    /// kana (a space) is in none.
    public static func morae(of reading: String) -> [Range<Int>] {
        var morae: [Range<Int>] = []
        var previousWasKana = false
        for (offset, scalar) in reading.unicodeScalars.enumerated() {
            guard Kana.isKana(scalar) else {
                previousWasKana = false
                continue
            }
            if previousWasKana, joinsPrevious(scalar), let last = morae.last {
                morae[morae.count - 1] = last.lowerBound..<offset + 1
            } else {
                morae.append(offset..<offset + 1)
            }
            previousWasKana = true
        }
        return morae
    }

    /// How many morae `reading` has: the most a `pitch` of it may say.
    public static func moraCount(of reading: String) -> Int { morae(of: reading).count }

    /// Small kana that make one sound with the kana before them, and the combining sound marks.
    private static func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch Kana.hiragana(scalar) {
        case "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "ゃ", "ゅ", "ょ", "ゎ", "\u{3099}", "\u{309A}": true
        default: false
        }
    }

    /// Whether each mora is high.
    public var highs: [Bool] {
        morae.indices.map { index in
            switch nucleus {
            case 0: index > 0
            case 1: index == 0
            default: index > 0 && index < nucleus
            }
        }
    }

    /// The pattern: where the pitch drops. A one-mora word high on its mora is atamadaka.
    public var pattern: Pattern {
        switch nucleus {
        case 0: .heiban
        case 1: .atamadaka
        case morae.count: .odaka
        default: .nakadaka
        }
    }

    /// The high stretches of the reading: one at most, as the first mora is high only
    /// when the pitch drops after it.
    public var highRuns: [HighRun] {
        let highs = highs
        guard let first = highs.firstIndex(of: true), let last = highs.lastIndex(of: true) else { return [] }
        return [HighRun(scalars: morae[first].lowerBound..<morae[last].upperBound, dropsAfter: nucleus != 0)]
    }

    /// Each mora's height in words, "high-low" (atamadaka はし), for a screen reader.
    public var heights: String {
        // TRANSLATORS: one mora's pitch, in "low-high-high-low"; keep it short.
        let high = tr("high")
        // TRANSLATORS: one mora's pitch, in "low-high-high-low"; keep it short.
        let low = tr("low")
        return highs.map { $0 ? high : low }.joined(separator: "-")
    }

    /// "high-low, atamadaka": what a screen reader says after the reading.
    public var spoken: String { "\(heights), \(pattern.name)" }
}
