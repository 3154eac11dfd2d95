import Foundation
@testable import KuchiModel
import Testing

/// The bundled dictionary, looked up as the "Add a word" form will: golden lookups
/// against the real file in data/dictionary (by word, kana, romaji, prefix), the order
/// and limit of the results, that nothing is read before the first lookup, and that
/// the file's keys are folded exactly as the Swift side folds what is typed.
@Suite("JapaneseDictionary")
struct JapaneseDictionaryTests {
    static let file = RepositoryPaths.root.appendingPathComponent("data/dictionary/jmdict-common.sqlite3")
    let dictionary = JapaneseDictionary(path: Self.file.path)

    @Test("a word by its kanji: 猫舌, read ねこじた, is about hot food")
    func byKanji() throws {
        let first = try #require(try dictionary.lookup("猫舌", .exact).first)
        #expect(first.isExact)
        #expect(first.form == "猫舌")
        #expect((first.word, first.reading) == ("猫舌", "ねこじた"))
        #expect(first.entry.words == ["猫舌"])
        #expect(first.entry.kana == ["ねこじた"])
        #expect(first.meaning.contains("hot food"), "\(first.meaning)")
        #expect(first.senses == ["dislike of very hot food or drink; inability to take hot food; cat tongue"])
        #expect(first.entry.id == 1_467_670)  // JMdict's ent_seq
    }

    @Test("a word by its reading, in hiragana, katakana, romaji or full width", arguments: [
        "ねこ", "ネコ", "neko", "NEKO", "ｎｅｋｏ", " ねこ ",
    ])
    func byReading(typed: String) throws {
        let first = try #require(try dictionary.lookup(typed).first)
        #expect(first.isExact)
        #expect((first.word, first.reading) == ("猫", "ねこ"))
        #expect(first.meaning.hasPrefix("cat"), "\(first.meaning)")
    }

    @Test("a word with two readings: 日本 is にほん or にっぽん, and each finds it")
    func twoReadings() throws {
        let japan = try #require(try dictionary.lookup("日本", .exact).first)
        #expect(japan.entry.kana == ["にほん", "にっぽん"])
        #expect((japan.word, japan.reading) == ("日本", "にほん"))
        #expect(japan.meaning == "Japan")
        let nippon = try #require(try dictionary.lookup("nippon", .exact).first { $0.entry.id == japan.entry.id })
        #expect((nippon.form, nippon.word, nippon.reading) == ("にっぽん", "日本", "にっぽん"))
        let nihon = try #require(try dictionary.lookup("にほん", .exact).first { $0.entry.id == japan.entry.id })
        #expect(nihon.reading == "にほん")
    }

    @Test("a sense restricted to one reading: 今日 read こんにち also means 'these days'")
    func restrictedSense() throws {
        let today = try #require(try dictionary.lookup("今日", .exact).first)
        #expect(Array(today.entry.kana.prefix(2)) == ["きょう", "こんにち"])
        #expect(today.reading == "きょう")
        #expect(today.senses == ["today; this day"])
        let konnichi = try #require(try dictionary.lookup("konnichi", .exact).first { $0.entry.id == today.entry.id })
        #expect((konnichi.word, konnichi.reading) == ("今日", "こんにち"))
        #expect(konnichi.senses == ["today; this day", "these days; recently; nowadays"])
        #expect(konnichi.meaning == "today; this day")
    }

    @Test("katakana: コーヒー, typed as kana, as romaji with dashes, or with macrons", arguments: [
        "コーヒー", "こーひー", "ko-hi-", "kōhī",
    ])
    func katakana(typed: String) throws {
        let coffee = try #require(try dictionary.lookup(typed, .exact).first)
        #expect(coffee.form == "コーヒー")
        #expect(coffee.reading == "コーヒー")
        #expect(coffee.entry.words == ["珈琲"])
        #expect(coffee.meaning == "coffee")
    }

    @Test("a word usually written in kana is filled in as kana: する, not 為る")
    func usuallyKana() throws {
        let suru = try #require(try dictionary.lookup("suru", .exact).first)
        #expect(suru.entry.words.first == "為る")
        #expect(suru.entry.isUsuallyKana)
        #expect((suru.word, suru.reading) == ("する", "する"))
        #expect(suru.meaning.hasPrefix("to do"), "\(suru.meaning)")
    }

    @Test("common forms come first: かみ is paper and god before hair, and those before rarer words")
    func ranking() throws {
        let words = try dictionary.lookup("かみ", .exact, limit: 5).map(\.word)
        #expect(words.prefix(3) == ["紙", "神", "髪"], "\(words)")
        let kou = try dictionary.lookup("kou", .exact, limit: 3).map(\.word)
        #expect(kou.first == "こう", "斯う (usually kana) first: \(kou)")
        // On a tie, the script typed: 本 and ホン (phon) are both ichi1.
        #expect(try dictionary.lookup("ほん", .exact).map(\.form).prefix(2) == ["ほん", "ホン"])
        #expect(try dictionary.lookup("ホン", .exact).map(\.form).prefix(2) == ["ホン", "ほん"])
    }

    @Test("a prefix finds the word itself first, then longer words: 猫 finds 猫舌")
    func prefix() throws {
        let matches = try dictionary.lookup("猫")
        #expect(matches.first?.word == "猫")
        #expect(matches.first?.isExact == true)
        #expect(matches.contains { $0.word == "猫舌" && !$0.isExact })
        #expect(matches.allSatisfy { $0.entry.words.contains { $0.hasPrefix("猫") } || $0.form.hasPrefix("猫") })
        let exact = try dictionary.lookup("猫", .exact)
        #expect(!exact.contains { $0.word == "猫舌" })
        #expect(exact.allSatisfy { $0.isExact })
        // Exact matches before prefix matches, all through the list.
        let flags = try dictionary.lookup("ねこ", limit: 50).map(\.isExact)
        #expect(flags == flags.sorted { $0 && !$1 })
    }

    @Test("romaji still being typed matches what it has so far")
    func unfinishedRomaji() throws {
        let nek = try dictionary.lookup("nek")
        #expect(!nek.isEmpty)
        #expect(nek.allSatisfy { JapaneseDictionary.fold($0.form).hasPrefix("ね") }, "\(nek.map(\.form))")
        // "hon" is ほん (本) when finished, and may become ほね: ほん… before ほ….
        let hon = try dictionary.lookup("hon", limit: 150)
        #expect(hon.first?.word == "本")
        let folded = hon.map { JapaneseDictionary.fold($0.form) }
        let lastHon = try #require(folded.lastIndex { $0.hasPrefix("ほん") })
        let firstOther = folded.firstIndex { !$0.hasPrefix("ほん") } ?? folded.count
        #expect(lastHon < firstOther, "\(folded)")
        #expect(folded.contains { !$0.hasPrefix("ほん") })
    }

    @Test("nonsense and empty text find nothing", arguments: ["xqzvwj", "ぬぬぬぬぬぬ", "", "   ", "猫猫猫猫猫"])
    func nothing(typed: String) throws {
        #expect(try dictionary.lookup(typed).isEmpty)
    }

    @Test("the limit is respected")
    func limit() throws {
        #expect(try dictionary.lookup("か", limit: 5).count == 5)
        #expect(try dictionary.lookup("か").count == 20)
        #expect(try dictionary.lookup("ka", limit: 200).count == 200)
        #expect(try dictionary.lookup("か", limit: 0).isEmpty)
        #expect(try dictionary.lookup("か", limit: -1).isEmpty)
        let entries = try dictionary.lookup("か", limit: 200).map(\.entry.id)
        #expect(Set(entries).count == entries.count, "an entry came twice")
    }

    @Test("nothing is read before the first lookup, and a failed open is tried again")
    func lazyOpening() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("dictionary.sqlite3")
        let dictionary = JapaneseDictionary(path: path.path)  // no file there yet
        #expect(throws: (any Error).self) { try dictionary.lookup("ねこ") }
        try FileManager.default.copyItem(at: Self.file, to: path)
        #expect(try dictionary.lookup("ねこ").first?.word == "猫")
    }

    @Test("lookups from several threads at once give what one thread gets")
    func concurrentLookups() async throws {
        let typed = ["neko", "かみ", "日本", "コーヒー", "hon", "今日", "suru", "か"]
        let expected = try typed.map { try dictionary.lookup($0) }
        let shared = dictionary
        try await withThrowingTaskGroup(of: (Int, [DictionaryMatch]).self) { group in
            for _ in 0..<4 {
                for (index, text) in typed.enumerated() {
                    group.addTask { (index, try shared.lookup(text)) }
                }
            }
            for try await (index, matches) in group {
                #expect(matches == expected[index])
            }
        }
    }

    /// The generator folds forms in Python; a lookup folds typed text in Swift. Every key
    /// of the file must be its form folded by Swift, or that form could not be found.
    @Test("every key in the file is its form as JapaneseDictionary.fold folds it; the file is whole")
    func keysAreFoldedAsSwiftFolds() throws {
        let database = try SQLiteDatabase(path: Self.file.path, readOnly: true)
        var entries: [Int: DictionaryEntry] = [:]
        try database.query("SELECT id, kanji, readings, senses, usually_kana FROM entry") { row in
            let id = Int(row.integer(0))
            entries[id] = DictionaryEntry(
                id: id, kanji: row.text(1), readings: row.text(2), senses: row.text(3), usuallyKana: row.integer(4) != 0)
        }
        #expect((20_000...25_000).contains(entries.count), "\(entries.count) entries")
        var keys = 0
        var mismatches: [String] = []
        try database.query("SELECT folded, entry, form FROM lookup") { row in
            keys += 1
            guard let entry = entries[Int(row.integer(1))] else {
                mismatches.append("no entry \(row.integer(1))")
                return
            }
            let forms = entry.words + entry.kana
            let index = Int(row.integer(2))
            guard forms.indices.contains(index) else {
                mismatches.append("entry \(entry.id) has no form \(index)")
                return
            }
            if JapaneseDictionary.fold(forms[index]) != row.text(0) { mismatches.append("\(forms[index]) → \(row.text(0))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        // Every form of every entry has a key (two that fold alike share one).
        let expectedKeys = entries.values.reduce(0) { $0 + Set(($1.words + $1.kana).map(JapaneseDictionary.fold)).count }
        #expect(keys == expectedKeys)
        for entry in entries.values {
            #expect(!entry.readings.isEmpty && !entry.senses.isEmpty, "entry \(entry.id)")
            #expect(entry.senses.allSatisfy { !$0.glosses.isEmpty }, "entry \(entry.id)")
            for reading in entry.readings { #expect(reading.words.map { Set($0).isSubset(of: entry.words) } != false) }
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: Self.file.path)[.size] as? Int)
        #expect(size <= 6 * 1_048_576, "\(size) bytes")
    }
}
