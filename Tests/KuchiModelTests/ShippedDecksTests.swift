import Foundation
import Testing
import KuchiModel

@Suite("Shipped decks")
struct ShippedDecksTests {
    @Test("every shipped deck validates", arguments: ["kuchi-basics.json", "jlpt-n5.json", "jlpt-n4.json"])
    func shippedDeckValidates(file: String) throws {
        let deck = try DeckLoader.load(contentsOf: RepositoryPaths.decks.appendingPathComponent(file))
        #expect(!deck.cards.isEmpty)
        #expect(!deck.license.isEmpty && !deck.attribution.isEmpty)
    }

    @Test("every JLPT card has its deck's level and a distinct answer", arguments: ["N5", "N4"])
    func jlptCardsHaveLevels(level: String) throws {
        let url = RepositoryPaths.decks.appendingPathComponent("jlpt-\(level.lowercased()).json")
        let deck = try DeckLoader.load(contentsOf: url)
        #expect(deck.cards.allSatisfy { $0.level == level })
        #expect(Set(deck.cards.map(\.answer)).count == deck.cards.count)
        #expect(deck.license == "CC BY-SA 4.0")
        #expect(deck.attribution.contains("JMdict") && deck.attribution.contains("Tatoeba"))
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
