import Foundation
import Testing
@testable import KuchiModel

/// Packages Anki 26.9.3 wrote (tools/make-anki-fixtures.py): every generation, the
/// same notes and review history.
@Suite("Importing Anki packages")
struct AnkiPackageTests {
    static let generations = ["vocab-modern.apkg", "vocab-legacy.apkg", "vocab-anki2.apkg"]

    @Test("each note becomes a card: fields by name, HTML as text, furigana notation as word and reading",
          arguments: generations)
    func cards(package: String) throws {
        let imported = try DeckImporter.read(AnkiFixtures.path(package))
        #expect(imported.deck.name == String(package.dropLast(".apkg".count)))
        #expect(imported.deck.cards == [
            Challenge(question: "食べる", reading: "たべる", answer: "to eat; to consume", audio: "taberu.mp3"),
            Challenge(question: "日本語を話す", reading: "にほんごをはなす", answer: "to speak Japanese & more"),
            Challenge(question: "猫", reading: "ねこ", answer: "cat"),
            Challenge(question: "犬", reading: "いぬ", answer: "dog"),
            Challenge(question: "水", reading: "みず", answer: "water; cold water"),
            Challenge(question: "鳥", answer: "bird"),
        ])
    }

    @Test("the cloze note and the image-only note are counted and left out, in a sentence", arguments: generations)
    func skipped(package: String) throws {
        let skipped = try DeckImporter.read(AnkiFixtures.path(package)).skipped
        #expect(skipped.cloze == 1 && skipped.imageOnly == 1 && skipped.total == 2)
        #expect(skipped.sentence == "Left out 1 cloze note. Left out 1 note with only an image.")
    }

    @Test("the review history: real answers only, oldest first, with ratings, times and durations",
          arguments: generations)
    func history(package: String) throws {
        let reviews = try DeckImporter.read(AnkiFixtures.path(package)).reviews
        let at = { (milliseconds: Double) in Date(timeIntervalSince1970: milliseconds / 1000) }
        #expect(reviews == [
            ImportedReview(question: "食べる", time: at(1_700_000_000_000), rating: .good, duration: .milliseconds(4_000), kind: .learning),
            ImportedReview(question: "日本語を話す", time: at(1_700_000_100_003), rating: .hard, duration: .milliseconds(7_000), kind: .learning),
            ImportedReview(question: "猫", time: at(1_700_000_200_004), rating: .good, duration: .milliseconds(3_000), kind: .filtered),
            ImportedReview(question: "食べる", time: at(1_700_000_600_001), rating: .again, duration: .milliseconds(12_000), kind: .review),
            ImportedReview(question: "食べる", time: at(1_700_086_400_002), rating: .easy, duration: .milliseconds(2_500), kind: .relearning),
        ])
    }

    @Test("the note types' fields are mapped by name, and a type whose names say nothing is marked guessed")
    func mappings() throws {
        let mappings = try DeckImporter.fieldMappings(of: AnkiFixtures.path("vocab-modern.apkg"))
        let japanese = try #require(mappings.first { $0.notetype == "Japanese (Kuchi)" })
        #expect(japanese.fields == ["Expression", "Reading", "Meaning", "Audio"])
        #expect((japanese.word, japanese.reading, japanese.meaning, japanese.isGuessed) == (0, 1, 2, false))
        let kotoba = try #require(mappings.first { $0.notetype == "Kotoba" })
        #expect((kotoba.word, kotoba.reading, kotoba.meaning, kotoba.isGuessed) == (0, nil, 1, true))
        #expect(mappings.count == 2, "the cloze type is not asked about")
    }

    @Test("a changed mapping is what the import uses")
    func changedMapping() throws {
        let path = AnkiFixtures.path("vocab-modern.apkg")
        let mappings = try DeckImporter.fieldMappings(of: path).map { mapping in
            mapping.notetype == "Kotoba" ? mapping.choosing(word: 1, reading: nil, meaning: 0) : mapping
        }
        let cards = try DeckImporter.read(path, mappings: mappings).deck.cards
        #expect(cards.last == Challenge(question: "bird", answer: "鳥"))
        #expect(cards.first?.question == "食べる", "the other note type keeps its fields")
    }

    @Test("an import writes the sounds the cards use inside the deck's own folder, and the deck names them",
          arguments: generations)
    func media(package: String) throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder.appendingPathComponent("decks"))
        let (entry, imported) = try catalog.import(AnkiFixtures.path(package))
        #expect(imported.media.map(\.name) == ["taberu.mp3"])
        let media = catalog.mediaFolder(id: entry.id)
        #expect(media.deletingLastPathComponent().standardized == folder.appendingPathComponent("decks").standardized)
        #expect(try FileManager.default.contentsOfDirectory(atPath: media.path) == ["taberu.mp3"])
        #expect(try Data(contentsOf: media.appendingPathComponent("taberu.mp3")) == AnkiFixtures.sound)
        #expect(try catalog.load(id: entry.id).cards.first?.audio == "taberu.mp3")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("decks").path).sorted()
            == ["\(entry.id).json", "\(entry.id).media"], "no temporary file or folder is left")
    }

    @Test("a deck is listed whole or not at all: what runs before listing sees the new id, and its failure leaves nothing",
          arguments: generations)
    func beforeListing(package: String) throws {
        let temporaryFolder = try TemporaryFolder()
        let decks = temporaryFolder.url.appendingPathComponent("decks")
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: decks)
        let refusal = DeckError(problems: [DeckProblem(file: package, message: "its history could not be saved")])
        var seen: String?
        #expect(throws: refusal) {
            try catalog.import(AnkiFixtures.path(package)) { id, imported throws(DeckError) in
                // The sounds are unpacked by now, but not yet where the deck finds them.
                #expect(!FileManager.default.fileExists(atPath: catalog.mediaFolder(id: id).path))
                #expect(imported.media.map(\.name) == ["taberu.mp3"])
                seen = id
                throw refusal
            }
        }
        #expect(seen != nil)
        #expect(!catalog.entries().contains { $0.origin == .imported }, "nothing listed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: decks.path).isEmpty, "no deck file, no sounds, no staging folder")
        // The same package goes in whole once what runs before listing succeeds, under the same id.
        let (entry, _) = try catalog.import(AnkiFixtures.path(package)) { id, _ throws(DeckError) in
            #expect(id == seen)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: decks.path).sorted() == ["\(entry.id).json", "\(entry.id).media"])
    }

    @Test("a package of cloze notes only is refused, naming the file")
    func allCloze() throws {
        #expect(DeckImporter.check(path: AnkiFixtures.path("all-cloze.apkg")) == .failure(DeckError(problems: [DeckProblem(
            file: "all-cloze.apkg",
            message: "holds only cloze notes (2), which Kuchi cannot ask: a Kuchi card asks a word for its meaning")])))
    }

    @Test("a check counts the notes kept, the same as an import", arguments: generations)
    func check(package: String) throws {
        #expect(try DeckImporter.check(path: AnkiFixtures.path(package)).get() == 6)
    }
}

/// The fixtures' folder, and what the script put in them.
enum AnkiFixtures {
    static func url(_ name: String) -> URL {
        RepositoryPaths.root.appendingPathComponent("Tests/KuchiModelTests/Fixtures/anki/\(name)")
    }

    static func path(_ name: String) -> LocalPath { LocalPath(url(name)) }

    /// The script's fake sound (SOUND in tools/make-anki-fixtures.py).
    static let sound = Data([0x49, 0x44, 0x33, 0x03, 0, 0, 0, 0, 0, 0] + (0..<64).map(UInt8.init))
}
