import Foundation
import Testing
@testable import KuchiModel

/// A card's text is bounded by what it costs to show (``TextCost``), by one rule, in a
/// deck file, a text of notes, an Anki package (ImportJobTests) and the learner's edits.
@Suite("Text a card can show")
struct TextCostTests {
    @Test("real text passes: kana and kanji, decomposed kana, accents, emoji up to the longest sequence",
          arguments: ["食べる", "to eat; to consume (formal)", "か\u{3099}っこう", "café", "e\u{301}\u{302}",
                      "👨‍👩‍👧‍👦", "🧑🏻‍❤️‍💋‍🧑🏼", "ｶﾞｯｺｳ", "한국어", "「日本語」、です。"])
    func realTextPasses(text: String) {
        #expect(TextCost.problem(in: text, limit: 200) == nil)
    }

    @Test("a character of more than 10 code points is refused, however few characters the text has")
    func stackedCharacter() {
        #expect(TextCost.problem(in: "e" + String(repeating: "\u{301}", count: 9), limit: 200) == nil)
        #expect(TextCost.problem(in: "e" + String(repeating: "\u{301}", count: 10), limit: 200)
            == .stackedCharacter(scalars: 11, limit: 10))
        // A chain of joined emoji is one character too.
        let chain = Array(repeating: "👨", count: 1_000).joined(separator: "\u{200D}")
        #expect(TextCost.problem(in: chain, limit: 200) == .stackedCharacter(scalars: 1_999, limit: 10))
    }

    @Test("a flood of accents on one letter is refused", .timeLimit(.minutes(1)), arguments: [20_000, 200_000])
    func flood(marks: Int) {
        let text = "a" + String(repeating: "\u{301}", count: marks)
        #expect(TextCost.problem(in: text, limit: 200) == .stackedCharacter(scalars: marks + 1, limit: 10))
    }

    @Test("control characters, bidirectional overrides and line separators are refused by their code",
          arguments: [("\u{7}", "0007"), ("a\nb", "000A"), ("\u{1B}[31m", "001B"), ("\u{85}", "0085"),
                      ("\u{202E}evil", "202E"), ("\u{2066}x", "2066"), ("x\u{2028}y", "2028")])
    func controlCharacters(text: String, code: String) {
        let problem = TextCost.problem(in: text, limit: 200)
        #expect(problem?.reason == "it holds a control character (U+\(code)), which a card cannot show")
    }

    @Test("a line break passes where paragraphs are allowed (a licence), and nothing else does")
    func lineBreaks() {
        #expect(TextCost.problem(in: "one\ntwo", limit: 200, allowsLineBreaks: true) == nil)
        #expect(TextCost.problem(in: "one\r\ntwo", limit: 200, allowsLineBreaks: true) != nil)
    }

    @Test("the length counts characters, on the plain path and the one that finds clusters")
    func length() {
        #expect(TextCost.problem(in: String(repeating: "語", count: 200), limit: 200) == nil)
        #expect(TextCost.problem(in: String(repeating: "語", count: 201), limit: 200) == .tooLong(length: 201, limit: 200))
        let accented = String(repeating: "e\u{301}", count: 200)
        #expect(TextCost.problem(in: accented, limit: 200) == nil)
        #expect(TextCost.problem(in: accented + "x", limit: 200) == .tooLong(length: 201, limit: 200))
    }

    @Test("a deck file with a flood of accents is refused naming the card and the field")
    func deckFile() throws {
        let flood = "a" + String(repeating: #"\u0301"#, count: 20_000)
        let text = #"""
            {"format": 1, "name": "x", "language": "ja", "cards": [
              {"question": "猫", "pronunciation": "neko", "answer": "cat"},
              {"question": "洪水", "pronunciation": "kouzui", "answer": "\#(flood)"}]}
            """#
        #expect(throws: DeckError(problems: [DeckProblem(file: "flood.json", card: 2, message: """
            'answer' cannot be shown on a card: one of its characters is made of 20,001 code points, such as a letter \
            with accents stacked on it; at most 10
            """)])) {
            try DeckLoader.decode(Data(text.utf8), file: "flood.json", choicesPerQuestion: 1)
        }
    }

    @Test("a text of notes with a flood of accents is refused naming the line")
    func textNotes() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let url = folder.appendingPathComponent("flood.tsv")
        try Data("猫\tcat\n洪水\ta\(String(repeating: "\u{301}", count: 20_000))\n犬\tdog\n".utf8).write(to: url)
        #expect(throws: DeckError(problems: [DeckProblem(file: "flood.tsv", line: 2, message: """
            the meaning cannot be shown on a card: one of its characters is made of 20,001 code points, such as a letter \
            with accents stacked on it; at most 10
            """)])) {
            try DeckImporter.read(LocalPath(url))
        }
    }

    @Test("the edits file is checked as it loads: each edit the editor would refuse is left out and named, good ones kept")
    func editsFile() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let bundled = folder.appendingPathComponent("bundled")
        try FileManager.default.createDirectory(at: bundled, withIntermediateDirectories: true)
        let cards = [("犬", "いぬ", "dog"), ("猫", "ねこ", "cat"), ("鳥", "とり", "bird"), ("魚", "さかな", "fish"),
                     ("馬", "うま", "horse"), ("牛", "うし", "cow")]
        try Deck(name: "Animals", language: "ja", cards: cards.map { Challenge(question: $0.0, reading: $0.1, answer: $0.2) })
            .write(to: bundled.appendingPathComponent("animals.json"))
        let catalog = DeckCatalog(bundledFolder: bundled, importedFolder: folder.appendingPathComponent("data/decks"))
        let flood = "a" + String(repeating: "\u{301}", count: 20_000)
        let edits = CardOverrides(cards: [
            "犬": .init(answer: ""),
            "猫": .init(answer: String(repeating: "x", count: 5_000)),
            "鳥": .init(answer: "bird\u{7}\u{202E}"),
            "魚": .init(answer: flood),
            "馬": .init(reading: "uma"),
            "牛": .init(answer: "ox"),
        ])
        try FileManager.default.createDirectory(at: catalog.overridesFolder, withIntermediateDirectories: true)
        try edits.save(to: catalog.overridesFolder.appendingPathComponent("animals.json"))

        let loaded = try catalog.loadNamingEdits(id: "animals")
        #expect(loaded.deck.cards.map(\.answer) == ["dog", "cat", "bird", "fish", "horse", "ox"], "the good edit is kept")
        let stacked = "one of its characters is made of 20,001 code points, such as a letter with accents stacked on it; at most 10"
        #expect(loaded.leftOutEdits.map(\.description) == [
            "animals.json: one of your edits is left out: the meaning of 犬 cannot be empty",
            "animals.json: one of your edits is left out: the meaning of 猫 cannot be shown on a card: it is too long (5,000 characters; at most 200)",
            "animals.json: one of your edits is left out: the meaning of 鳥 cannot be shown on a card: it holds a control character (U+0007), which a card cannot show",
            "animals.json: one of your edits is left out: the meaning of 魚 cannot be shown on a card: \(stacked)",
            "animals.json: one of your edits is left out: the reading of 馬 must be kana (hiragana or katakana), not “uma”",
        ])
        #expect(try catalog.load(id: "animals") == loaded.deck)

        // The editor refuses each of them by the same words, and still takes a good edit.
        for (question, edit) in edits.cards where question != "牛" {
            #expect(throws: DeckError.self) {
                try catalog.edit(question: question, reading: edit.reading ?? "", answer: edit.answer ?? "x", deck: "animals")
            }
        }
        let edited = try catalog.edit(question: "馬", reading: "うま", answer: "pony", deck: "animals")
        #expect(edited.cards.first { $0.question == "馬" }?.answer == "pony")
    }
}
