import Foundation
import Testing
@testable import KuchiModel

/// Two devices apart import different decks under the same id: the later `deck`
/// register wins the id, and the device whose own deck lost moves it, with its answers,
/// to an id from its digest, instead of having it replaced.
@Suite("Sync: two different decks imported under one id are both kept")
struct SyncDeckClashTests {
    static let id = "nature"
    /// The two "nature" decks: 山 and 石 are in both.
    static let desktopDeck = "山\tmountain\tやま\n川\triver\tかわ\n海\tsea\tうみ\n空\tsky\tそら\n石\tstone\tいし\n"
    static let laptopDeck = "山\thill\tやま\n森\tforest\tもり\n岩\trock\tいわ\n花\tflower\tはな\n石\tpebble\tいし\n"

    /// A device's answers of a deck's words, "time/rating" in time order, and each card's state.
    struct History: Equatable {
        var reviews: [String: [String]] = [:]
        var states: [String: FSRSCard] = [:]
    }

    @Test("the device whose deck lost the id keeps it under id-<digest> with its own answers, on every device, whichever merges first",
          arguments: [false, true])
    func bothDecksAreKept(laptopFirst: Bool) throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let (winner, loser) = laptopFirst ? (desktop, laptop) : (laptop, desktop)
        let (winnerWords, loserWords) = try clash(first: loser, second: winner)
        let base = try #require(loser.catalog.syncedBase(id: Self.id))
        let moved = "\(Self.id)-\(base.prefix(8))"
        let before = (winner: try history(winner, deck: Self.id, words: winnerWords), loser: try history(loser, deck: Self.id, words: loserWords))

        // The loser merges the winner's folder: it moves, and says so.
        try exchange(winner, loser)
        let report = try loser.mergeAndApply().report
        #expect(report.movedDecks.map { "\($0.from)→\($0.to) \($0.listedAs) \($0.deviceLabel)" } == ["\(Self.id)→\(moved) nature (2) \(winner.name)"])
        #expect(loser.catalog.entries().filter { $0.origin == .imported }.map(\.name) == ["nature", "nature (2)"], "the list tells them apart")
        #expect(report.installedDecks == [Self.id])
        let tablet = try SyncTestDevice(root: root.url, name: "tablet")
        for _ in 0..<2 {
            try exchange(loser, winner)
            try exchange(winner, loser)
            for device in [winner, loser] { try device.mergeAndApply() }
        }
        try exchange(winner, tablet)
        try tablet.mergeAndApply()

        for device in [winner, loser, tablet] {
            #expect(device.cards(of: Self.id) == cards(of: winner), "\(device.name): the winner's deck under the id")
            #expect(device.cards(of: moved) == cards(of: loser), "\(device.name): the loser's under the new id")
            #expect(try history(device, deck: Self.id, words: ["山"] + winnerWords + loserWords) == before.winner,
                    "\(device.name): only the winner's answers under the id")
            #expect(try history(device, deck: moved, words: ["山"] + winnerWords + loserWords) == before.loser,
                    "\(device.name): the loser's answers, the same times, ratings and states, under the new id")
        }
    }

    @Test("the loser's own words (added, deleted), edits and suspensions move with its deck to every device, and leave the winner's deck as the winner imported it, whichever merges first",
          arguments: [false, true])
    func ownChangesMoveWithTheDeck(laptopFirst: Bool) throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let (winner, loser) = laptopFirst ? (desktop, laptop) : (laptop, desktop)
        // 山 and 石 are in both decks; the suspended word only in the loser's.
        let suspended = loser.name == "desktop" ? "海" : "岩"
        _ = try clash(first: loser, second: winner) { device in
            try device.add("猫", reading: "ねこ", meaning: "cat", to: Self.id)
            try device.edit("山", reading: "やま", meaning: "mountain peak", deck: Self.id)
            try device.delete("石", deck: Self.id)
            try device.store.setSuspended(true, card: CardID(deck: Self.id, question: suspended))
        }
        let mine = cards(of: loser).filter { !$0.hasPrefix("山=") && !$0.hasPrefix("石=") } + ["山=mountain peak", "猫=cat"]
        #expect(loser.cards(of: Self.id) == mine.sorted(), "the control: the loser's deck has its changes before the clash")
        let moved = "\(Self.id)-\(try #require(loser.catalog.syncedBase(id: Self.id)).prefix(8))"

        // The winner takes the loser's words of the id first (they are the id's, until the move).
        try exchange(loser, winner)
        try winner.mergeAndApply()
        #expect(winner.cards(of: Self.id)?.contains("猫=cat") == true, "the control: before the move, the loser's word reached the winner's deck")
        try exchange(winner, loser)
        #expect(try loser.mergeAndApply().report.movedDecks.map(\.to) == [moved])
        for _ in 0..<2 {
            try exchange(loser, winner)
            try exchange(winner, loser)
            for device in [winner, loser] { try device.mergeAndApply() }
        }
        let tablet = try SyncTestDevice(root: root.url, name: "tablet")
        try exchange(winner, tablet)
        try tablet.mergeAndApply()

        for device in [winner, loser, tablet] {
            #expect(device.cards(of: moved) == mine.sorted(), "\(device.name): the added word, the edit and the deletion under the new id")
            #expect(device.cards(of: Self.id) == cards(of: winner), "\(device.name): the winner's deck as imported: no 猫, its own 山 and 石")
            #expect(try device.store.schedule(deck: moved).suspended == [suspended], "\(device.name): the suspension under the new id")
            #expect(try device.store.schedule(deck: Self.id).suspended.isEmpty, "\(device.name): none under the id")
        }
        // A second move (the next merge after a kill) notes nothing again.
        let noted = try loser.store.moveOwnChanges(
            of: Self.id, to: moved, winnerBase: [:], register: nil, device: loser.sync.device, now: loser.wall,
            scheduler: SyncTestDevice.scheduler)
        #expect(noted == 0)
    }

    @Test("two devices that lost the id with the same deck both move it to the same id, and their answers meet there")
    func twoLosersWithTheSameBytesAgree() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let tablet = try SyncTestDevice(root: root.url, name: "tablet")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        try importDeck(Self.desktopDeck, on: tablet)
        try answer(tablet, "海", .good)
        try tablet.mergeAndApply()
        _ = try clash(first: desktop, second: laptop)
        let base = try #require(desktop.catalog.syncedBase(id: Self.id))
        #expect(tablet.catalog.syncedBase(id: Self.id) == base, "the control: the same bytes")
        let moved = "\(Self.id)-\(base.prefix(8))"
        for _ in 0..<3 {
            for (source, destination) in [(laptop, desktop), (desktop, tablet), (tablet, laptop), (laptop, tablet), (tablet, desktop), (desktop, laptop)] {
                try exchange(source, destination)
            }
            for device in [desktop, tablet, laptop] { try device.mergeAndApply() }
        }
        for device in [desktop, tablet, laptop] {
            #expect(device.catalog.entries().filter { $0.origin == .imported }.map(\.id).sorted() == [Self.id, moved], "\(device.name)")
            let counts = try history(device, deck: moved, words: ["山", "川", "海"]).reviews.mapValues(\.count)
            #expect(counts == ["山": 1, "川": 2, "海": 1], "\(device.name): both losers' answers under the one new id")
            #expect(try history(device, deck: Self.id, words: ["山", "川", "海"]).reviews.mapValues(\.count) == ["山": 1], "\(device.name)")
        }
    }

    @Test("the same deck imported on both devices (the same bytes) is one deck: nothing moves, the answers merge")
    func sameBytesDoNotMove() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        for device in [desktop, laptop] { try importDeck(Self.desktopDeck, on: device) }
        try answer(desktop, "山", .good)
        laptop.wall = desktop.wall + 60_000
        try answer(laptop, "川", .hard)
        try desktop.mergeAndApply()
        try laptop.mergeAndApply()
        for _ in 0..<2 {
            try exchange(laptop, desktop)
            try exchange(desktop, laptop)
            for device in [desktop, laptop] {
                let report = try device.mergeAndApply().report
                #expect(report.movedDecks.isEmpty, "\(device.name)")
            }
        }
        for device in [desktop, laptop] {
            #expect(device.catalog.entries().filter { $0.origin == .imported }.map(\.id) == [Self.id], "\(device.name)")
            #expect(try history(device, deck: Self.id, words: ["山", "川"]).reviews.mapValues(\.count) == ["山": 1, "川": 1])
        }
    }

    @Test("a move stopped by a kill after any step is finished by the next merge: both decks, each answer and added word once",
          arguments: [SyncFolder.DeckMoveStep.storeMoved, .fileWritten])
    func killDuringTheMove(step: SyncFolder.DeckMoveStep) throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let (winnerWords, loserWords) = try clash(first: desktop, second: laptop) { device in
            try device.add("猫", reading: "ねこ", meaning: "cat", to: Self.id)
        }
        // The desktop's deck with the word it added after sending it.
        let mine = (cards(of: desktop) + ["猫=cat"]).sorted()
        let base = try #require(desktop.catalog.syncedBase(id: Self.id))
        let moved = "\(Self.id)-\(base.prefix(8))"
        let before = (winner: try history(laptop, deck: Self.id, words: winnerWords), loser: try history(desktop, deck: Self.id, words: loserWords))
        try exchange(laptop, desktop)
        desktop.sync.stopsDeckMove = step
        #expect(throws: SyncError.self) { try desktop.mergeAndApply() }
        // Killed: the deck is still listed under its id, and under the new one once written.
        #expect(desktop.cards(of: Self.id) == mine)
        #expect((desktop.cards(of: moved) == mine) == (step == .fileWritten))
        try desktop.reopen()
        let report = try desktop.mergeAndApply().report
        #expect(report.movedDecks.map(\.to) == [moved])
        for _ in 0..<2 {
            try exchange(desktop, laptop)
            try exchange(laptop, desktop)
            for device in [laptop, desktop] { try device.mergeAndApply() }
        }
        for device in [laptop, desktop] {
            #expect(device.cards(of: Self.id) == cards(of: laptop), "\(device.name)")
            #expect(device.cards(of: moved) == mine, "\(device.name): the added word moved once, not taken back by a second move")
            #expect(try history(device, deck: Self.id, words: ["山"] + winnerWords + loserWords) == before.winner, "\(device.name)")
            #expect(try history(device, deck: moved, words: ["山"] + winnerWords + loserWords) == before.loser, "\(device.name): each answer once")
        }
        #expect(desktop.catalog.entries().filter { $0.origin == .imported }.map(\.id).sorted() == [Self.id, moved])
    }

    @Test("while the other deck's files are still arriving nothing moves: this device's deck stays under the id, then moves once they are whole")
    func noMoveBeforeTheOtherDeckArrives() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        _ = try clash(first: desktop, second: laptop)
        try copyFolder(from: laptop.folder, to: desktop.folder)
        let waiting = try desktop.mergeAndApply().report
        #expect(waiting.movedDecks.isEmpty)
        #expect(!waiting.waitingFiles.isEmpty)
        #expect(desktop.cards(of: Self.id) == cards(of: desktop), "its own deck, still usable")
        try copyContent(from: laptop.folder, to: desktop.folder)
        #expect(try desktop.mergeAndApply().report.movedDecks.count == 1, "the control: moved once the files are there")
        #expect(desktop.cards(of: Self.id) == cards(of: laptop))
    }

    @Test("the move can be switched off (the negative control): the loser's deck is replaced and its answers stay under the id")
    func withoutTheMoveTheDeckIsReplaced() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        _ = try clash(first: desktop, second: laptop)
        try exchange(laptop, desktop)
        desktop.sync.skipsClashingDecks = true
        let report = try desktop.mergeAndApply().report
        #expect(report.movedDecks.isEmpty)
        #expect(desktop.catalog.entries().filter { $0.origin == .imported }.map(\.id) == [Self.id], "one deck: the desktop's is gone")
        #expect(try history(desktop, deck: Self.id, words: ["川"]).reviews["川"]?.count == 2, "its answers count for the other deck")
    }

    // MARK: - Helpers

    /// Both devices import their "Nature" and answer its words (山 on both); `first`
    /// merges (sending its deck), makes `changing` to it and merges again, then `second`,
    /// later, whose register so wins the id. Returns the words each answered, 山 first.
    private func clash(
        first: SyncTestDevice, second: SyncTestDevice, changing: (SyncTestDevice) throws -> Void = { _ in }
    ) throws -> (second: [String], first: [String]) {
        try importDeck(Self.deck(of: first), on: first)
        try importDeck(Self.deck(of: second), on: second)
        let firstWords = first.name == "desktop" ? ["山", "川"] : ["山", "森"]
        let secondWords = second.name == "desktop" ? ["山", "川"] : ["山", "森"]
        try answer(first, firstWords[0], .good)
        try answer(first, firstWords[1], .again)
        try answer(first, firstWords[1], .good)
        try first.mergeAndApply()
        // After its deck was sent: the changes are registers on the folder's base, not in it.
        try changing(first)
        try first.mergeAndApply()
        second.wall = first.wall + 60_000
        try answer(second, secondWords[0], .hard)
        try answer(second, secondWords[1], .easy)
        try second.mergeAndApply()
        return (secondWords, firstWords)
    }

    private static func deck(of device: SyncTestDevice) -> String {
        device.name == "desktop" ? desktopDeck : laptopDeck
    }

    private func importDeck(_ text: String, on device: SyncTestDevice) throws {
        let file = device.data.appendingPathComponent("nature.tsv")
        try Data(text.utf8).write(to: file)
        #expect(try device.catalog.import(LocalPath(file)).entry.id == Self.id)
    }

    private func answer(_ device: SyncTestDevice, _ word: String, _ rating: FSRSRating) throws {
        device.wall += 1000
        let time = Date(timeIntervalSince1970: Double(device.wall) / 1000)
        _ = try device.store.record(CardID(deck: Self.id, question: word), rating: rating, time: time, answerTime: .milliseconds(1500)) {
            SyncTestDevice.scheduler.review($0 ?? FSRSCard(due: time), rating: rating, at: time)
        }
    }

    private func history(_ device: SyncTestDevice, deck: String, words: [String]) throws -> History {
        var history = History()
        for word in Set(words) {
            let card = CardID(deck: deck, question: word)
            let reviews = try device.store.reviews(of: card).sorted { $0.review.time < $1.review.time }
                .map { "\($0.review.time.timeIntervalSince1970)/\($0.review.rating.rawValue)" }
            guard !reviews.isEmpty else { continue }
            history.reviews[word] = reviews
            history.states[word] = try device.store.card(card)
        }
        return history
    }

    /// The cards of the deck `device` imported ("山=mountain").
    private func cards(of device: SyncTestDevice) -> [String] {
        cards(of: device, text: Self.deck(of: device))
    }

    private func cards(of device: SyncTestDevice, text: String) -> [String] {
        text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t")
            return "\(fields[0])=\(fields[1])"
        }.sorted()
    }

    /// What a synchronizer does: `source`'s logs and files into `destination`'s folder.
    private func exchange(_ source: SyncTestDevice, _ destination: SyncTestDevice) throws {
        try copyFolder(from: source.folder, to: destination.folder)
        try copyContent(from: source.folder, to: destination.folder)
    }
}
