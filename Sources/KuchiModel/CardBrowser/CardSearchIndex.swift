import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Finds the cards whose word, reading, romaji or meaning holds what the learner
/// types, as they type: case-insensitive, katakana and hiragana alike, and romaji
/// standing for kana ("taberu" finds 食べる by its reading たべる).
///
/// Every card's four fields are folded once (``fold(_:)``: ASCII in lower case,
/// katakana as hiragana) into one byte buffer, each field after a 0 byte, which no
/// query holds, so no match spans two fields. A search is then a byte search over the
/// buffer (`find(_:_:in:_:from:)`), resuming after each matching card: a few milliseconds over 100,000 cards,
/// however short the query.
public struct CardSearchIndex: Sendable {
    private var text: [UInt8] = []
    /// Where each card's fields start in `text`, and one more: the end.
    private var starts: [Int] = [0]

    public init(_ cards: [Challenge]) {
        text.reserveCapacity(cards.count * 48)
        starts.reserveCapacity(cards.count + 1)
        for card in cards {
            for field in [card.question, card.reading, card.romaji, card.answer] {
                text.append(0)
                Self.append(field, to: &text)
            }
            starts.append(text.count)
        }
    }

    public var count: Int { starts.count - 1 }

    /// Whether each card matches `query`; every card does for an empty one.
    public func matches(_ query: String) -> [Bool] {
        let needles = Self.needles(for: query)
        guard !needles.isEmpty else { return Array(repeating: true, count: count) }
        var found = Array(repeating: false, count: count)
        text.withUnsafeBufferPointer { haystack in
            guard let base = haystack.baseAddress else { return }
            for needle in needles {
                needle.withUnsafeBufferPointer { pattern in
                    // safe: a needle is never empty (see `needles`).
                    let patternBase = pattern.baseAddress!
                    var offset = 0
                    var card = 0
                    while let position = Self.find(patternBase, pattern.count, in: base, haystack.count, from: offset) {
                        card = self.card(at: position, from: card)
                        found[card] = true
                        offset = starts[card + 1]
                        card += 1
                    }
                }
            }
        }
        return found
    }

    /// What to look for: the folded query, and the kana its romaji stands for when all
    /// of it is romaji ("tabe" → たべ; "eat" is no romaji, "to" is と).
    static func needles(for query: String) -> [[UInt8]] {
        var folded: [UInt8] = []
        append(query.trimmingWhitespace(), to: &folded)
        guard !folded.isEmpty else { return [] }
        var needles = [folded]
        let kana = KanaInput.hiragana(fromFinishedRomaji: query.trimmingWhitespace().lowercased())
        if !kana.unicodeScalars.contains(where: { $0.isASCII }) {
            var foldedKana: [UInt8] = []
            append(kana, to: &foldedKana)
            if foldedKana != folded { needles.append(foldedKana) }
        }
        return needles
    }

    /// `text` as the index keeps it: ASCII letters in lower case, katakana as hiragana
    /// (``Kana/hiragana(_:)-(String)``), control characters left out.
    public static func fold(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func append(_ field: String, to bytes: inout [UInt8]) {
        for scalar in field.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if byte < 0x20 || byte == 0x7F { continue }
                bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
            } else {
                UTF8.encode(Kana.hiragana(scalar)) { bytes.append($0) }
            }
        }
    }

    /// Where the `length` bytes at `needle` first occur in the `count` bytes at
    /// `haystack`, from `offset` on. `memchr` finds each place where the needle's last
    /// byte is (in kana, the byte that tells characters apart; the first is the same
    /// for most of them), `memcmp` checks the rest. (glibc's memmem is not visible to
    /// Swift without _GNU_SOURCE.)
    private static func find(
        _ needle: UnsafePointer<UInt8>, _ length: Int, in haystack: UnsafePointer<UInt8>, _ count: Int, from offset: Int
    ) -> Int? {
        let last = Int32(needle[length - 1])
        var end = offset + length - 1
        while end < count {
            guard let hit = memchr(haystack + end, last, count - end) else { return nil }
            end = haystack.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            let start = end - length + 1
            if memcmp(haystack + start, needle, length) == 0 { return start }
            end += 1
        }
        return nil
    }

    /// The card whose fields hold byte `position`, searching on from `first`.
    private func card(at position: Int, from first: Int) -> Int {
        var low = first
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
