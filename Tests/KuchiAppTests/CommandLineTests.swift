import Foundation
import KuchiModel
import TemporaryFolderFixture
import Testing
import GtkTestSupport
@testable import KuchiApp

/// `kuchi` on the command line, through GApplication's option handling. No display needed.
@Suite("Command line")
struct CommandLineTests {
    @Test("--check-deck prints ok and the card count for a good deck")
    func checkGoodDeck() throws {
        let result = try runKuchi(["--check-deck", repository.appendingPathComponent("data/decks/jlpt-n5.json").path])
        #expect(result.status == 0)
        #expect(result.output.range(of: #"^ok: \d+ cards\n$"#, options: .regularExpression) != nil, "\(result.output)")
    }

    @Test("--check-deck prints one line per problem, naming the file and the card, and exits 1")
    func checkBadDeck() throws {
        let temporaryFolder = try TemporaryFolder()
        let deck = try temporaryDeck("""
            {"format": 1, "name": "Bad", "language": "ja", "cards": [
              {"question": "はい", "pronunciation": "hai", "answer": "yes"},
              {"question": "はい", "pronunciation": "hai", "answer": "no"},
              {"question": "いいえ", "pronunciation": "iie", "answer": 3}
            ]}
            """, in: temporaryFolder.url)
        let result = try runKuchi(["--check-deck", deck.path])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(deck.lastPathComponent): card 3: 'answer' must be a string"), "\(lines)")
        #expect(lines.contains("\(deck.lastPathComponent): card 2: duplicate question 'はい' (also card 1)"), "\(lines)")
    }

    @Test("--export-deck writes the chosen deck with the learner's edits, which imports again as the same cards")
    func exportDeck() throws {
        let temporaryFolder = try TemporaryFolder()
        let home = temporaryFolder.url
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "XDG_DATA_HOME": home.path + "/data"]
        try FileManager.default.createDirectory(at: home.appendingPathComponent("data/kuchi/overrides"), withIntermediateDirectories: true)
        try Data(#"{"format": 1, "cards": {"はい": {"answer": "yes indeed"}}}"#.utf8)
            .write(to: home.appendingPathComponent("data/kuchi/overrides/kuchi-basics.json"))
        // The folder must be there: an export makes none (NamedFile).
        try FileManager.default.createDirectory(at: home.appendingPathComponent("out"), withIntermediateDirectories: true)
        let file = home.appendingPathComponent("out/basics.json")
        let result = try runBuiltProgram("kuchi", ["--export-deck", file.path], environment: environment)
        #expect(result.status == 0)
        #expect(result.output == "Wrote 9 cards of “Kuchi Basics” to \(file.path)\n")
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: home.appendingPathComponent("imported"))
        let reimported = try catalog.load(id: try catalog.import(LocalPath(file)).entry.id)
        #expect(reimported.cards.first?.answer == "yes indeed")
        #expect(reimported.cards.dropFirst() == Deck.kuchiBasics.cards.dropFirst())

        let reviews = home.appendingPathComponent("out/reviews.csv")
        let written = try runBuiltProgram("kuchi", ["--export-reviews", reviews.path], environment: environment)
        #expect(written.status == 0)
        #expect(try String(contentsOf: reviews, encoding: .utf8)
            == "card_id,review_time,review_rating,review_state,review_duration\n")

        // A file that cannot be written: exit 1, and the error names it (on standard error).
        let blocked = home.appendingPathComponent("out/basics.json/inside.json")
        let failed = try runBuiltProgram("kuchi", ["--export-deck", blocked.path], environment: environment, standardError: true)
        #expect(failed.status == 1)
        #expect(failed.output.contains("could not export to \(blocked.path)"), "\(failed.output)")
    }

    @Test("--check-deck checks every format --import-deck takes: Anki's text notes and packages too", arguments: [
        ("notes-headers.txt", "ok: 5 cards\n"), ("vocab-modern.apkg", "ok: 6 cards\n"), ("vocab-anki2.apkg", "ok: 6 cards\n"),
    ])
    func checkOtherFormats(file: String, output: String) throws {
        let result = try runKuchi(["--check-deck", ankiFixture(file).path])
        #expect(result.status == 0)
        #expect(result.output == output)
    }

    @Test("--check-deck refuses a package of cloze notes only, naming it, and exits 1")
    func checkAllCloze() throws {
        let result = try runKuchi(["--check-deck", ankiFixture("all-cloze.apkg").path])
        #expect(result.status == 1)
        #expect(result.output == "all-cloze.apkg: holds only cloze notes (2), which Kuchi cannot ask: a Kuchi card asks a word for its meaning\n")
    }

    @Test("--version prints the version")
    func version() throws {
        let result = try runKuchi(["--version"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("kuchi "))
    }

    @Test("--help lists Kuchi's options like every GTK app's help")
    func help() throws {
        let result = try runKuchi(["--help"])
        #expect(result.status == 0)
        for option in ["--deck=FILE", "--check-deck=FILE", "--sync", "--version", "--help-gapplication"] {
            #expect(result.output.contains(option), "\(option) in:\n\(result.output)")
        }
    }
}

/// The repository root (Tests/KuchiAppTests/ → ../..).
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// A package or text export Anki wrote (tools/make-anki-fixtures.py).
func ankiFixture(_ name: String) -> URL {
    repository.appendingPathComponent("Tests/KuchiModelTests/Fixtures/anki/\(name)")
}

/// A deck file holding `json`, in `folder`.
func temporaryDeck(_ json: String, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent("deck.json")
    try Data(json.utf8).write(to: url)
    return url
}

/// Runs the built `kuchi` (next to the test bundle) and captures its standard output.
func runKuchi(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try runBuiltProgram("kuchi", arguments)
}
