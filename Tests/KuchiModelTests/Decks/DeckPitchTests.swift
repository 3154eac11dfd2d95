import Foundation
import Testing
import KuchiModel

@Suite("Deck pitch accents")
struct DeckPitchTests {
    private func deck(_ cards: String) -> Data {
        Data("""
            {"format": 2, "name": "Pitch", "language": "ja", "cards": [
              {"question": "犬", "reading": "いぬ", "answer": "dog"},
              {"question": "猫", "reading": "ねこ", "answer": "cat"},
              \(cards)]}
            """.utf8)
    }

    @Test("'pitch' is read as the card's accent nuclei; absent or null is none, and stays format 2")
    func readsPitch() throws {
        let cards = try DeckLoader.decode(deck("""
            {"question": "箸", "reading": "はし", "answer": "chopsticks", "pitch": [1]},
            {"question": "大半", "reading": "たいはん", "answer": "majority", "pitch": [0, 3]},
            {"question": "鳥", "reading": "とり", "answer": "bird", "pitch": null},
            {"question": "橋", "reading": "はし", "answer": "bridge", "pitch": [2.0]}
            """), file: "pitch.json").cards
        #expect(cards.map(\.pitch) == [[], [], [1], [0, 3], [], [2]])
    }

    @Test("a bad 'pitch' is a problem naming the file and the card",
          arguments: [
            (#"[-1]"#, "'pitch' must be a list of up to 8 whole numbers, each where the pitch drops (0 for no drop)"),
            (#"[1.5]"#, "'pitch' must be a list of up to 8 whole numbers, each where the pitch drops (0 for no drop)"),
            (#"["1"]"#, "'pitch' must be a list of up to 8 whole numbers, each where the pitch drops (0 for no drop)"),
            (#"1"#, "'pitch' must be a list of up to 8 whole numbers, each where the pitch drops (0 for no drop)"),
            (#"[0,1,2,0,1,2,0,1,2]"#, "'pitch' must be a list of up to 8 whole numbers, each where the pitch drops (0 for no drop); it has 9"),
            (#"[3]"#, "'pitch' 3 is past the end of the reading 'はし' (mora count: 2)"),
          ])
    func badPitch(value: String, message: String) {
        let data = deck(#"{"question": "箸", "reading": "はし", "answer": "chopsticks", "pitch": \#(value)}"#)
        #expect(throws: DeckError(problems: [DeckProblem(file: "pitch.json", card: 3, message: message)])) {
            try DeckLoader.decode(data, file: "pitch.json")
        }
    }

    @Test("きょう is two morae: 2 fits, 3 does not")
    func moraeOfTheReading() throws {
        let fits = deck(#"{"question": "今日", "reading": "きょう", "answer": "today", "pitch": [2]}"#)
        #expect(try DeckLoader.decode(fits, file: "pitch.json").cards[2].pitch == [2])
        let past = deck(#"{"question": "今日", "reading": "きょう", "answer": "today", "pitch": [3]}"#)
        #expect(throws: DeckError.self) { try DeckLoader.decode(past, file: "pitch.json") }
    }

    @Test("a deck Kuchi writes keeps each card's pitch, and reads back the same")
    func roundTrip() throws {
        let original = try DeckLoader.decode(deck("""
            {"question": "箸", "reading": "はし", "answer": "chopsticks", "pitch": [1]},
            {"question": "大半", "reading": "たいはん", "answer": "majority", "pitch": [0, 3]}
            """), file: "pitch.json")
        let data = try original.encoded()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""format" : 2"#))
        #expect(text.contains(#""pitch" : ["#))
        #expect(try DeckLoader.decode(data, file: "again.json") == original)
        // A card without one says nothing.
        #expect(text.components(separatedBy: #""pitch""#).count == 3)
    }

    @Test("an edit of the meaning keeps the pitch; a new reading drops it, as it drops the romaji")
    func edits() throws {
        let temporaryFolder = try TemporaryFolder()
        let bundled = temporaryFolder.url.appendingPathComponent("bundled")
        try FileManager.default.createDirectory(at: bundled, withIntermediateDirectories: true)
        try deck(#"{"question": "箸", "reading": "はし", "romaji": "hashi", "answer": "chopsticks", "pitch": [1]}"#)
            .write(to: bundled.appendingPathComponent("pitch.json"))
        let catalog = DeckCatalog(bundledFolder: bundled, importedFolder: temporaryFolder.url.appendingPathComponent("data/decks"))

        let meaning = try catalog.edit(question: "箸", reading: "はし", answer: "chopsticks (for eating)", deck: "pitch")
        #expect(meaning.cards[2].pitch == [1])
        #expect(try catalog.load(id: "pitch").cards[2].pitch == [1], "kept through the override, on a relaunch")

        let reading = try catalog.edit(question: "箸", reading: "ばし", answer: "chopsticks", deck: "pitch")
        #expect(reading.cards[2].pitch.isEmpty && reading.cards[2].romaji.isEmpty)
        #expect(try catalog.load(id: "pitch").cards[2].pitch.isEmpty)
    }

    @Test("the bundled decks carry UniDic's accents: the minimal pairs, where the decks have them")
    func shippedMinimalPairs() throws {
        var found: [String: [Int]] = [:]
        for level in ["n5", "n4", "n3", "n2", "n1"] {
            let deck = try DeckLoader.load(contentsOf: RepositoryPaths.decks.appendingPathComponent("jlpt-\(level).json"))
            for card in deck.cards where found[card.question] == nil {
                found[card.question] = card.pitch
            }
            let kanji = try DeckLoader.load(contentsOf: RepositoryPaths.decks.appendingPathComponent("kanji-\(level).json"))
            #expect(kanji.cards.allSatisfy { $0.pitch.isEmpty }, "a kanji's list of readings has no pitch")
        }
        let golden: [String: [Int]] = [
            "箸": [1], "橋": [2], "端": [0], "雨": [1], "飴": [0], "花": [2], "鼻": [0],
            "酒": [0], "鮭": [1], "柿": [0], "牡蠣": [1], "食べる": [2], "先生": [3],
        ]
        for (word, pitch) in golden {
            if let card = found[word] { #expect(card == pitch, "\(word)") }
        }
        // The ones the decks have today, so that the check above is not empty.
        for word in ["橋", "箸", "端", "雨", "鼻"] {
            #expect(found[word] == golden[word], "\(word)")
        }
        // 日本 in N3 is read にっぽん, which UniDic reads alone; read にほん it would be 2.
        #expect(found["日本"] == [3])
    }
}
