import Foundation
import Testing
import KuchiModel

@Suite("Deck files with problems")
struct DeckLoaderTests {
    @Test("each bad deck is refused with every problem, naming the file and card", arguments: badDecks)
    func badDeckIsRefused(_ expectation: BadDeck) {
        let url = RepositoryPaths.badDecks.appendingPathComponent(expectation.file)
        #expect(throws: DeckError(problems: expectation.problems)) {
            try DeckLoader.load(contentsOf: url)
        }
    }

    @Test("every fixture in the bad-decks folder has an expectation")
    func everyFixtureIsCovered() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.badDecks.path)
        #expect(Set(files) == Set(badDecks.map(\.file)))
    }

    @Test("the error reads one problem per line, file first")
    func errorDescription() throws {
        let url = RepositoryPaths.badDecks.appendingPathComponent("empty-string.json")
        let result = DeckLoader.check(contentsOf: url)
        guard case .failure(let error) = result else { Issue.record("accepted a bad deck"); return }
        #expect(error.description == """
            empty-string.json: card 2: 'answer' is empty
            empty-string.json: card 3: 'question' is empty
            """)
    }

    @Test("a missing file is a problem, not a crash")
    func missingFile() throws {
        let url = RepositoryPaths.badDecks.appendingPathComponent("no-such-deck.json")
        #expect(throws: DeckError.self) { try DeckLoader.load(contentsOf: url) }
    }

    @Test("a directory is a problem, not a crash")
    func directoryInsteadOfFile() {
        let result = DeckLoader.check(contentsOf: RepositoryPaths.badDecks)
        guard case .failure(let error) = result else { Issue.record("accepted a directory"); return }
        #expect(error.problems.count == 1)
        #expect(error.description.hasPrefix("bad-decks: cannot be read"))
    }

    @Test("a null where text is required is reported, not silently dropped")
    func nullField() {
        let data = Data(#"""
            {"format": 1, "name": "x", "language": "ja", "cards": [
              {"question": null, "pronunciation": "hai", "answer": "yes"}]}
            """#.utf8)
        #expect(throws: DeckError(problems: [
            DeckProblem(file: "null.json", card: 1, message: "'question' is null; it must be text"),
        ])) {
            try DeckLoader.decode(data, file: "null.json")
        }
    }

    @Test("a control character in a card's text is refused by its code, so no problem quotes it raw")
    func controlCharactersRefused() throws {
        let question = #"\u001b[31mred\nline"#
        let data = Data(#"""
            {"format": 1, "name": "x", "language": "ja", "cards": [
              {"question": "\#(question)", "pronunciation": "a", "answer": "b"},
              {"question": "red", "pronunciation": "a", "answer": "c\u202Eevil"}]}
            """#.utf8)
        do {
            _ = try DeckLoader.decode(data, file: "escapes.json")
            Issue.record("accepted control characters")
        } catch {
            #expect(error.description == """
                escapes.json: card 1: 'question' cannot be shown on a card: it holds a control character (U+001B), which a card cannot show
                escapes.json: card 2: 'answer' cannot be shown on a card: it holds a control character (U+202E), which a card cannot show
                """)
        }
    }

    @Test("a named pipe is refused at once instead of blocking")
    func namedPipe() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let fifo = directory.appendingPathComponent("deck.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: DeckError(problems: [
            DeckProblem(file: "deck.json", message: "cannot be read: it is a named pipe, not a file"),
        ])) {
            try DeckLoader.load(contentsOf: fifo)
        }
    }

    @Test("a deck whose file name is not UTF-8 opens, and its name is shown escaped")
    func nonUTF8FileName() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let path = LocalPath(directory).appending("caf").bytes + [0xE9] + Array(".json".utf8)
        let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o600)
        #expect(descriptor >= 0)
        let text = Array(goodDeckText.utf8)
        #expect(write(descriptor, text, text.count) == text.count)
        close(descriptor)
        #expect(try DeckLoader.load(path: LocalPath(bytes: path)).name == "Good")
        #expect(LocalPath(bytes: path).lastComponent.description == #"caf\xE9.json"#)
    }

    @Test("a good deck is read with every field")
    func goodDeck() throws {
        let deck = try DeckLoader.decode(Data(goodDeckText.utf8), file: "good.json")
        #expect(deck.name == "Good")
        #expect(deck.license == "CC0-1.0")
        #expect(deck.cards.count == 3)
        #expect(deck.cards[0] == Challenge(question: "犬", pronunciation: "inu", answer: "dog", level: "N5"))
        #expect(deck.cards[2].level == nil)
    }

    @Test("an example without a translation, or with a blank one, is read with none, and written without 'en'")
    func exampleWithoutTranslation() throws {
        let text = """
            {"format": 2, "name": "Mined", "language": "ja", "cards": [
              {"question": "猫", "reading": "ねこ", "answer": "cat", "examples": [{"ja": "猫がいる。"}]},
              {"question": "犬", "reading": "いぬ", "answer": "dog", "examples": [{"ja": "犬がいる。", "en": "  "}]},
              {"question": "鳥", "reading": "とり", "answer": "bird", "examples": [{"ja": "鳥がいる。", "en": "There is a bird."}]}
            ]}
            """
        let deck = try DeckLoader.decode(Data(text.utf8), file: "mined.json")
        #expect(deck.cards.map { $0.examples.map(\.en) } == [[""], [""], ["There is a bird."]])
        let written = try #require(String(data: try JSONEncoder().encode(deck.cards[0].examples[0]), encoding: .utf8))
        #expect(written == #"{"ja":"猫がいる。"}"#)
        #expect(try JSONDecoder().decode(Example.self, from: Data(written.utf8)) == deck.cards[0].examples[0])
    }

    @Test("check reports the number of cards")
    func checkCountsCards() throws {
        let url = RepositoryPaths.decks.appendingPathComponent("kuchi-basics.json")
        #expect(try DeckLoader.check(contentsOf: url).get() == 9)
    }
}

struct BadDeck: Sendable, CustomTestStringConvertible {
    let file: String
    let problems: [DeckProblem]

    init(_ file: String, _ problems: [(card: Int?, message: String)]) {
        self.file = file
        self.problems = problems.map { DeckProblem(file: file, card: $0.card, message: $0.message) }
    }

    var testDescription: String { file }
}

private let badDecks: [BadDeck] = [
    BadDeck("not-json.json", [(nil, "not valid JSON: line 4, column 21: expected ',' or '}'")]),
    BadDeck("invalid-utf8.json", [(nil, "not valid UTF-8 at byte 195")]),
    BadDeck("not-an-object.json", [(nil, "the top level must be an object with 'format', 'name' and 'cards'")]),
    BadDeck("wrong-types.json", [
        (2, "'question' must be a string"),
        (3, "'answer' must be a string"),
        (4, "'level' must be a string"),
        (5, "must be an object with 'question', 'pronunciation' and 'answer'"),
    ]),
    BadDeck("missing-field.json", [(2, "missing 'pronunciation'")]),
    BadDeck("empty-string.json", [(2, "'answer' is empty"), (3, "'question' is empty")]),
    BadDeck("no-cards.json", [(nil, "no cards")]),
    BadDeck("duplicate-question.json", [(7, "duplicate question 'はい' (also card 2)")]),
    BadDeck("too-few-answers.json", [(nil, "only 2 distinct answers; need at least 3")]),
    BadDeck("unsupported-format.json", [(nil, "unsupported format 3; this version of Kuchi reads formats 1 and 2")]),
    BadDeck("romaji-reading.json", [
        (2, "'reading' must be kana (hiragana or katakana); it is 'nomu'"),
        (3, "'reading' must be kana (hiragana or katakana); it is '見る'"),
        (4, "missing 'reading'"),
        (5, "'romaji' must be a string"),
    ]),
    BadDeck("bad-examples.json", [
        (2, "'examples' must be a list of up to 2 objects with the texts 'ja' and 'en'"),
        (3, "'examples[1].ja' must be a string"),
        (4, "'examples[1].en' must be a string"),
        (5, "'examples' must be a list of up to 2 objects with the texts 'ja' and 'en'; it has 3"),
        (6, "'examples' must be a list of up to 2 objects with the texts 'ja' and 'en'; example 1 is not an object"),
    ]),
    BadDeck("many-problems.json", [
        (nil, "'format' must be a whole number"),
        (nil, "missing 'name'"),
        (1, "missing 'answer'"),
        (2, "'pronunciation' must be a string"),
        (3, "'question' is empty"),
    ]),
]

private let goodDeckText = """
    {"format": 1, "name": "Good", "language": "ja", "license": "CC0-1.0", "attribution": "Tests",
     "cards": [
      {"question": "犬", "pronunciation": "inu", "answer": "dog", "level": "N5"},
      {"question": "猫", "pronunciation": "neko", "answer": "cat", "level": "N5"},
      {"question": "鳥", "pronunciation": "tori", "answer": "bird", "level": null}
     ]}
    """
