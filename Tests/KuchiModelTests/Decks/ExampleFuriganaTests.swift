import Foundation
import Testing
import KuchiModel

/// An example sentence's `ruby` (its kanji words' readings) read from a deck, checked,
/// and shown under the Readings setting as the card's word is.
@Suite("Example sentence furigana")
struct ExampleFuriganaTests {
    private func deck(_ example: String) -> Data {
        Data("""
            {"format": 2, "name": "Examples", "language": "ja", "cards": [
              {"question": "犬", "reading": "いぬ", "answer": "dog"},
              {"question": "猫", "reading": "ねこ", "answer": "cat"},
              {"question": "頭痛", "reading": "ずつう", "answer": "headache", "examples": [
                {"ja": "猫が好き。", "en": "I like cats."}, \(example)]}]}
            """.utf8)
    }

    private func example(_ ruby: String, ja: String = "頭痛がする。") -> Data {
        deck(#"{"ja": "\#(ja)", "en": "I have a headache.", "ruby": \#(ruby)}"#)
    }

    private let headache = Challenge(question: "頭痛", reading: "ずつう", answer: "headache")

    @Test("'ruby' is read as the words' readings in UTF-16 units; absent or null is none")
    func reads() throws {
        let card = try DeckLoader.decode(example(#"[[0, 2, "ずつう"]]"#), file: "examples.json").cards[2]
        #expect(card.examples[0].wordReadings.isEmpty)
        #expect(card.examples[1].wordReadings == [Example.WordReading(utf16Range: 0..<2, reading: "ずつう")])
        let none = try DeckLoader.decode(example("null"), file: "examples.json").cards[2]
        #expect(none.examples[1].wordReadings.isEmpty)
        // 𠮟 is two UTF-16 units: 𠮟る is 0..<3.
        let astral = try DeckLoader.decode(example(#"[[0, 3, "しかる"]]"#, ja: "𠮟る。"), file: "examples.json").cards[2]
        #expect(astral.examples[1].wordReadings[0].utf16Range == 0..<3)
    }

    @Test("a bad 'ruby' is a problem naming the file, the card, the example and the word",
          arguments: [
            (#""ずつう""#, "'examples[2].ruby[]' must be [start, end, reading]: whole numbers and kana"),
            (#"[[0, 2]]"#, "'examples[2].ruby[1]' must be [start, end, reading]: whole numbers and kana"),
            (#"[[0, 2, "zutsuu"]]"#, "'examples[2].ruby[1]' must be [start, end, reading]: whole numbers and kana"),
            (#"[[0, 1.5, "ず"]]"#, "'examples[2].ruby[1]' must be [start, end, reading]: whole numbers and kana"),
            (#"[[0, 9, "ずつう"]]"#, "'examples[2].ruby[1]' (0 to 9) is not a word of the sentence in order: it must lie within its 6 UTF-16 units, after the word before it and not inside a character"),
            (#"[[1, 2, "つう"], [0, 1, "ず"]]"#, "'examples[2].ruby[2]' (0 to 1) is not a word of the sentence in order: it must lie within its 6 UTF-16 units, after the word before it and not inside a character"),
            (#"[[2, 4, "がする"]]"#, "'examples[2].ruby[1]' reads 'がす', which has no kanji"),
          ])
    func bad(ruby: String, message: String) {
        #expect(throws: DeckError(problems: [DeckProblem(file: "examples.json", card: 3, message: message)])) {
            try DeckLoader.decode(example(ruby), file: "examples.json")
        }
    }

    @Test("a word may not end inside a character: half of 𠮟's surrogate pair is refused")
    func surrogate() {
        #expect(throws: DeckError.self) {
            try DeckLoader.decode(example(#"[[0, 1, "しか"]]"#, ja: "𠮟る。"), file: "examples.json")
        }
    }

    @Test("a deck Kuchi writes keeps the readings, and reads back the same")
    func roundTrip() throws {
        let original = try DeckLoader.decode(example(#"[[0, 2, "ずつう"]]"#), file: "examples.json")
        let data = try original.encoded()
        #expect(String(decoding: data, as: UTF8.self).contains(#""ruby""#))
        #expect(try DeckLoader.decode(data, file: "again.json") == original)
    }

    private func segments(_ presentation: ExamplePresentation) -> [String] {
        presentation.sentence.map { ($0.isCardWord ? "*" : "") + $0.text + ($0.reading.map { "(\($0))" } ?? "") }
    }

    @Test("with furigana: the reading over the kanji word, the card's word marked")
    func furigana() {
        let example = Example(ja: "頭痛がする。", en: "", wordReadings: [.init(utf16Range: 0..<2, reading: "ずつう")])
        let shown = ExamplePresentation(example, card: headache, display: .furigana, revealed: true)
        #expect(segments(shown) == ["*頭痛(ずつう)", "がする。"])
        #expect(shown.line.isEmpty)
        #expect(shown.spoken == "頭痛がする。", "the sentence once: a screen reader reads its kanji")
    }

    @Test("a verb's okurigana are not under its reading: 食べ read たべ is た over 食, as for the card's word")
    func okurigana() {
        let eat = Challenge(question: "食べる", reading: "たべる", answer: "to eat")
        let example = Example(ja: "魚を食べた。", en: "", wordReadings: [
            .init(utf16Range: 0..<1, reading: "さかな"), .init(utf16Range: 2..<4, reading: "たべ"),
        ])
        let shown = ExamplePresentation(example, card: eat, display: .furigana, revealed: true)
        #expect(segments(shown) == ["魚(さかな)", "を", "*食(た)", "*べ", "た。"])
    }

    @Test("a number and its counter: 三 read みっ before the kana つ")
    func counter() {
        let buy = Challenge(question: "買う", reading: "かう", answer: "to buy")
        let example = Example(ja: "りんごを三つ買った。", en: "", wordReadings: [
            .init(utf16Range: 4..<5, reading: "みっ"), .init(utf16Range: 6..<8, reading: "かっ"),
        ])
        let shown = ExamplePresentation(example, card: buy, display: .furigana, revealed: true)
        #expect(segments(shown) == ["りんごを", "三(みっ)", "つ", "*買(か)", "った。"])
    }

    @Test("a sentence the generator could not read surely has no readings, and shows none")
    func without() {
        let shown = ExamplePresentation(Example(ja: "10時に来た。", en: ""), card: headache, display: .furigana, revealed: true)
        #expect(segments(shown) == ["10時に来た。"])
        #expect(shown.line.isEmpty)
    }

    @Test("Readings below: the sentence plain, in kana on the line below; romaji and hidden-before-turning: plain")
    func otherSettings() {
        let example = Example(ja: "頭痛がする。", en: "", wordReadings: [.init(utf16Range: 0..<2, reading: "ずつう")])
        let below = ExamplePresentation(example, card: headache, display: .below, revealed: true)
        #expect(segments(below) == ["*頭痛", "がする。"])
        #expect(below.line == "ずつうがする。")
        for (display, revealed) in [(ReadingDisplay.romaji, true), (.hidden, false)] {
            let plain = ExamplePresentation(example, card: headache, display: display, revealed: revealed)
            #expect(segments(plain) == ["*頭痛", "がする。"] && plain.line.isEmpty, "\(display)")
        }
        // Hidden shows the readings once the card is turned, as the word's.
        let turned = ExamplePresentation(example, card: headache, display: .hidden, revealed: true)
        #expect(segments(turned) == ["*頭痛(ずつう)", "がする。"])
    }

    @Test("the bundled decks: 頭痛がする has ずつう over 頭痛, and every reading is a word of its sentence")
    func shipped() throws {
        var sentences = 0, words = 0
        var headacheSeen = false
        for level in ["n5", "n4", "n3", "n2", "n1"] {
            let deck = try DeckLoader.load(contentsOf: RepositoryPaths.decks.appendingPathComponent("jlpt-\(level).json"))
            for card in deck.cards {
                for example in card.examples where !example.wordReadings.isEmpty {
                    sentences += 1
                    words += example.wordReadings.count
                    if card.question == "頭痛", example.ja == "頭痛がする。" {
                        let shown = ExamplePresentation(example, card: card, display: .furigana, revealed: true)
                        #expect(segments(shown) == ["*頭痛(ずつう)", "がする。"])
                        headacheSeen = true
                    }
                }
            }
            let kanji = try DeckLoader.load(contentsOf: RepositoryPaths.decks.appendingPathComponent("kanji-\(level).json"))
            #expect(kanji.cards.allSatisfy { $0.examples.allSatisfy(\.wordReadings.isEmpty) },
                    "a kanji card's example word carries its reading in parentheses")
        }
        #expect(headacheSeen)
        #expect(sentences > 11_000 && words > 30_000, "\(sentences) sentences, \(words) words")
    }
}
