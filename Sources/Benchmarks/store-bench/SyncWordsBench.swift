import BenchSupport
import Foundation
import KuchiModel

/// `store-bench --sync-words`: the learner's own words and card edits through a sync
/// folder. A laptop adds 2,000 words to My Words and edits the meaning of 1,000 cards of
/// a bundled deck of 3,000; the desktop merges them and applies them to its decks
/// (``DeckCatalog/applySyncedCards(_:)``): the first apply (My Words made, the overrides
/// written), the apply every start's first merge does when nothing changed, and one new
/// word merged and applied to the one deck it changed, as the app does between sessions.
enum SyncWordsBench {
    static let words = 2_000
    static let edits = 1_000
    static let deckSize = 3_000

    static func table() throws -> Table {
        var table = Table("Sync: the learner's own words and card edits")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-sync-words-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("folder"), bundled = root.appendingPathComponent("bundled")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bundled, withIntermediateDirectories: true)
        try Deck(
            name: "Bench", language: "ja", license: "CC0", attribution: "bench",
            cards: (0..<deckSize).map { Challenge(question: "語\($0)", reading: "ご", answer: "meaning \($0)") }
        ).write(to: bundled.appendingPathComponent("bench.json"))
        let scheduler = FSRSScheduler(desiredRetention: 0.9, fuzz: false)
        func device(_ name: String) throws -> (sync: SyncFolder, catalog: DeckCatalog) {
            let data = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let store = try ReviewStore(path: data.appendingPathComponent("kuchi.sqlite3").path)
            return (try SyncFolder(folder: folder.path, dataDirectory: data, store: store, deviceName: name),
                    DeckCatalog(bundledFolder: bundled, importedFolder: data.appendingPathComponent("decks")))
        }
        let laptop = try device("laptop"), desktop = try device("desktop")
        // Each card as its object in a deck file: what DeckCatalog.add records.
        var changes: [SyncEvent.Body] = (0..<words).map { index in
            .word(card: CardID(deck: DeckCatalog.ownWordsID, question: "単語\(index)"),
                  json: #"{"answer":"word \#(index)","question":"単語\#(index)","reading":"たんご"}"#)
        }
        changes += (0..<edits).map { index in
            .cardField(card: CardID(deck: "bench", question: "語\(index * 3)"), field: SyncCardField.meaning, value: "edited \(index)")
        }
        try laptop.sync.record(changes)
        try laptop.sync.send(scheduler: scheduler)

        var report = SyncReport()
        let merge = try Measure.time { report = try desktop.sync.merge(settings: Settings(), scheduler: scheduler) }
        var applied = DeckCatalog.SyncedCardsResult()
        let first = try Measure.time { applied = desktop.catalog.applySyncedCards(try desktop.sync.syncedCards()) }
        precondition(applied.changedDecks == ["bench", DeckCatalog.ownWordsID] && applied.problems.isEmpty, "\(applied)")  // safe: a benchmark's own check
        table.add(
            "merge \(words.formatted()) words and \(edits.formatted()) edits (\(report.cardDecks.count) decks)",
            String(format: "%.0f ms", merge * 1000))
        table.add("first apply: My Words made, \(edits.formatted()) overrides written", String(format: "%.0f ms", first * 1000))
        let unchanged = try Measure.median(runs: 5) {
            applied = desktop.catalog.applySyncedCards(try desktop.sync.syncedCards())
        }
        precondition(applied.changedDecks.isEmpty, "nothing was to change")  // safe: a benchmark's own check
        table.add("apply at a start, nothing changed (every deck's registers read and compared)", String(format: "%.0f ms median of 5", unchanged * 1000))
        var round = 0
        let oneWord = try Measure.median(runs: 5) {
            round += 1
            try laptop.sync.record([.word(
                card: CardID(deck: DeckCatalog.ownWordsID, question: "新語\(round)"),
                json: #"{"answer":"new \#(round)","question":"新語\#(round)","reading":"しんご"}"#)])
            try laptop.sync.send(scheduler: scheduler)
            let merged = try desktop.sync.merge(settings: Settings(), scheduler: scheduler)
            applied = desktop.catalog.applySyncedCards(try desktop.sync.syncedCards(deck: merged.cardDecks.first))
        }
        precondition(applied.changedDecks == [DeckCatalog.ownWordsID], "the new word was not applied")  // safe: a benchmark's own check
        table.add(
            "one new word: merge and apply to My Words (\((words + 5).formatted()) cards)", String(format: "%.0f ms median of 5", oneWord * 1000))
        return table
    }
}
