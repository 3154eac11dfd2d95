import Foundation
@testable import KuchiModel
import Testing

/// One answer, one review: the same answer (card, time, rating) sent again under
/// another event id counts once on every device.
@Suite("Sync: an answer sent twice under two ids counts once")
struct SyncAnswerOnceTests {
    @Test("a restored backup that sends again what the original sent after the backup was taken doubles no review and changes no state")
    func restoredBackup() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let words = ["一", "二", "三"]
        try desktop.review("一")
        try desktop.merge()
        try desktop.review("二")
        try desktop.review("三", .hard)
        try desktop.review("二", .again)
        // The backup still has these three answers to send.
        let backup = try SyncTestDevice(cloning: desktop, root: root.url, name: "backup")
        try desktop.merge()
        let before = try desktop.synced(words: words)
        #expect(before.reviewCount == 4)

        try copyFolder(from: desktop.folder, to: backup.folder)
        #expect(try backup.merge().replacedDevice == desktop.sync.device)
        try copyFolder(from: backup.folder, to: desktop.folder)
        try desktop.merge()
        try copyFolder(from: desktop.folder, to: backup.folder)
        try backup.merge()

        #expect(try desktop.synced(words: words) == before)
        #expect(try backup.synced(words: words) == before)
    }

    @Test("the same Anki package imported on two devices and merged both ways gives each card the package's reviews once")
    func packageImportedTwice() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let id = try SyncDeckTests.importPackage(on: desktop)
        #expect(try SyncDeckTests.importPackage(on: laptop) == id)
        let words = try desktop.catalog.load(id: id).cards.map(\.question)
        var history: [String: [Double]] = [:]
        for word in words { history[word] = try SyncDeckTests.reviewTimes(id, word, on: desktop) }
        #expect(history.values.contains { !$0.isEmpty }, "the fixture has a history")

        try desktop.merge()
        try laptop.merge()
        for _ in 0..<2 {
            try copyFolder(from: desktop.folder, to: laptop.folder)
            try copyContent(from: desktop.folder, to: laptop.folder)
            try copyFolder(from: laptop.folder, to: desktop.folder)
            try copyContent(from: laptop.folder, to: desktop.folder)
            try laptop.merge()
            try desktop.merge()
        }
        for word in words {
            let card = CardID(deck: id, question: word)
            #expect(try SyncDeckTests.reviewTimes(id, word, on: desktop) == history[word], "\(word)")
            #expect(try SyncDeckTests.reviewTimes(id, word, on: laptop) == history[word], "\(word)")
            #expect(try desktop.store.card(card) == laptop.store.card(card), "\(word)")
        }
    }

    /// Events of device `device` written as its log in `folder` (appended).
    private static func append(_ events: [SyncEvent], device: String, to folder: URL) throws {
        let file = folder.appendingPathComponent("devices/\(device)/log/2026-01.jsonl")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = events.map { String(decoding: SyncLine.encode($0), as: UTF8.self) + "\n" }.joined()
        if let handle = try? FileHandle(forWritingTo: file) {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        } else {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    @Test("a retraction naming the duplicate's id takes the answer back on every device, whatever order the events arrive in",
          arguments: [[0, 1, 2, 3], [2, 1, 0, 3], [1, 2, 3, 0], [3, 0, 1, 2], [0, 3, 1, 2]])
    func retractionOfDuplicate(order: [Int]) throws {
        let root = try TemporaryFolder()
        let device = try SyncTestDevice(root: root.url, name: "laptop")
        let card = CardID(deck: SyncTestDevice.deck, question: "水")
        let other = CardID(deck: SyncTestDevice.deck, question: "火")
        func review(_ id: Character, _ device: String, wall: Int64, card: CardID = card) -> SyncEvent {
            SyncEvent(id: String(repeating: id, count: 32), device: device, stamp: HLCStamp(wall: wall, counter: 0),
                      body: .review(card: card, rating: .good, time: 5000, answerMilliseconds: 10))
        }
        // The original answer, the same sent again by a copy, its retraction naming the
        // copy's id, and a third id of the same answer after that.
        let steps: [(device: String, events: [SyncEvent])] = [
            ("ONE", [review("a", "ONE", wall: 1), review("e", "ONE", wall: 2, card: other)]),
            ("TWO", [review("b", "TWO", wall: 3)]),
            ("TWO", [SyncEvent(id: String(repeating: "c", count: 32), device: "TWO", stamp: HLCStamp(wall: 4, counter: 0),
                               body: .retraction(of: String(repeating: "b", count: 32)))]),
            ("THREE", [review("d", "THREE", wall: 5)]),
        ]
        var seen = Set<Int>()
        for step in order {
            try Self.append(steps[step].events, device: steps[step].device, to: device.folder)
            try device.merge()
            seen.insert(step)
            let reviews = try device.store.reviews(of: card).count
            // Positive control: before the retraction arrives, the answer counts once.
            #expect(reviews == (seen.contains(2) || !(seen.contains(0) || seen.contains(1) || seen.contains(3)) ? 0 : 1), "\(order) after \(step)")
        }
        #expect(try device.store.reviews(of: card).isEmpty)
        #expect(try device.store.card(card) == nil || device.store.reviews(of: card).isEmpty)
        #expect(try device.store.reviews(of: other).count == 1)
    }
}
