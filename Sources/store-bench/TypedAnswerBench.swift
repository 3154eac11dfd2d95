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

        let deckURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/decks/jlpt-n5.json")
        let cards = try DeckLoader.load(contentsOf: deckURL).cards
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
}
