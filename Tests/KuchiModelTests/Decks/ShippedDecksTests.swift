import Foundation
import Testing
import KuchiModel

@Suite("Shipped decks")
struct ShippedDecksTests {
    static let files = ["kuchi-basics.json"] + ["n5", "n4", "n3", "n2", "n1"].flatMap { ["jlpt-\($0).json", "kanji-\($0).json"] }

    @Test("every shipped deck validates, in format 2", arguments: files)
    func shippedDeckValidates(file: String) throws {
        let url = RepositoryPaths.decks.appendingPathComponent(file)
        let deck = try DeckLoader.load(contentsOf: url)
        #expect(!deck.cards.isEmpty)
        #expect(!deck.license.isEmpty && !deck.attribution.isEmpty)
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("{\n \"format\": 2,"))
    }

    @Test("every JLPT card has its deck's level, a kana reading, romaji, and examples that hold the word",
          arguments: ["N5", "N4", "N3", "N2", "N1"])
    func jlptCards(level: String) throws {
        for kind in ["jlpt", "kanji"] {
            let url = RepositoryPaths.decks.appendingPathComponent("\(kind)-\(level.lowercased()).json")
            let deck = try DeckLoader.load(contentsOf: url)
            #expect(deck.cards.allSatisfy { $0.level == level })
            #expect(deck.cards.allSatisfy { Kana.isReading($0.reading) && !$0.romaji.isEmpty })
            for card in deck.cards {
                for example in card.examples {
                    #expect(example.wordRange(of: card) != nil, "\(card.question): \(example.ja)")
                }
            }
            #expect(deck.license == "CC BY-SA 4.0")
            #expect(deck.attribution.contains("JMdict") && deck.attribution.contains("Tatoeba"))
        }
    }

    @Test("the Kuchi Basics file holds the built-in deck")
    func basicsMatchBuiltIn() throws {
        let url = RepositoryPaths.decks.appendingPathComponent("kuchi-basics.json")
        #expect(try DeckLoader.load(contentsOf: url) == Deck.kuchiBasics)
    }

    @Test("the built-in deck has the nine classic words")
    func builtInWords() {
        #expect(Deck.kuchiBasics.cards.map(\.answer) == [
            "yes", "no", "please", "hello", "nice to meet you", "hello (on the phone)",
            "excuse me", "thank you", "sorry",
        ])
    }

    @Test("the licence and attribution travel with the decks")
    func licenceFilesPresent() {
        for file in ["LICENSE.md", "ATTRIBUTION.md"] {
            #expect(FileManager.default.fileExists(atPath: RepositoryPaths.decks.appendingPathComponent(file).path))
        }
    }
}
