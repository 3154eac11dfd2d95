import Foundation
@testable import KuchiModel

/// A sync test device's decks: the bundled deck "elements" (水, 火, 木, 土), shared by
/// every device under `root/bundled`, and its own imported decks and overrides in its
/// data folder; changes go through the catalog with sync noting them, as in the app.
extension SyncTestDevice {
    static let bundledDeck = "elements"

    var catalog: DeckCatalog {
        let bundled = data.deletingLastPathComponent().appendingPathComponent("bundled")
        if !FileManager.default.fileExists(atPath: bundled.appendingPathComponent("\(Self.bundledDeck).json").path) {
            try? FileManager.default.createDirectory(at: bundled, withIntermediateDirectories: true)
            let cards = [("水", "みず", "water"), ("火", "ひ", "fire"), ("木", "き", "tree"), ("土", "つち", "earth")]
                .map { Challenge(question: $0.0, reading: $0.1, answer: $0.2, level: "N5") }
            try? Deck(name: "Elements", language: "ja", license: "CC0", attribution: "Tests", cards: cards)
                .write(to: bundled.appendingPathComponent("\(Self.bundledDeck).json"))
        }
        return DeckCatalog(bundledFolder: bundled, importedFolder: data.appendingPathComponent("decks"))
    }

    /// Adds `word` to My Words (the clock moves on a second first).
    @discardableResult
    func add(_ word: String, reading: String, meaning: String, to deck: String = DeckCatalog.ownWordsID) throws -> Deck {
        wall += 1000
        return try catalog.add(Challenge(question: word, reading: reading, answer: meaning), to: deck) { changes throws(DeckError) in
            try record(changes)
        }
    }

    /// Edits `word` of `deck` as the card browser does.
    @discardableResult
    func edit(_ word: String, reading: String, meaning: String, deck: String) throws -> Deck {
        wall += 1000
        return try catalog.edit(question: word, reading: reading, answer: meaning, deck: deck) { changes throws(DeckError) in
            try record(changes)
        }
    }

    /// Deletes `word` of the imported deck `deck` as the card browser does.
    func delete(_ word: String, deck: String = DeckCatalog.ownWordsID) throws {
        wall += 1000
        _ = try catalog.delete(question: word, deck: deck) { changes throws(DeckError) in try record(changes) }
    }

    private func record(_ changes: [SyncEvent.Body]) throws(DeckError) {
        do {
            try sync.record(changes)
        } catch {
            throw DeckError(problems: [DeckProblem(file: "sync", message: error.description)])
        }
    }

    /// Imports the text deck "Nature" (山, 川, 海, 空): the same id on every device.
    @discardableResult
    func importNature() throws -> String {
        let file = data.appendingPathComponent("nature.tsv")
        try Data("山\tmountain\tやま\n川\triver\tかわ\n海\tsea\tうみ\n空\tsky\tそら\n".utf8).write(to: file)
        return try catalog.import(LocalPath(file)).entry.id
    }

    /// Merges, then applies the folder's words and fields to every deck, as the app's
    /// first merge does.
    @discardableResult
    func mergeAndApply() throws -> (report: SyncReport, applied: DeckCatalog.SyncedCardsResult) {
        let report = try merge()
        return (report, catalog.applySyncedCards(try sync.syncedCards()))
    }

    /// The questions and meanings of the deck `id` as it loads ("猫=cat"), or nil
    /// without the deck.
    func cards(of id: String) -> [String]? {
        guard catalog.file(id: id) != nil else { return nil }
        return (try? catalog.load(id: id))?.cards.map { "\($0.question)=\($0.answer)" }.sorted()
    }
}
