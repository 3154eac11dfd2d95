// The bundled dictionary (data/dictionary/jmdict-common.sqlite3) as the "Add a word"
// form will use it: 1,000 random keys from the dictionary's own words, its readings and
// the romaji of the JLPT decks' words it holds, each looked up exact and by prefix
// (limit 20) and timed alone; the file's size, and what making the dictionary and its
// first lookup cost. Also every single kana as a prefix, the widest lookups a learner
// can start typing.
import BenchSupport
import Foundation
import KuchiModel

enum DictionaryBench {
    static let keyCount = 1_000
    static let limit = 20

    static func table() throws -> Table {
        let path = Repository.root().appendingPathComponent("data/dictionary/jmdict-common.sqlite3").path
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let keys = try randomKeys(path: path)
        var sink = 0  // keeps the results alive, so no call is optimised away

        var dictionary: JapaneseDictionary?
        let make = Measure.time { dictionary = JapaneseDictionary(path: path) }
        guard let dictionary else { return Table("no dictionary") }
        var firstLookup = 0.0
        firstLookup = try Measure.time { sink &+= try dictionary.lookup("ねこ").count }

        var exact: [Double] = []
        var prefix: [Double] = []
        var found = 0
        for key in keys.all {
            exact.append(try Measure.time {
                let matches = try dictionary.lookup(key, .exact, limit: limit)
                sink &+= matches.count
                if !matches.isEmpty { found += 1 }
            })
            prefix.append(try Measure.time { sink &+= try dictionary.lookup(key, .prefix, limit: limit).count })
        }
        var single: [Double] = []
        for kana in "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん" {
            single.append(try Measure.time { sink &+= try dictionary.lookup(String(kana), .prefix, limit: limit).count })
        }

        var table = Table("The bundled dictionary: \(keyCount) random keys (\(keys.words) words, \(keys.readings) readings, "
            + "\(keys.romaji) romaji), each looked up alone, limit \(limit)")
        table.add("data file (data/dictionary/jmdict-common.sqlite3)", String(format: "%.2f MiB", Double(size) / 1_048_576),
                  target: "≤ 6 MiB")
        table.add("make the dictionary (JapaneseDictionary(path:), reads nothing)", formatMicroseconds(make))
        table.add("first lookup (opens the file, prepares the queries)", formatMilliseconds(firstLookup, digits: 3))
        table.add("exact lookup, median", formatMilliseconds(Measure.medianOf(exact), digits: 3))
        table.add("  99th percentile", formatMilliseconds(Measure.percentile(exact, 0.99), digits: 3), target: "≤ 5 ms")
        table.add("  slowest", formatMilliseconds(exact.max() ?? 0, digits: 3))
        table.add("prefix lookup (exact, then longer forms), median", formatMilliseconds(Measure.medianOf(prefix), digits: 3))
        table.add("  99th percentile", formatMilliseconds(Measure.percentile(prefix, 0.99), digits: 3), target: "≤ 5 ms")
        table.add("  slowest", formatMilliseconds(prefix.max() ?? 0, digits: 3))
        table.add("prefix lookup of one kana (あ…ん, \(single.count) lookups), median",
                  formatMilliseconds(Measure.medianOf(single), digits: 3))
        table.add("  slowest", formatMilliseconds(single.max() ?? 0, digits: 3))
        table.add("keys found exactly", "\(found) of \(keys.all.count)")
        table.add("checksum of the results (keeps every call alive)", "\(sink)")
        return table
    }

    /// 1,000 keys in a fixed random order: a third kanji forms, a third readings (as
    /// JMdict writes them, katakana included), a third romaji of JLPT words whose
    /// reading the dictionary holds.
    static func randomKeys(path: String) throws -> (all: [String], words: Int, readings: Int, romaji: Int) {
        let database = try SQLiteDatabase(path: path, readOnly: true)
        var words: [String] = []
        var readings: [String] = []
        try database.query("SELECT kanji, readings FROM entry ORDER BY id") { row in
            words += row.text(0).split(separator: "\n").map(String.init)
            readings += row.text(1).split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        var folded = Set<String>()
        try database.query("SELECT folded FROM lookup") { row in folded.insert(row.text(0)) }
        var romaji: [String] = []
        for level in ["n5", "n4", "n3", "n2", "n1"] {
            let url = Repository.root().appendingPathComponent("data/decks/jlpt-\(level).json")
            for card in try DeckLoader.load(contentsOf: url).cards
            where !card.romaji.isEmpty && folded.contains(JapaneseDictionary.fold(card.reading)) {
                romaji.append(card.romaji)
            }
        }
        var random = SeededRandomNumberGenerator(seed: 25)
        let third = keyCount / 3
        let chosenWords = (0..<(keyCount - 2 * third)).compactMap { _ in words.randomElement(using: &random) }
        let chosenReadings = (0..<third).compactMap { _ in readings.randomElement(using: &random) }
        let chosenRomaji = (0..<third).compactMap { _ in romaji.randomElement(using: &random) }
        let all = (chosenWords + chosenReadings + chosenRomaji).shuffled(using: &random)
        return (all, chosenWords.count, chosenReadings.count, chosenRomaji.count)
    }
}
