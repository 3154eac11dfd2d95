// Typed answers: romaji turned into kana at each keystroke, and the grading of a typed
// answer, over the JLPT N5 deck. Medians of single calls, timed one by one.
import BenchSupport
import Foundation
import KuchiModel

enum TypedAnswerBench {
    /// matcha to shinbun wo kau: っ before ch, ん before b, a final n and u.
    static let typing = "matchatoshinbunwokau"

    static func table() throws -> Table {
        var table = Table("Typed answers (medians of single calls)")
        var sink = 0  // keeps the results alive, so no call is optimised away

        let prefixes = (1...typing.count).map { String(typing.prefix($0)) }
        var keystrokes: [Double] = []
        var lastKeystrokes: [Double] = []
        for _ in 0..<500 {
            for prefix in prefixes {
                let seconds = Measure.time { sink &+= KanaInput.hiragana(fromRomaji: prefix).utf8.count }
                keystrokes.append(seconds)
                if prefix.count == typing.count { lastKeystrokes.append(seconds) }
            }
        }
        table.add("romaji → kana per keystroke, \(typing.count)-character input (whole text each key)",
                  formatMilliseconds(Measure.medianOf(keystrokes), digits: 4), target: "≤ 0.05 ms")
        table.add("  99th percentile", formatMilliseconds(Measure.percentile(keystrokes, 0.99), digits: 4))
        table.add("  the last keystroke (all \(typing.count) characters)",
                  formatMilliseconds(Measure.medianOf(lastKeystrokes), digits: 4))

        let cards = try n5()
        func median(_ body: (Challenge) -> Int) -> Double {
            var samples: [Double] = []
            for card in cards { samples.append(Measure.time { sink &+= body(card) }) }
            return Measure.medianOf(samples)
        }
        let japanese = median { TypedAnswer.isRight(japanese: $0.romaji, for: $0) ? 1 : 0 }
        table.add("grade typed Japanese (the card's romaji, \(cards.count) N5 cards)",
                  formatMilliseconds(japanese, digits: 4), target: "grading ≤ 2 ms")
        let meaning = median { TypedAnswer.isRight(meaning: ($0.senses.last ?? "") + ".", for: $0) ? 1 : 0 }
        table.add("grade a typed meaning (its last sense, against each)", formatMilliseconds(meaning, digits: 4),
                  target: "grading ≤ 2 ms")
        let difference = median { TypedAnswer.difference(japanese: String($0.romaji.dropLast()), for: $0).typed.count }
        table.add("mark the difference (the romaji without its last letter)", formatMilliseconds(difference, digits: 4),
                  target: "grading ≤ 2 ms")
        table.add("checksum of the results (keeps every call alive)", "\(sink)")
        return table
    }

    /// What the Type page does at Enter: grade the typed romaji and commit the review
    /// durably (a planner on a database file, WAL, synchronous=FULL), for 200 answers of
    /// a typing session over N5, production cards, each timed alone.
    @MainActor
    static func committed(into table: inout Table) throws {
        let cards = try n5()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-typed-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = Settings()
        settings.dailyNewCards = 1_000
        let frozen = settings
        let planner = StudyPlanner.open(
            path: folder.appendingPathComponent("kuchi.sqlite3").path, legacyProgress: nil, settings: { frozen },
            logCheckDelay: .seconds(3_600))
        defer { planner.close() }
        let deck = Deck(name: "N5", language: "ja", cards: cards)
        let session = TypingSession(deck: deck, roundSize: 50, directions: { _ in [.production] }, planner: planner)
        var samples: [Double] = []
        while samples.count < 200 {
            if session.isFinished { session.startAgain() }
            guard let question = session.current else { break }
            session.typed = question.card.romaji.isEmpty ? question.card.question : question.card.romaji
            samples.append(Measure.time { session.submit() })
            session.next()
        }
        table.add("grade typed romaji and commit its review durably (Enter on the Type page, \(samples.count) answers)",
                  formatMilliseconds(Measure.medianOf(samples), digits: 3), target: "≤ 2 ms")
        table.add("  90th percentile", formatMilliseconds(Measure.percentile(samples, 0.9), digits: 3))
    }

    /// The cards of the JLPT N5 deck in data/decks.
    private static func n5() throws -> [Challenge] {
        let deckURL = Repository.root().appendingPathComponent("data/decks/jlpt-n5.json")
        return try DeckLoader.load(contentsOf: deckURL).cards
    }
}
