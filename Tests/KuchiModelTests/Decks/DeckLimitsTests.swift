import Foundation
import Testing
import KuchiModel

@Suite("Deck size limits")
struct DeckLimitsTests {
    @Test("a file over the size limit is refused before it is read")
    func hugeFileRefused() throws {
        let temporaryFolder = try TemporaryFolder()
        let directory = temporaryFolder.url
        let url = directory.appendingPathComponent("huge.json")
        // Sparse: 1 byte over the limit costs no disk space and no time to write.
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(DeckLoader.maximumFileSize + 1))
        try handle.close()
        let size = DeckLoader.maximumFileSize + 1
        #expect(throws: DeckError(problems: [
            DeckProblem(file: "huge.json", message: "file is too large (\(size) bytes; at most \(DeckLoader.maximumFileSize))"),
        ])) {
            try DeckLoader.load(contentsOf: url)
        }
    }

    @Test("data over the size limit is refused")
    func hugeDataRefused() {
        let limits = DeckLimits(maximumFileSize: 10, maximumCards: 10)
        #expect(throws: DeckError(problems: [
            DeckProblem(file: "big.json", message: "file is too large (11 bytes; at most 10)"),
        ])) {
            try DeckLoader.decode(Data(repeating: 32, count: 11), file: "big.json", limits: limits)
        }
    }

    @Test("a deck with too many cards is refused")
    func tooManyCards() {
        let limits = DeckLimits(maximumFileSize: 1 << 20, maximumCards: 3)
        #expect(throws: DeckError(problems: [
            DeckProblem(file: "many.json", message: "too many cards (more than 3); at most 3"),
        ])) {
            try DeckLoader.decode(deckData(cards: 4), file: "many.json", limits: limits)
        }
    }

    @Test("the card limit is checked while parsing, before any card is kept or checked")
    func cardLimitWhileParsing() {
        // Empty objects are each a problem; the count stops the parse before they are.
        let limits = DeckLimits(maximumFileSize: 1 << 20, maximumCards: 3)
        let data = Data(#"{"cards": [{}, {}, {}, {}, {}, {}], "format": "#.utf8)
        #expect(throws: DeckError(problems: [
            DeckProblem(file: "empty-cards.json", message: "too many cards (more than 3); at most 3"),
        ])) {
            try DeckLoader.decode(data, file: "empty-cards.json", limits: limits)
        }
    }

    @Test("a card holding far more values than a card has is refused without building them")
    func cardWithTooManyValues() {
        let values = Array(repeating: "0", count: 10_000).joined(separator: ",")
        let data = Data(#"{"format": 1, "name": "x", "language": "ja", "cards": [{"question": [\#(values)]}]}"#.utf8)
        #expect(throws: DeckError(problems: [
            DeckProblem(file: "wide.json", card: 1,
                        message: "holds too many values; a card has 'question', 'reading', 'romaji', 'answer', 'level' and up to 2 'examples'"),
        ])) {
            try DeckLoader.decode(data, file: "wide.json")
        }
    }

    @Test("text longer than a label can lay out is refused")
    func overlongText() throws {
        let long = String(repeating: "語", count: 100_000)
        let data = Data(#"""
            {"format": 1, "name": "x", "language": "ja", "cards": [
              {"question": "\#(long)", "pronunciation": "go", "answer": "word"}]}
            """#.utf8)
        #expect(throws: DeckError(problems: [
            DeckProblem(file: "long.json", card: 1, message: "'question' is too long (100000 characters; at most 200)"),
        ])) {
            try DeckLoader.decode(data, file: "long.json")
        }
    }

    @Test("past the reporting limit, the rest of the problems are counted in one line")
    func problemsSummarised() throws {
        let limits = DeckLimits(maximumFileSize: 1 << 20, maximumCards: 100, maximumReportedProblems: 2)
        let data = Data(#"{"format": 1, "name": "x", "language": "ja", "cards": [1, 2, 3, 4, 5]}"#.utf8)
        do {
            _ = try DeckLoader.decode(data, file: "bad.json", limits: limits)
            Issue.record("accepted a bad deck")
        } catch {
            #expect(error.problems.map(\.card) == [1, 2, nil])
            #expect(error.problems.last?.description == "bad.json: and 3 more problems")
        }
    }

    @Test("a 100,000-card deck loads")
    func largeDeckLoads() throws {
        let deck = try DeckLoader.decode(deckData(cards: 100_000), file: "large.json")
        #expect(deck.cards.count == 100_000)
    }
}

private func deckData(cards count: Int) -> Data {
    let cards = (0..<count).map {
        #"{"question": "語\#($0)", "pronunciation": "go", "answer": "word \#($0)", "level": "N5"}"#
    }
    return Data(#"{"format": 1, "name": "Synthetic", "language": "ja", "cards": [\#(cards.joined(separator: ","))]}"#.utf8)
}
