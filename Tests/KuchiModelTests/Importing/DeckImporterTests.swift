import Foundation
import Testing
import KuchiModel

@Suite("Importing decks")
struct DeckImporterTests {
    @Test("a tab-separated file reads word, meaning and reading, one card a line")
    func tabSeparated() throws {
        let deck = try importing("Animals.tsv", "ねこ\tcat\tneko\nいぬ\tdog\tinu\n\nとり\tbird\n")
        #expect(deck.name == "Animals")
        #expect(deck.cards == [
            Challenge(question: "ねこ", pronunciation: "neko", answer: "cat"),
            Challenge(question: "いぬ", pronunciation: "inu", answer: "dog"),
            Challenge(question: "とり", pronunciation: "とり", answer: "bird"),
        ])
    }

    @Test("a CSV file keeps commas and doubled quotes inside quoted fields")
    func commaSeparated() throws {
        let deck = try importing("words.csv", "ねこ,\"cat, small\",neko\r\nいぬ,\"the \"\"dog\"\"\",inu\r\nとり,bird,tori\r\n")
        #expect(deck.cards.map(\.answer) == ["cat, small", "the \"dog\"", "bird"])
    }

    @Test("Anki's headers choose the separator and HTML fields are read as text")
    func ankiHeaders() throws {
        let text = "#separator:comma\n#html:true\n#columns:Front,Back\nねこ,<b>cat</b>&nbsp;&amp;&#x20;kitten<br>,neko\nいぬ,dog,inu\nとり,bird,tori\n"
        let deck = try importing("export.txt", text)
        #expect(deck.cards.first?.answer == "cat & kitten")
    }

    @Test("each problem names the file and the line, in words", arguments: [
        ("ねこ\tcat\nいぬ\n", "broken.tsv: line 2: there is no meaning after the word (each line is the word, a tab, then its meaning)"),
        ("ねこ\tcat\n\tdog\n", "broken.tsv: line 2: the word is empty (each line is the word, a tab, then its meaning)"),
        ("ねこ\tcat\nいぬ\tdog\nねこ\tkitten\n", "broken.tsv: line 3: 'ねこ' is already on line 1"),
        ("ねこ\tcat\nいぬ\tcat\n", "broken.tsv: needs at least 3 different meanings to offer choices; it has 1"),
        ("#separator:tab\n\n", "broken.tsv: there are no cards: each line is the word, a tab, then its meaning"),
    ])
    func problems(text: String, message: String) throws {
        #expect(throws: DeckError.self) { try importing("broken.tsv", text) }
        do {
            _ = try importing("broken.tsv", text)
        } catch {
            #expect(error.problems.map(\.description).contains(message), "\(error.problems)")
        }
    }

    @Test("a file that is not UTF-8 names its line")
    func notUTF8() throws {
        let data = Data("ねこ\tcat\n".utf8) + Data([0x82, 0xA0, 0x09, 0x61, 0x0A])
        do {
            _ = try importing("sjis.tsv", data)
            Issue.record("accepted bytes that are not UTF-8")
        } catch {
            #expect(error.problems.first?.description
                == "sjis.tsv: line 2: this is not UTF-8 text; save the file as UTF-8 and import it again")
        }
    }

    @Test("a word longer than a label can lay out is refused")
    func overlong() throws {
        let word = String(repeating: "語", count: 300)
        do {
            _ = try importing("long.tsv", "\(word)\tword\nいぬ\tdog\nとり\tbird\n")
            Issue.record("accepted an overlong word")
        } catch {
            #expect(error.problems.first?.description == "long.tsv: line 1: the word is too long (300 characters; at most 200)")
        }
    }

    @Test("a Kuchi deck (JSON) is read and checked like a bundled one")
    func json() throws {
        let deck = try DeckImporter.read(LocalPath(RepositoryPaths.decks.appendingPathComponent("kuchi-basics.json"))).deck
        #expect(deck == Deck.kuchiBasics)
    }
}

@Suite("The decks to choose from")
struct DeckCatalogTests {
    @Test("Kuchi Basics first, then the bundled decks and the imported ones, by name")
    func entries() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let catalog = DeckCatalog(bundledFolder: RepositoryPaths.decks, importedFolder: folder.appendingPathComponent("decks"))
        let imported = try catalog.import(write("Zoo.tsv", "ねこ\tcat\nいぬ\tdog\nとり\tbird\n", in: folder)).entry
        let levels = ["N1", "N2", "N3", "N4", "N5"].flatMap { ["JLPT \($0)", "JLPT \($0) Kanji"] }
        #expect(catalog.entries().map(\.name) == ["Kuchi Basics"] + levels + ["Zoo"])
        #expect(catalog.entries().map(\.origin) == [.builtIn] + Array(repeating: .bundled, count: 10) + [.imported])
        #expect(imported.id == "zoo")
    }

    @Test("an imported deck is written as a Kuchi deck that loads back the same")
    func importRoundTrip() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder.appendingPathComponent("decks"))
        let source = try write("JLPT N3 verbs.tsv", "たべる\tto eat\ttaberu\nのむ\tto drink\tnomu\nみる\tto see\tmiru\n", in: folder)
        let entry = try catalog.import(source).entry
        #expect(entry.id == "jlpt-n3-verbs")
        #expect(try catalog.load(id: entry.id) == DeckImporter.read(source).deck)
    }

    @Test("imports of the same name, or of a name without ASCII letters, get ids of their own")
    func freshIDs() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let catalog = DeckCatalog(bundledFolder: RepositoryPaths.decks, importedFolder: folder.appendingPathComponent("decks"))
        let text = "ねこ\tcat\nいぬ\tdog\nとり\tbird\n"
        #expect(try catalog.import(write("jlpt-n5.tsv", text, in: folder)).entry.id == "jlpt-n5-2")
        #expect(try catalog.import(write("どうぶつ.tsv", text, in: folder)).entry.id == "imported")
        #expect(try catalog.import(write("どうぶつ.tsv", text, in: folder)).entry.id == "imported-2")
    }

    @Test("a refused file leaves nothing behind, and an unknown id is a problem in words")
    func refused() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let imported = folder.appendingPathComponent("decks")
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: imported)
        #expect(throws: DeckError.self) { try catalog.import(try write("bad.tsv", "ねこ\n", in: folder)) }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: imported.path)) ?? [] == [])
        do {
            _ = try catalog.load(id: "gone")
            Issue.record("loaded a deck that is not there")
        } catch {
            #expect(error.description == "gone.json: is no longer in Kuchi's decks; choose another deck in Settings")
        }
    }
}

@MainActor
@Suite("Flash cards")
struct LearnSessionTests {
    @Test("a round holds up to its size, turns cards, and counts what was remembered")
    func round() throws {
        let learn = LearnSession(deck: .kuchiBasics, roundSize: 4, random: SeededRandomNumberGenerator(seed: 1))
        #expect(learn.total == 4)
        #expect(learn.position == 1)
        #expect(!learn.isFlipped)
        learn.flip()
        #expect(learn.isFlipped)
        let first = learn.current
        learn.decide(remembered: true)
        #expect(learn.current != first)
        #expect(!learn.isFlipped, "the next card starts unturned")
        learn.decide(remembered: false)
        learn.decide(remembered: true)
        #expect(!learn.isFinished)
        learn.decide(remembered: true)
        #expect(learn.isFinished)
        #expect(learn.remembered == 3)
        #expect(learn.current == nil)
        learn.startAgain()
        #expect(!learn.isFinished && learn.remembered == 0 && learn.position == 1)
    }

    @Test("the same seed deals the same round; a small deck gives a small round")
    func deterministic() {
        let first = LearnSession(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 7))
        let second = LearnSession(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 7))
        #expect(first.current == second.current)
        #expect(first.total == Deck.kuchiBasics.cards.count)
    }

    @Test("each decision is recorded, and another deck starts a new round")
    func recordedAndSwitched() throws {
        let planner = StudyPlanner(store: try ReviewStore.inMemory(), settings: { Settings() })
        let inUse = DeckInUse(.kuchiBasics)
        let learn = LearnSession(deck: inUse, planner: planner, random: SeededRandomNumberGenerator(seed: 2))
        let card = try #require(learn.current)
        learn.decide(remembered: false)
        #expect(planner.lastAnswer?.card.question == card.question && planner.lastAnswer?.rating == .again)
        let small = Deck(name: "Two", language: "ja", cards: Array(Deck.kuchiBasics.cards.prefix(2)))
        inUse.use(small)
        #expect(learn.total == 2 && learn.remembered == 0)
    }
}

private func importing(_ name: String, _ text: String) throws(DeckError) -> Deck {
    try importing(name, Data(text.utf8))
}

private func importing(_ name: String, _ data: Data) throws(DeckError) -> Deck {
    let temporaryFolder: TemporaryFolder
    do { temporaryFolder = try TemporaryFolder() } catch { throw DeckError(problems: [DeckProblem(file: name, message: "\(error)")]) }
    let url = temporaryFolder.url.appendingPathComponent(name)
    try? data.write(to: url)
    return try DeckImporter.read(LocalPath(url)).deck
}

private func write(_ name: String, _ text: String, in folder: URL) throws -> LocalPath {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return LocalPath(url)
}
