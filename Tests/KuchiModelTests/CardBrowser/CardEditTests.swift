import Foundation
import Testing
@testable import KuchiModel

@Suite("Card browser: edits, deletion and export")
struct CardEditTests {
    @Test("an edit of a bundled card is kept as an override, and applied when the deck loads again")
    func bundledEditSurvivesReload() throws {
        let fixture = try CatalogFixture()
        let edited = try fixture.catalog.edit(question: "犬", reading: "いぬ", answer: "hound", deck: "animals")
        #expect(edited.cards.first { $0.question == "犬" }?.answer == "hound")
        // The bundled file is untouched; the override sits in the data folder.
        #expect(try DeckLoader.load(contentsOf: fixture.bundledFile).cards.first?.answer == "dog")
        #expect(FileManager.default.fileExists(atPath: fixture.catalog.overridesFolder.appendingPathComponent("animals.json").path))

        let relaunched = DeckCatalog(bundledFolder: fixture.bundled, importedFolder: fixture.imported)
        #expect(try relaunched.load(id: "animals").cards.first { $0.question == "犬" }?.answer == "hound")
    }

    @Test("an override survives a new version of the deck: it follows the word, not its place")
    func overrideSurvivesDeckUpdate() throws {
        let fixture = try CatalogFixture()
        _ = try fixture.catalog.edit(question: "猫", reading: "ネコ", answer: "kitty", deck: "animals")
        try fixture.writeBundled(["鳥\tとり\tbird", "猫\tねこ\tcat", "犬\tいぬ\tdog", "魚\tさかな\tfish"])
        let deck = try fixture.catalog.load(id: "animals")
        #expect(deck.cards.map(\.question) == ["鳥", "猫", "犬", "魚"])
        #expect(deck.cards[1].answer == "kitty")
        #expect(deck.cards[1].reading == "ネコ")
        #expect(deck.cards[2].answer == "dog")
    }

    @Test("editing a card back to the deck's text removes its override")
    func revertRemovesOverride() throws {
        let fixture = try CatalogFixture()
        _ = try fixture.catalog.edit(question: "犬", reading: "いぬ", answer: "hound", deck: "animals")
        _ = try fixture.catalog.edit(question: "犬", reading: "いぬ", answer: "dog", deck: "animals")
        let file = fixture.catalog.overridesFolder.appendingPathComponent("animals.json")
        #expect(try CardOverrides.load(from: file).cards.isEmpty)
    }

    @Test("an edit that would break the deck is refused and changes nothing: an empty meaning, romaji as a reading")
    func badEditRefused() throws {
        let fixture = try CatalogFixture()
        #expect(throws: DeckError.self) { try fixture.catalog.edit(question: "犬", reading: "いぬ", answer: " ", deck: "animals") }
        #expect(throws: DeckError.self) { try fixture.catalog.edit(question: "犬", reading: "inu", answer: "dog", deck: "animals") }
        #expect(!FileManager.default.fileExists(atPath: fixture.catalog.overridesFolder.path))
    }

    @Test("a damaged overrides file is an error naming it, never dropped silently")
    func damagedOverrides() throws {
        let fixture = try CatalogFixture()
        let file = fixture.catalog.overridesFolder.appendingPathComponent("animals.json")
        try FileManager.default.createDirectory(at: fixture.catalog.overridesFolder, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: file)
        #expect(throws: DeckError.self) { try fixture.catalog.load(id: "animals") }
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("an imported deck takes edits and deletions in its own file; a bundled deck's cards cannot be deleted")
    func importedEditsAndDeletes() throws {
        let fixture = try CatalogFixture()
        let entry = try fixture.importDeck()
        _ = try fixture.catalog.edit(question: "山", reading: "やま", answer: "mount", deck: entry.id)
        _ = try fixture.catalog.delete(question: "川", deck: entry.id)
        let relaunched = DeckCatalog(bundledFolder: fixture.bundled, importedFolder: fixture.imported)
        let deck = try relaunched.load(id: entry.id)
        #expect(deck.cards.map(\.question) == ["山", "海", "空"])
        #expect(deck.cards[0].answer == "mount")
        #expect(!FileManager.default.fileExists(atPath: relaunched.overridesFolder.path))
        #expect(throws: DeckError.self) { try fixture.catalog.delete(question: "犬", deck: "animals") }
        #expect(try fixture.catalog.load(id: "animals").cards.count == 3)
    }

    @Test("a deck exported with the learner's edits imports again as the same cards")
    func exportReimport() throws {
        let fixture = try CatalogFixture()
        _ = try fixture.catalog.edit(question: "猫", reading: "ねこ", answer: "house cat", deck: "animals")
        let deck = try fixture.catalog.load(id: "animals")
        let file = fixture.folder.appendingPathComponent("export/animals.json")
        try deck.write(to: file)
        let entry = try fixture.catalog.import(LocalPath(file)).entry
        let again = try fixture.catalog.load(id: entry.id)
        #expect(again == deck)
        #expect(again.cards.first { $0.question == "猫" }?.answer == "house cat")
    }
}

/// A catalog over a bundled folder with one small deck ("animals") and an empty
/// imported folder, in a temporary folder.
private struct CatalogFixture {
    private let temporaryFolder: TemporaryFolder
    var folder: URL { temporaryFolder.url }
    var bundled: URL { folder.appendingPathComponent("bundled") }
    var imported: URL { folder.appendingPathComponent("data/decks") }
    var bundledFile: URL { bundled.appendingPathComponent("animals.json") }
    var catalog: DeckCatalog { DeckCatalog(bundledFolder: bundled, importedFolder: imported) }

    init() throws {
        temporaryFolder = try TemporaryFolder()
        try writeBundled(["犬\tいぬ\tdog", "猫\tねこ\tcat", "鳥\tとり\tbird"])
    }

    /// Writes the bundled deck "Animals" with `lines` of word, reading and meaning.
    func writeBundled(_ lines: [String]) throws {
        let cards = lines.map { line -> Challenge in
            let fields = line.split(separator: "\t").map(String.init)
            return Challenge(question: fields[0], reading: fields[1], answer: fields[2], level: "N5")
        }
        try Deck(name: "Animals", language: "ja", license: "CC0", attribution: "Tests", cards: cards).write(to: bundledFile)
    }

    /// Imports a small text deck.
    func importDeck() throws -> DeckEntry {
        let file = folder.appendingPathComponent("nature.tsv")
        try Data("山\tmountain\tやま\n川\triver\tかわ\n海\tsea\tうみ\n空\tsky\tそら\n".utf8).write(to: file)
        return try catalog.import(LocalPath(file)).entry
    }
}
