import Foundation
import Testing
@testable import KuchiModel

/// Anki's "Notes in Plain Text", as Anki 26.9.3 writes them (Fixtures/anki/notes-*.txt)
/// and as people edit them.
@Suite("Importing Anki's text notes")
struct TextNotesTests {
    @Test("Anki's export with every header: guid, note type, deck and tags columns dropped, a quoted newline kept in its field")
    func ankiExportWithHeaders() throws {
        let imported = try DeckImporter.read(AnkiFixtures.path("notes-headers.txt"))
        #expect(imported.deck.cards == Self.expected)
        #expect(imported.skipped.sentence == "Left out 1 note with only an image.")
    }

    @Test("Anki's export without HTML or headers other than the separator")
    func ankiExportPlain() throws {
        let cards = try DeckImporter.read(AnkiFixtures.path("notes-plain.txt")).deck.cards
        #expect(cards.map(\.question) == Self.expected.map(\.question))
        #expect(cards.map(\.reading) == Self.expected.map(\.reading))
        // Anki's export without HTML folds a line break to a space.
        #expect(cards.map(\.answer) == ["to eat to consume", "to speak Japanese & more", "cat", "dog", "water cold water"])
    }

    @Test("each header Anki writes is honoured", arguments: [
        ("#separator:Pipe\nねこ|cat\nいぬ|dog\nとり|bird\n", ["cat", "dog", "bird"]),
        ("#separator:Semicolon\n#html:false\nねこ;<b>cat</b>\nいぬ;dog\nとり;bird\n", ["<b>cat</b>", "dog", "bird"]),
        ("#html:true\nねこ\t<b>cat</b>\nいぬ\tdog\nとり\tbird\n", ["cat", "dog", "bird"]),
        ("#notetype column:1\nBasic\tねこ\tcat\nBasic\tいぬ\tdog\nBasic\tとり\tbird\n", ["cat", "dog", "bird"]),
        ("#deck column:2\nねこ\tAnimals\tcat\nいぬ\tAnimals\tdog\nとり\tAnimals\tbird\n", ["cat", "dog", "bird"]),
        ("#tags column:3\nねこ\tcat\tpet\nいぬ\tdog\tpet\nとり\tbird\tsky\n", ["cat", "dog", "bird"]),
        ("#guid column:1\nx1\tねこ\tcat\nx2\tいぬ\tdog\nx3\tとり\tbird\n", ["cat", "dog", "bird"]),
        ("#columns:Meaning\tWord\ncat\tねこ\ndog\tいぬ\nbird\tとり\n", ["cat", "dog", "bird"]),
        ("#separator:Comma\n#columns:English,Word\ncat,ねこ\ndog,いぬ\nbird,とり\n", ["cat", "dog", "bird"]),
    ])
    func header(text: String, meanings: [String]) throws {
        let cards = try importing("notes.txt", text).deck.cards
        #expect(cards.map(\.answer) == meanings)
        #expect(cards.map(\.question) == ["ねこ", "いぬ", "とり"])
    }

    @Test("a quoted field holding a line break is one field, not a bogus card; the next note's line is right")
    func quotedNewline() throws {
        let text = "ねこ\t\"cat\nkitten\"\nいぬ\t\"the \"\"dog\"\"\"\nとり\n"
        do {
            _ = try importing("notes.tsv", text)
            Issue.record("imported a note without a meaning")
        } catch {
            #expect(error.description == "notes.tsv: line 4: there is no meaning after the word (each line is the word, a tab, then its meaning)")
        }
        let cards = try importing("notes.tsv", text.replacingOccurrences(of: "とり\n", with: "とり\tbird\n")).deck.cards
        #expect(cards.map(\.answer) == ["cat; kitten", "the \"dog\"", "bird"])
    }

    @Test("a UTF-8 byte order mark is dropped")
    func byteOrderMark() throws {
        let cards = try importing("bom.txt", "\u{FEFF}#separator:tab\nねこ\tcat\nいぬ\tdog\nとり\tbird\n").deck.cards
        #expect(cards.first?.question == "ねこ")
    }

    @Test("a control character (NUL and the like) is refused, naming the line", arguments: ["\u{0}", "\u{1B}", "\u{7F}"])
    func controlCharacter(character: String) throws {
        do {
            _ = try importing("binary.txt", "ねこ\tcat\nいぬ\td\(character)og\nとり\tbird\n")
            Issue.record("imported a control character")
        } catch {
            #expect(error.problems.map(\.line) == [2])
            #expect(error.description.hasPrefix("binary.txt: line 2: holds a control character (U+00"), "\(error)")
        }
    }

    @Test("a sound tag never shows on the card, and a cloze note is skipped and counted")
    func soundAndCloze() throws {
        let text = "ねこ [sound:neko.mp3]\tcat\nいぬ\tdog[sound:inu.mp3]\n{{c1::とり}} flies\tbird\nうま\thorse\nさる\tmonkey\n"
        let imported = try importing("notes.txt", text)
        #expect(imported.deck.cards.map(\.question) == ["ねこ", "いぬ", "うま", "さる"])
        #expect(imported.deck.cards.map(\.answer) == ["cat", "dog", "horse", "monkey"])
        #expect(imported.deck.cards.allSatisfy { $0.audio == nil }, "a text file brings no sound")
        #expect(imported.skipped.sentence == "Left out 1 cloze note.")
    }

    @Test("a file of cloze notes only is refused, naming the file")
    func allCloze() throws {
        do {
            _ = try importing("cloze.txt", "{{c1::東京}}は首都\t\n{{c2::猫}}\tx\n")
            Issue.record("imported cloze notes")
        } catch {
            #expect(error.description == "cloze.txt: holds only cloze notes (2), which Kuchi cannot ask: a Kuchi card asks a word for its meaning")
        }
    }

    @Test("furigana notation in the word gives the word and its reading")
    func furigana() throws {
        let cards = try importing("n.txt", "日本語[にほんご]を 話[はな]す\tto speak Japanese\n猫\tcat\n犬\tdog\n").deck.cards
        #expect(cards.first == Challenge(question: "日本語を話す", reading: "にほんごをはなす", answer: "to speak Japanese"))
    }

    static let expected = [
        Challenge(question: "食べる", reading: "たべる", answer: "to eat; to consume"),
        Challenge(question: "日本語を話す", reading: "にほんごをはなす", answer: "to speak Japanese & more"),
        Challenge(question: "猫", reading: "ねこ", answer: "cat"),
        Challenge(question: "犬", reading: "いぬ", answer: "dog"),
        Challenge(question: "水", reading: "みず", answer: "water; cold water"),
    ]
}

private func importing(_ name: String, _ text: String) throws(DeckError) -> ImportedDeck {
    let temporaryFolder: TemporaryFolder
    do { temporaryFolder = try TemporaryFolder() } catch { throw DeckError(problems: [DeckProblem(file: name, message: "\(error)")]) }
    let url = temporaryFolder.url.appendingPathComponent(name)
    try? Data(text.utf8).write(to: url)
    return try DeckImporter.read(LocalPath(url))
}
