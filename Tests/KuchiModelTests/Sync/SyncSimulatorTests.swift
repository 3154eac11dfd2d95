import Foundation
@testable import KuchiModel
import Testing

/// Devices reviewing, taking back, suspending and changing settings while a simulated
/// synchronizer copies their files in random order: whole, torn (a scan mid-append),
/// killed mid-copy (a temporary file left behind), and as conflict copies when a cloned
/// installation wrote the same log; a device's clock stepping back; answers sent again
/// under other ids (and some of those taken back by that id); an Anki package
/// imported on one device, whose deck file and sound are copied (torn, killed) like the
/// logs. Once every file has been copied everywhere and every device merged, all must
/// hold the same state, every review not taken back, and the same imported deck.
@Suite("Sync: a simulated synchronizer, random seeds")
struct SyncSimulatorTests {
    static let words = ["一", "二", "三", "四"]

    /// What a seed's run ended with.
    struct Outcome {
        var converged: Bool
        var detail: String
        /// The events of the final folder and the state every device agreed on (if they did).
        var lines: [String] = []
        var state: SyncedState?
    }

    @Test("200 seeds: every device ends with the same state and every review not taken back (the seed is printed on failure)")
    func converges() throws {
        // SYNC_SEED=N runs seed N alone.
        let only = ProcessInfo.processInfo.environment["SYNC_SEED"].flatMap { UInt64($0) }
        for seed in UInt64(0)..<200 where only == nil || only == seed {
            let outcome = try simulate(seed: seed, skippingConflictCopies: false)
            #expect(outcome.converged, "seed \(seed): \(outcome.detail)")
        }
    }

    @Test("negative control: a reader that skips conflict copies loses reviews or diverges on some seeds")
    func skippingConflictCopiesFails() throws {
        var failures = 0
        for seed in UInt64(0)..<60 where try !simulate(seed: seed, skippingConflictCopies: true).converged { failures += 1 }
        #expect(failures > 0)
    }

    @Test("the merge is a set union: the same events in any order, repeated, split over any files and merges give the same state")
    func anyOrderAnyPartition() throws {
        for seed in UInt64(0)..<20 {
            let outcome = try simulate(seed: seed, skippingConflictCopies: false)
            let expected = try #require(outcome.state, "seed \(seed)")
            var random = SeededRandomNumberGenerator(seed: seed &+ 1000)
            let temporaryFolder = try TemporaryFolder()
            let fresh = try SyncTestDevice(root: temporaryFolder.url, name: "fresh")
            var lines = outcome.lines + outcome.lines.filter { _ in Bool.random(using: &random) }
            lines.shuffle(using: &random)
            var part = 0
            while !lines.isEmpty {
                let count = Int.random(in: 1...max(1, lines.count), using: &random)
                let chunk = lines.prefix(count)
                lines.removeFirst(count)
                let file = fresh.folder.appendingPathComponent("devices/PART\(Int.random(in: 0..<3, using: &random))/log/2026-0\(part % 9 + 1).jsonl")
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                let existing = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                try (existing + chunk.map { $0 + "\n" }.joined()).write(to: file, atomically: true, encoding: .utf8)
                part += 1
                if Bool.random(using: &random) { try fresh.merge() }
            }
            try fresh.merge()
            #expect(try fresh.synced(words: Self.words) == expected, "seed \(seed)")
        }
    }

    /// One run of the simulation.
    func simulate(seed: UInt64, skippingConflictCopies: Bool) throws -> Outcome {
        var random = SeededRandomNumberGenerator(seed: seed)
        let temporaryFolder = try TemporaryFolder()
        let root = temporaryFolder.url
        var devices = [try SyncTestDevice(root: root, name: "d0"), try SyncTestDevice(root: root, name: "d1")]
        if skippingConflictCopies {
            for device in devices {
                device.readerFilter = { SyncFileName.isLog($0) && !SyncFileName.isConflictCopy($0) }
                try device.reopen()
            }
        }
        devices[1].wall += 300
        // Each review's time and rating, by word, while not taken back.
        var truth: [String: Set<String>] = [:]
        var conflicts = 0
        func tag() -> String {
            conflicts += 1
            return "20260101-0000\(conflicts % 10)\(conflicts / 10 % 10)-W\(conflicts)"
        }
        let cloneStep = Int.random(in: 0..<40, using: &random)
        let importStep = Int.random(in: 0..<8, using: &random)
        let duplicateSteps = Set((0..<3).map { _ in Int.random(in: 0..<40, using: &random) })
        for step in 0..<40 {
            if step == importStep {
                try SyncDeckTests.importPackage(on: devices[Int.random(in: 0..<devices.count, using: &random)])
            }
            if step == cloneStep, Int.random(in: 0..<10, using: &random) < 7 {
                // A restored backup: d0 copied, everything sent first.
                try devices[0].sync.send(scheduler: SyncTestDevice.scheduler)
                let clone = try SyncTestDevice(cloning: devices[0], root: root, name: "d\(devices.count)")
                clone.readerFilter = devices[0].readerFilter
                clone.wall += 700
                try clone.reopen()
                devices.append(clone)
            }
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            let word = Self.words[Int.random(in: 0..<Self.words.count, using: &random)]
            if duplicateSteps.contains(step) {
                // An answer the device has sent, sent again under another id (as a restored
                // backup or a second import does), and half the time taken back by that id.
                try device.merge()
                if let last = try device.store.reviews(of: CardID(deck: SyncTestDevice.deck, question: word)).last {
                    let again = SyncEvent(
                        id: SyncEvent.newID(), device: "DUP\(step)", stamp: HLCStamp(wall: device.wall, counter: 0),
                        body: .review(card: CardID(deck: SyncTestDevice.deck, question: word), rating: last.review.rating,
                                      time: last.review.time.storeMilliseconds, answerMilliseconds: 1500))
                    var events = [again]
                    if Bool.random(using: &random) {
                        events.append(SyncEvent(
                            id: SyncEvent.newID(), device: "DUP\(step)", stamp: HLCStamp(wall: device.wall, counter: 1),
                            body: .retraction(of: again.id)))
                        truth[word]?.remove("\(last.review.time.timeIntervalSince1970)/\(last.review.rating.rawValue)")
                    }
                    let file = device.folder.appendingPathComponent("devices/DUP\(step)/log/2026-01.jsonl")
                    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try events.map { String(decoding: SyncLine.encode($0), as: UTF8.self) + "\n" }.joined()
                        .write(to: file, atomically: true, encoding: .utf8)
                }
            }
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30:
                let rating = FSRSRating.allCases[Int.random(in: 0..<4, using: &random)]
                try device.review(word, rating)
                if let last = try device.store.reviews(of: CardID(deck: SyncTestDevice.deck, question: word)).last {
                    truth[word, default: []].insert("\(last.review.time.timeIntervalSince1970)/\(last.review.rating.rawValue)")
                }
            case 30..<37:
                if let last = try device.store.reviews(of: CardID(deck: SyncTestDevice.deck, question: word)).last {
                    try device.undoLatest(of: word)
                    truth[word]?.remove("\(last.review.time.timeIntervalSince1970)/\(last.review.rating.rawValue)")
                }
            case 37..<42:
                try device.suspend(word, Bool.random(using: &random))
            case 42..<47:
                device.settings.dailyNewCards = Int.random(in: 5...50, using: &random)
            case 47..<50:
                device.wall -= 3_600_000  // the clock steps back an hour
            case 50..<60:
                try device.sync.send(scheduler: SyncTestDevice.scheduler)
            case 60..<72:
                try device.merge()
            case 72..<76:
                // A word of My Words added (with a meaning of its own) or deleted.
                let meaning = "m\(Int.random(in: 0..<5, using: &random))"
                let json = Bool.random(using: &random)
                    ? DeckFile.encodeCard(Challenge(question: word, reading: "みず", answer: meaning)) : nil
                device.wall += 1000
                try device.sync.record([.word(card: CardID(deck: DeckCatalog.ownWordsID, question: word), json: json)])
            case 76..<80:
                device.wall += 1000
                try device.sync.record([.cardField(
                    card: CardID(deck: SyncTestDevice.deck, question: word), field: SyncCardField.meaning,
                    value: "m\(Int.random(in: 0..<5, using: &random))")])
            default:
                let source = devices[Int.random(in: 0..<devices.count, using: &random)]
                let destination = devices[Int.random(in: 0..<devices.count, using: &random)]
                // Half the copies are of the deck's files once there are some: two files among the logs.
                let content = contentFiles(in: source.folder)
                let files = (content.isEmpty || Bool.random(using: &random) ? logFiles(in: source.folder) : content).filter { !$0.contains("/.") }
                guard source !== destination, !files.isEmpty else { continue }
                let file = files[Int.random(in: 0..<files.count, using: &random)]
                let size = (try? Data(contentsOf: source.folder.appendingPathComponent(file)).count) ?? 0
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<2:
                    // A scan mid-append: the file arrives with a torn last line.
                    try copyFile(file, from: source.folder, to: destination.folder, prefix: Int.random(in: 0...size, using: &random), conflictTag: tag())
                case 2:
                    // The receiver killed mid-transfer: only the temporary file is there.
                    let name = (file as NSString).lastPathComponent
                    let temporary = destination.folder.appendingPathComponent((file as NSString).deletingLastPathComponent)
                        .appendingPathComponent(".syncthing.\(name).tmp")
                    try FileManager.default.createDirectory(at: temporary.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(try Data(contentsOf: source.folder.appendingPathComponent(file)).prefix(size / 2)).write(to: temporary)
                default:
                    try copyFile(file, from: source.folder, to: destination.folder, conflictTag: tag())
                }
            }
        }
        // Everything copied everywhere, every device merged, until nothing changes.
        for _ in 0..<3 {
            for source in devices {
                for destination in devices where source !== destination {
                    for file in logFiles(in: source.folder) + contentFiles(in: source.folder) where !file.contains("/.") {
                        try copyFile(file, from: source.folder, to: destination.folder, conflictTag: tag())
                    }
                }
            }
            for device in devices { try device.merge() }
        }
        let states = try devices.map { try $0.synced(words: Self.words) }
        let truthCount = truth.values.reduce(0) { $0 + $1.count }
        guard states.allSatisfy({ $0 == states[0] }) else {
            return Outcome(converged: false, detail: "devices differ: " + states.map(\.description).joined(separator: " | "))
        }
        // The imported deck, byte for byte, on every device.
        let decks = try devices.map { device in
            try device.catalog.entries().filter { $0.origin == .imported }.map { try SyncDeckTests.files(of: $0.id, on: device) }
        }
        guard decks.allSatisfy({ $0 == decks[0] }), decks[0].count == 1 else {
            return Outcome(converged: false, detail: "imported decks differ: " + decks.map { "\($0.map(\.keys))" }.joined(separator: " | "))
        }
        for word in Self.words {
            let held = Set(states[0].cards[word]?.reviews ?? [])
            guard held == truth[word] ?? [] else {
                return Outcome(converged: false, detail: "\(word): \(held.count) reviews held, \(truth[word]?.count ?? 0) made (of \(truthCount))")
            }
        }
        var lines: [String] = []
        for file in logFiles(in: devices[0].folder) where !file.contains("/.") {
            lines += try String(contentsOf: devices[0].folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").map(String.init).filter { (try? SyncLine.decode(ArraySlice($0.utf8))) != nil }
        }
        return Outcome(converged: true, detail: "", lines: lines, state: states[0])
    }
}
