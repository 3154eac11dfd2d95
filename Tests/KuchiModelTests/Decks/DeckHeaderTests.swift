import Foundation
import KuchiModel
import Testing

@Suite("Deck names from headers")
struct DeckHeaderTests {
    @Test("the bundled decks' headers give the names their loaded decks have")
    func bundled() throws {
        for file in ["jlpt-n5.json", "jlpt-n4.json", "kuchi-basics.json"] {
            let url = RepositoryPaths.decks.appendingPathComponent(file)
            let header = try #require(DeckHeader.read(contentsOf: url), "\(file)")
            let deck = try DeckLoader.load(contentsOf: url)
            #expect(header == DeckHeader(
                format: 2, name: deck.name, language: deck.language, license: deck.license,
                attribution: deck.attribution))
        }
    }

    @Test("a name is read without the cards: cards that are garbage after a good header still list it")
    func garbageCards() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let header = #"{"format": 1, "name": "Garbage Inside", "language": "ja", "cards": ["#
        // Not JSON, not UTF-8, and far larger than what is read.
        var garbage = Data(header.utf8)
        garbage.append(Data(#"{"question": "#.utf8))
        garbage.append(Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 131 | 0x80) }))
        try garbage.write(to: folder.appendingPathComponent("garbage-inside.json"))
        // Cut off in the middle of a card, as a half-written file is.
        try Data((header + #"{"question": "ねこ", "pronun"#).utf8).write(to: folder.appendingPathComponent("cut.json"))
        #expect(DeckHeader.read(contentsOf: folder.appendingPathComponent("garbage-inside.json"))?.name == "Garbage Inside")
        #expect(throws: DeckError.self) { try DeckLoader.load(contentsOf: folder.appendingPathComponent("garbage-inside.json")) }
        let catalog = DeckCatalog(bundledFolder: folder, importedFolder: folder.appendingPathComponent("none"))
        #expect(catalog.entries().map(\.name) == ["Kuchi Basics", "Garbage Inside", "Garbage Inside"])
    }

    @Test("a name after the cards (keys in alphabetical order, as earlier Kuchis imported) is found, small or large",
          arguments: [3, 5_000])
    func nameAfterCards(cards: Int) throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let url = folder.appendingPathComponent("sorted.json")
        let data = try sortedDeck(name: #"The "Best" Deck \ é"#, cards: cards)
        #expect((cards > 1_000) == (data.count > DeckHeader.readLimit * 2), "the large one is past both ends read")
        try data.write(to: url)
        let header = try #require(DeckHeader.read(contentsOf: url))
        #expect(header.name == #"The "Best" Deck \ é"#)
        #expect(header.format == 1)
        #expect(header.language == "ja")
        #expect(try DeckLoader.load(contentsOf: url).name == header.name)
    }

    @Test("a name after cards that go on past what is read, in a file whose end is not a deck's, is not guessed")
    func nameAfterCardsUnreadable() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let url = folder.appendingPathComponent("sorted.json")
        var data = try sortedDeck(name: "Cut", cards: 5_000)
        data.removeLast(40)
        try data.write(to: url)
        #expect(DeckHeader.read(contentsOf: url) == nil)
    }

    @Test("a file whose header cannot be read is listed by its file name")
    func brokenHeaders() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let files: [String: Data] = [
            "empty.json": Data(),
            "not-json.json": Data("name: Nope".utf8),
            "array.json": Data(#"[{"name": "Nope"}]"#.utf8),
            "no-name.json": Data(#"{"format": 1, "language": "ja", "cards": []}"#.utf8),
            "blank-name.json": Data(#"{"format": 1, "name": " \u3000", "cards": []}"#.utf8),
            "number-name.json": Data(#"{"format": 1, "name": 5, "cards": []}"#.utf8),
            "long-name.json": Data(#"{"format": 1, "name": "\#(String(repeating: "x", count: 201))", "cards": []}"#.utf8),
            "stacked-name.json": Data(#"{"format": 1, "name": "a\#(String(repeating: #"\u0301"#, count: 2_000))", "cards": []}"#.utf8),
            "bidi-name.json": Data(#"{"format": 1, "name": "\u202Eevil", "cards": []}"#.utf8),
            "latin1-name.json": Data(#"{"format": 1, "name": "caf"#.utf8) + Data([0xE9]) + Data(#"", "cards": []}"#.utf8),
            "cut-in-header.json": Data(#"{"format": 1, "name": "Cut"#.utf8),
            "bad-syntax.json": Data(#"{"format": 1 "name": "Nope", "cards": []}"#.utf8),
        ]
        for (file, data) in files { try data.write(to: folder.appendingPathComponent(file)) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        for file in files.keys {
            #expect(DeckHeader.read(contentsOf: folder.appendingPathComponent(file)) == nil, "\(file)")
        }
        let catalog = DeckCatalog(bundledFolder: folder, importedFolder: folder.appendingPathComponent("none"))
        let listed = Set(catalog.entries().dropFirst().map(\.name))
        #expect(listed == Set(files.keys).union(["folder.json"]))
    }

    @Test("an imported deck is written with its header before its cards, and lists by name")
    func importedHeaderFirst() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder.appendingPathComponent("decks"))
        var notes = ""
        for index in 0..<3_000 { notes += "言葉\(index)\tword \(index)\tkotoba\n" }
        let source = folder.appendingPathComponent("Words.tsv")
        try Data(notes.utf8).write(to: source)
        let entry = try catalog.import(LocalPath(source)).entry
        let written = try Data(contentsOf: folder.appendingPathComponent("decks/\(entry.id).json"))
        #expect(written.count > DeckHeader.readLimit * 2)
        let text = String(decoding: written, as: UTF8.self)
        let keys = ["\"format\"", "\"name\"", "\"language\"", "\"license\"", "\"attribution\"", "\"cards\""]
            .compactMap { text.range(of: $0)?.lowerBound }
        #expect(keys.count == 6 && keys == keys.sorted(), "header members in order, cards last")
        #expect(DeckHeader.read(contentsOf: folder.appendingPathComponent("decks/\(entry.id).json"))?.name == "Words")
        #expect(catalog.entries().map(\.name) == ["Kuchi Basics", "Words"])
        #expect(try catalog.load(id: entry.id) == DeckImporter.read(LocalPath(source)).deck)
    }
}

/// A deck file as Kuchi wrote imported decks before it ordered their keys: JSONEncoder
/// with sorted keys, so "cards" comes before "format", "language", "license" and "name".
private func sortedDeck(name: String, cards: Int) throws -> Data {
    struct Card: Encodable {
        let question: String
        let pronunciation: String
        let answer: String
        let level: String?
    }
    struct Document: Encodable {
        let format = 1
        let name: String
        let language = "ja"
        let license = ""
        let attribution = "Someone \"quoted\""
        let cards: [Card]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(Document(name: name, cards: (0..<cards).map {
        Card(question: "言葉\($0)", pronunciation: "kotoba", answer: "word \"\($0)\"", level: nil)
    }))
}
