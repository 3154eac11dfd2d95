import Foundation
@testable import KuchiModel
import Testing

@Suite("Sync: the learner's own words and card edits")
struct SyncWordsTests {
    let my = DeckCatalog.ownWordsID

    /// Both devices merged, their folders copied both ways, and merged and applied again.
    func exchange(_ desktop: SyncTestDevice, _ laptop: SyncTestDevice) throws {
        try desktop.mergeAndApply()
        try laptop.mergeAndApply()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyFolder(from: laptop.folder, to: desktop.folder)
        try desktop.mergeAndApply()
        try laptop.mergeAndApply()
    }

    @Test("two devices adding different words to My Words offline both end with both (a register per word, not per deck)")
    func differentWordsOfflineBothKept() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        try desktop.add("猫", reading: "ねこ", meaning: "cat")
        try laptop.add("犬", reading: "いぬ", meaning: "dog")
        #expect(desktop.cards(of: my) == ["猫=cat"])
        try exchange(desktop, laptop)
        #expect(desktop.cards(of: my) == ["犬=dog", "猫=cat"])
        #expect(laptop.cards(of: my) == ["犬=dog", "猫=cat"])
    }

    @Test("a word added on the laptop makes My Words on a desktop that had none, with the card as added")
    func wordMakesMyWords() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        try laptop.add("猫", reading: "ねこ", meaning: "cat")
        #expect(desktop.cards(of: my) == nil)
        try exchange(desktop, laptop)
        let card = try #require(try desktop.catalog.load(id: my).cards.first)
        #expect(card == Challenge(question: "猫", reading: "ねこ", answer: "cat"))
    }

    @Test("a word deleted on one device is deleted on the other")
    func deletionReachesTheOther() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        try desktop.add("猫", reading: "ねこ", meaning: "cat")
        try desktop.add("犬", reading: "いぬ", meaning: "dog")
        try exchange(desktop, laptop)
        #expect(laptop.cards(of: my) == ["犬=dog", "猫=cat"])
        try laptop.delete("猫")
        try exchange(desktop, laptop)
        #expect(desktop.cards(of: my) == ["犬=dog"])
        #expect(laptop.cards(of: my) == ["犬=dog"])
    }

    @Test("水's meaning edited on the laptop reaches the desktop: a bundled deck's as its override, the file untouched")
    func bundledEditReachesTheOther() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        let deck = SyncTestDevice.bundledDeck
        try laptop.edit("水", reading: "みず", meaning: "cold water", deck: deck)
        try exchange(desktop, laptop)
        #expect(try desktop.catalog.load(id: deck).cards.first { $0.question == "水" }?.answer == "cold water")
        #expect(try desktop.catalog.overrides(id: deck).cards["水"] == CardOverrides.Edit(answer: "cold water"))
        #expect(try desktop.catalog.loadAsShipped(id: deck).cards.first { $0.question == "水" }?.answer == "water")
        // The reading too, and back to the deck's own meaning: the override goes.
        try laptop.edit("水", reading: "ミズ", meaning: "water", deck: deck)
        try exchange(desktop, laptop)
        #expect(try desktop.catalog.overrides(id: deck).cards["水"] == CardOverrides.Edit(reading: "ミズ"))
    }

    @Test("an imported deck's card edited on the laptop is edited in the desktop's copy of the deck")
    func importedEditReachesTheOther() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        let deck = try desktop.importNature()
        #expect(try laptop.importNature() == deck)
        try laptop.edit("山", reading: "やま", meaning: "hill", deck: deck)
        try exchange(desktop, laptop)
        #expect(desktop.cards(of: deck)?.contains("山=hill") == true)
        #expect(try desktop.catalog.loadAsShipped(id: deck).cards.first { $0.question == "山" }?.answer == "hill")
    }

    @Test("a field of a deck not here yet waits in the store, and is applied when the deck arrives")
    func fieldWaitsForItsDeck() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        let deck = try laptop.importNature()
        try laptop.edit("山", reading: "やま", meaning: "hill", deck: deck)
        try exchange(desktop, laptop)
        #expect(desktop.cards(of: deck) == nil)
        #expect(try desktop.sync.syncedCards(deck: deck).fields == [CardID(deck: deck, question: "山"): ["meaning": "hill"]])
        // The deck arrives (engineer B's deck sync; here, imported by hand): its cards are applied.
        #expect(try desktop.importNature() == deck)
        #expect(desktop.cards(of: deck)?.contains("山=mountain") == true)
        let applied = desktop.catalog.applySyncedCards(try desktop.sync.syncedCards(deck: deck))
        #expect(applied.changedDecks == [deck])
        #expect(desktop.cards(of: deck)?.contains("山=hill") == true)
    }

    @Test("a field of a word not here yet waits, and is applied when the word arrives")
    func fieldWaitsForItsWord() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        let word = CardID(deck: my, question: "猫")
        laptop.wall += 5000
        try laptop.sync.record([.cardField(card: word, field: SyncCardField.meaning, value: "kitty")])
        try desktop.add("犬", reading: "いぬ", meaning: "dog")
        try exchange(desktop, laptop)
        #expect(desktop.cards(of: my) == ["犬=dog"])
        try desktop.add("猫", reading: "ねこ", meaning: "cat")
        try exchange(desktop, laptop)
        #expect(desktop.cards(of: my) == ["犬=dog", "猫=kitty"])
        #expect(laptop.cards(of: my) == ["犬=dog", "猫=kitty"])
    }

    @Test("a change noted for sync but not written (Kuchi killed between the two) is written at the next apply")
    func killBetweenRecordAndWrite() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let deck = SyncTestDevice.bundledDeck
        try desktop.sync.record([.cardField(card: CardID(deck: deck, question: "水"), field: SyncCardField.meaning, value: "cold water")])
        #expect(try desktop.catalog.load(id: deck).cards.first { $0.question == "水" }?.answer == "water")
        try desktop.reopen()
        let applied = try desktop.mergeAndApply().applied
        #expect(applied.changedDecks == [deck])
        #expect(try desktop.catalog.load(id: deck).cards.first { $0.question == "水" }?.answer == "cold water")
    }

    @Test("a card or field the folder has that a deck could not hold is reported with its file and line, and never written")
    func badValuesReportedNotWritten() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let file = "devices/0123456789abcdef0123456789abcdef/log/2026-01.jsonl"
        let url = desktop.folder.appendingPathComponent(file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        func line(_ body: SyncEvent.Body, _ counter: Int64) -> String {
            String(decoding: SyncLine.encode(SyncEvent(
                id: SyncEvent.newID(), device: "0123456789abcdef0123456789abcdef", stamp: HLCStamp(wall: 1_767_225_600_000, counter: counter),
                body: body)), as: UTF8.self)
        }
        let good = #"{"answer":"dog","question":"犬","reading":"いぬ"}"#
        let romaji = #"{"answer":"cat","question":"猫","reading":"neko"}"#
        let lines = [
            line(.word(card: CardID(deck: my, question: "犬"), json: good), 1),
            line(.word(card: CardID(deck: my, question: "猫"), json: romaji), 2),
            line(.word(card: CardID(deck: my, question: "鳥"), json: good), 3),
            line(.cardField(card: CardID(deck: SyncTestDevice.bundledDeck, question: "水"), field: "meaning", value: " "), 4),
        ]
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
        let (report, applied) = try desktop.mergeAndApply()
        #expect(report.problems.map(\.file) == [file, file, file])
        #expect(report.problems.map(\.line) == [2, 3, 4])
        #expect(report.problems.first?.reason.contains("猫") == true)
        #expect(report.problems.dropFirst().first?.reason.contains("犬") == true)
        #expect(applied.problems.isEmpty)
        // Positive control: the good line is applied.
        #expect(desktop.cards(of: my) == ["犬=dog"])
        #expect(try desktop.catalog.load(id: SyncTestDevice.bundledDeck).cards.first { $0.question == "水" }?.answer == "water")
    }

    @Test("a word changed on both devices is a clash on each, as a setting's is, the later change kept on both")
    func wordClash() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        try desktop.mergeAndApply()
        try laptop.mergeAndApply()
        try desktop.add("猫", reading: "ねこ", meaning: "cat")
        laptop.wall = desktop.wall + 60_000
        try laptop.add("猫", reading: "ねこ", meaning: "kitten")
        try desktop.merge()
        try laptop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyFolder(from: laptop.folder, to: desktop.folder)
        let (atDesktop, _) = try desktop.mergeAndApply()
        let (atLaptop, _) = try laptop.mergeAndApply()
        let card = CardID(deck: my, question: "猫")
        #expect(atDesktop.clashes.map(\.subject) == [.word(card)])
        #expect(atDesktop.clashes.map(\.deviceName) == ["laptop"] && atDesktop.clashes.map(\.keptHere) == [false])
        #expect(atLaptop.clashes.map(\.subject) == [.word(card)] && atLaptop.clashes.map(\.keptHere) == [true])
        #expect(desktop.cards(of: my) == ["猫=kitten"])
        #expect(laptop.cards(of: my) == ["猫=kitten"])
    }

    @Test("a meaning edited on both devices is a clash naming the card and field, the later edit kept on both")
    func fieldClash() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        let deck = SyncTestDevice.bundledDeck
        try desktop.mergeAndApply()
        try laptop.mergeAndApply()
        try desktop.edit("水", reading: "みず", meaning: "cold water", deck: deck)
        laptop.wall = desktop.wall + 60_000
        try laptop.edit("水", reading: "みず", meaning: "still water", deck: deck)
        try desktop.merge()
        try laptop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyFolder(from: laptop.folder, to: desktop.folder)
        let (atDesktop, _) = try desktop.mergeAndApply()
        let card = CardID(deck: deck, question: "水")
        #expect(atDesktop.clashes.map(\.subject) == [.field(card, field: "meaning")])
        #expect(atDesktop.clashes.map(\.keptHere) == [false])
        try laptop.mergeAndApply()
        #expect(try desktop.catalog.load(id: deck).cards.first { $0.question == "水" }?.answer == "still water")
        #expect(try laptop.catalog.load(id: deck).cards.first { $0.question == "水" }?.answer == "still water")
    }
}
