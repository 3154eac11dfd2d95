import Foundation
@testable import KuchiModel
import Testing

@Suite("Sync: merging devices' logs")
struct SyncMergeTests {
    @Test("two devices' offline reviews of one card both count, and both devices replay them to the same state")
    func offlineReviewsBothCount() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        laptop.wall += 500
        try desktop.review("水", .good)
        try laptop.review("水", .again)
        try desktop.merge()
        try laptop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyFolder(from: laptop.folder, to: desktop.folder)
        let report = try desktop.merge()
        #expect(report.newReviews == 1 && report.otherDevices == 1)
        #expect(report.summary == "synced: 1 new review from 1 other device")
        try laptop.merge()
        let state = try desktop.synced(words: ["水"])
        #expect(state.reviewCount == 2)
        #expect(try laptop.synced(words: ["水"]) == state)
        // The state is the replay of both, oldest first: not either device's alone.
        let card = CardID(deck: SyncTestDevice.deck, question: "水")
        let reviews = try desktop.store.reviews(of: card)
        #expect(reviews.map(\.review.rating) == [.good, .again])
        #expect(try desktop.store.card(card) == reviews.last?.review.after)
    }

    @Test("Ctrl+Z after a merge rebuilt the card: this run's answer is found by card and time and taken back, before or after the laptop's answer")
    func undoAfterMerge() throws {
        let card = CardID(deck: SyncTestDevice.deck, question: "水")
        for laptopIsLater in [false, true] {
            let temporaryFolder = try TemporaryFolder()
            let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
            let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
            let ours = try desktop.review("水", .hard)
            let answeredAt = try #require(try desktop.store.reviews(of: card).last?.review.time)
            try desktop.merge()
            laptop.wall = desktop.wall + (laptopIsLater ? 60_000 : -600_000)
            try laptop.review("水", .good)
            try laptop.merge()
            try copyFolder(from: laptop.folder, to: desktop.folder)
            try desktop.merge()
            #expect(try desktop.store.reviews(of: card).map(\.review.rating) == (laptopIsLater ? [.hard, .good] : [.good, .hard]))
            // Positive control: by its row id alone the answer is gone.
            #expect(throws: ReviewStoreError.self) { try desktop.store.undo(reviewID: ours) }
            let taken = try desktop.store.undo(reviewID: ours, answered: card, at: answeredAt, replayingWith: SyncTestDevice.scheduler)
            #expect(taken.review.rating == .hard)
            #expect(try desktop.store.reviews(of: card).map(\.review.rating) == [.good])
            // The laptop takes it back too, and both have the same card.
            try desktop.merge()
            try copyFolder(from: desktop.folder, to: laptop.folder)
            #expect(try laptop.merge().retractions == 1)
            #expect(try laptop.synced(words: ["水"]) == desktop.synced(words: ["水"]), "later: \(laptopIsLater)")
            // Taken back once: a second time is refused.
            #expect(throws: ReviewStoreError.self) {
                try desktop.store.undo(reviewID: ours, answered: card, at: answeredAt, replayingWith: SyncTestDevice.scheduler)
            }
        }
    }

    @Test("an answer taken back on the other device is taken back here too, and stays out when read again")
    func undoFromTheOtherDevice() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        try desktop.review("水", .good)
        try desktop.review("水", .hard)
        try desktop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try laptop.merge()
        #expect(try laptop.synced(words: ["水"]).reviewCount == 2)
        // The laptop takes back the desktop's latest answer.
        #expect(try laptop.undoLatest(of: "水"))
        try laptop.merge()
        try copyFolder(from: laptop.folder, to: desktop.folder)
        let report = try desktop.merge()
        #expect(report.retractions == 1)
        #expect(try desktop.synced(words: ["水"]).reviewCount == 1)
        #expect(try desktop.synced(words: ["水"]) == laptop.synced(words: ["水"]))
        // Read from the start again (a new installation's view): still one.
        try desktop.store.database.execute("DELETE FROM sync_file")
        try desktop.merge()
        #expect(try desktop.synced(words: ["水"]).reviewCount == 1)
    }

    @Test("a setting changed on two devices keeps the later change, even when the later device's clock is behind")
    func settingsLastWriterWins() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        desktop.settings.dailyNewCards = 30
        try desktop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        #expect(try laptop.merge().settings?.dailyNewCards == 30)
        // The laptop's clock is an hour behind; it changes the setting after seeing 30.
        laptop.wall = desktop.wall - 3_600_000
        laptop.settings.dailyNewCards = 10
        try laptop.merge()
        try copyFolder(from: laptop.folder, to: desktop.folder)
        let report = try desktop.merge()
        #expect(report.settings?.dailyNewCards == 10)
        #expect(desktop.settings.syncedValues == laptop.settings.syncedValues)
        // Window-size-like settings (the sync folder itself, the appearance) are not synced.
        #expect(desktop.settings.syncedValues.keys.sorted() == [
            "dailyNewCards", "desiredRetention", "fsrsLastFitReviews", "fsrsParameters", "productionDecks", "readings", "writingDecks",
        ])
    }

    @Test("a setting changed on both devices is a clash on each, naming the other device and its time, and saying which change is kept")
    func settingClash() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        func exchange() throws {
            try copyFolder(from: desktop.folder, to: laptop.folder)
            try copyFolder(from: laptop.folder, to: desktop.folder)
        }
        try desktop.merge()
        try laptop.merge()
        try exchange()
        // Positive control: a change made on one device only is no clash.
        laptop.settings.readings = .romaji
        try laptop.merge()
        try exchange()
        let oneSided = try desktop.merge()
        #expect(oneSided.settings?.readings == .romaji && oneSided.clashes.isEmpty)
        try laptop.merge()
        // Offline on both: 30 on the desktop, then 10 on the laptop a minute later.
        desktop.settings.dailyNewCards = 30
        try desktop.merge()
        laptop.wall = desktop.wall + 60_000
        laptop.settings.dailyNewCards = 10
        try laptop.merge()
        try exchange()
        let atDesktop = try desktop.merge()
        #expect(atDesktop.clashes == [
            SyncClash(
                subject: .setting(key: "dailyNewCards"), device: laptop.sync.device, deviceName: "laptop",
                changedAt: Date(timeIntervalSince1970: Double(laptop.wall) / 1000), keptHere: false),
        ])
        #expect(atDesktop.settings?.dailyNewCards == 10)
        let atLaptop = try laptop.merge()
        #expect(atLaptop.clashes.map(\.deviceName) == ["desktop"] && atLaptop.clashes.map(\.keptHere) == [true])
        #expect(atLaptop.settings == nil, "the laptop keeps its own, later change")
        // Read again (no new line), nothing clashes.
        #expect(try desktop.merge().clashes.isEmpty)
        let names = try Dictionary(uniqueKeysWithValues: desktop.sync.devices().map { ($0.device, $0.name) })
        #expect(names[laptop.sync.device] == "laptop" && names[desktop.sync.device] == "desktop")
    }

    @Test("a setting change sent when it is made (no merge) reaches the other device; sending again sends nothing")
    func settingSentWhenMade() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        desktop.settings.readings = .romaji
        // Positive control: without the settings, nothing is sent.
        #expect(try desktop.sync.send(scheduler: SyncTestDevice.scheduler) == 0)
        #expect(try desktop.sync.send(settings: desktop.settings, scheduler: SyncTestDevice.scheduler) == 1)
        #expect(try desktop.sync.send(settings: desktop.settings, scheduler: SyncTestDevice.scheduler) == 0)
        try copyFolder(from: desktop.folder, to: laptop.folder)
        #expect(try laptop.merge().settings?.readings == .romaji)
    }

    @Test("the memory model fitted on one computer is the other's too: one register of parameters and what they were fitted to")
    func memoryModelSyncs() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        var parameters = FSRSScheduler.defaultParameters
        parameters[0] = 0.5
        let model = FittedMemoryModel(
            parameters: parameters, fitted: Date(timeIntervalSince1970: 1_795_306_500), reviewCount: 812,
            before: MemoryModelScore(logLoss: 0.41, rmse: 0.071), after: MemoryModelScore(logLoss: 0.38, rmse: 0.046))
        desktop.settings.memoryModel = model
        desktop.settings.lastFitReviewCount = 812
        #expect(try desktop.sync.send(settings: desktop.settings, scheduler: SyncTestDevice.scheduler) == 2)
        try copyFolder(from: desktop.folder, to: laptop.folder)
        let merged = try #require(try laptop.merge().settings)
        #expect(merged.memoryModel == model && merged.lastFitReviewCount == 812)
        #expect(merged.fsrsParameters == parameters, "the laptop schedules with the fitted parameters")
        // A damaged register (a parameter FSRS refuses) is left out, not taken.
        var damaged = merged.syncedValues
        damaged["fsrsParameters"] = damaged["fsrsParameters"]?.replacingOccurrences(of: "0.5,", with: "500,")
        #expect(Settings().applyingSynced(damaged).memoryModel == nil)
    }

    @Test("a device whose settings were never changed does not overrule one whose were")
    func defaultsDoNotOverrule() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        desktop.settings.desiredRetention = 85
        try desktop.merge()
        laptop.wall += 60_000
        try laptop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyFolder(from: laptop.folder, to: desktop.folder)
        try desktop.merge()
        try laptop.merge()
        #expect(laptop.settings.desiredRetention == 85 && desktop.settings.desiredRetention == 85)
    }

    @Test("a suspension syncs, and the later of two changes wins")
    func suspension() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        try desktop.suspend("水")
        try desktop.merge()
        laptop.wall += 60_000
        try laptop.suspend("水")
        try laptop.suspend("水", false)
        try laptop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyFolder(from: laptop.folder, to: desktop.folder)
        try desktop.merge()
        try laptop.merge()
        #expect(try desktop.store.schedule(deck: SyncTestDevice.deck).suspended.isEmpty)
        #expect(try laptop.store.schedule(deck: SyncTestDevice.deck).suspended.isEmpty)
    }

    @Test("an answer committed to the database but not yet in the log (Kuchi killed in between) is appended by the next run")
    func killBetweenCommitAndAppend() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        try desktop.merge()
        try desktop.review("水")
        // Killed here: the review is committed, nothing was appended. A new run:
        try desktop.reopen()
        let log = logFiles(in: desktop.folder)
        let before = try log.reduce(0) { try $0 + String(contentsOf: desktop.folder.appendingPathComponent($1), encoding: .utf8).count }
        #expect(try desktop.sync.send(scheduler: SyncTestDevice.scheduler) == 1)
        let after = try logFiles(in: desktop.folder).reduce(0) {
            try $0 + String(contentsOf: desktop.folder.appendingPathComponent($1), encoding: .utf8).count
        }
        #expect(after > before)
        // Positive control: nothing is sent twice.
        #expect(try desktop.sync.send(scheduler: SyncTestDevice.scheduler) == 0)
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        try copyFolder(from: desktop.folder, to: laptop.folder)
        #expect(try laptop.merge().newReviews == 1)
    }

    @Test("lines made but not yet appended when Kuchi was killed are appended by the next run, once")
    func killBetweenOutboxAndAppend() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        try desktop.review("水")
        // The outbox filled in the database, then a kill before the append.
        _ = try desktop.store.syncTransaction {
            var clock = try desktop.store.syncClock()
            return try desktop.store.fillOutbox(device: desktop.sync.device, clock: &clock, now: desktop.wall, settings: [], scheduler: SyncTestDevice.scheduler)
        }
        #expect(logFiles(in: desktop.folder).isEmpty)
        try desktop.reopen()
        #expect(try desktop.sync.send(scheduler: SyncTestDevice.scheduler) == 1)
        #expect(logFiles(in: desktop.folder).count == 1)
        #expect(try desktop.sync.send(scheduler: SyncTestDevice.scheduler) == 0)
    }

    @Test("lines appended but still in the outbox when Kuchi was killed are not appended again; after a torn one, the rest are")
    func killBetweenAppendAndEmptyingTheOutbox() throws {
        for torn in [false, true] {
            let temporaryFolder = try TemporaryFolder()
            let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
            for word in ["水", "火", "木"] { try desktop.review(word) }
            _ = try desktop.store.syncTransaction {
                var clock = try desktop.store.syncClock()
                return try desktop.store.fillOutbox(device: desktop.sync.device, clock: &clock, now: desktop.wall, settings: [], scheduler: SyncTestDevice.scheduler)
            }
            let outbox = try desktop.store.outbox().map(\.line)
            #expect(outbox.count >= 3)
            let file = "devices/\(desktop.sync.device)/log/" + SyncFileName.monthlyFile(wall: desktop.wall)
            let url = desktop.folder.appendingPathComponent(file)
            // The killed run's append, then the kill before the outbox was emptied: every
            // line written, or the first whole and the second cut short.
            let cut = String(outbox[1].prefix(30))
            let written = torn ? outbox[0] + "\n" + cut : outbox.map { $0 + "\n" }.joined()
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try written.write(to: url, atomically: false, encoding: .utf8)
            try desktop.reopen()
            _ = try desktop.sync.send(scheduler: SyncTestDevice.scheduler)
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(lines == (torn ? [outbox[0], cut] + outbox.dropFirst() : outbox), "torn: \(torn)")
            #expect(try desktop.store.outbox().isEmpty)
        }
    }

    @Test("a torn last line is left for later, not reported; a damaged line before it is reported with file and line and skipped")
    func tornAndDamagedLines() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        for word in ["一", "二", "三"] { try desktop.review(word) }
        try desktop.merge()
        let file = try #require(logFiles(in: desktop.folder).first)
        var lines = try String(contentsOf: desktop.folder.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        lines[0] = lines[0].replacingOccurrences(of: "\"rating\":3", with: "\"rating\":4")
        let torn = lines[2].prefix(40)
        let target = laptop.folder.appendingPathComponent(file)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (lines[0] + "\n" + lines[1] + "\n" + torn).write(to: target, atomically: true, encoding: .utf8)
        let report = try laptop.merge()
        #expect(report.newReviews == 1)
        #expect(report.problems.map(\.description) == ["\(file), line 1: the line's checksum does not match its text"])
        // The rest of the line arrives.
        try (lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n").write(to: target, atomically: true, encoding: .utf8)
        let next = try laptop.merge()
        #expect(next.newReviews == 1 && next.problems.isEmpty)
    }

    @Test("a line appended after a torn one (a kill mid-append) starts on a line of its own and is read")
    func appendAfterTornLine() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        try desktop.review("一")
        try desktop.merge()
        let file = try #require(logFiles(in: desktop.folder).first)
        let handle = try FileHandle(forWritingTo: desktop.folder.appendingPathComponent(file))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"id\":\"torn".utf8))
        try handle.close()
        try desktop.review("二")
        try desktop.merge()
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        try copyFolder(from: desktop.folder, to: laptop.folder)
        let report = try laptop.merge()
        #expect(report.newReviews == 2)
        // Line 1 the review, line 2 the desktop's name, line 3 the torn one.
        #expect(report.problems.map(\.line) == [3])
    }

    @Test("events of kinds this Kuchi does not know are kept in the folder and do not stop the merge")
    func unknownKinds() throws {
        let temporaryFolder = try TemporaryFolder()
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        let event = SyncEvent(id: "0123456789abcdef0123456789abcdef", device: "FUTURE", stamp: HLCStamp(wall: 1, counter: 0), body: .unknown(kind: "stroke-order"))
        let review = SyncEvent(id: "1123456789abcdef0123456789abcdef", device: "FUTURE", stamp: HLCStamp(wall: 2, counter: 0),
                               body: .review(card: CardID(deck: SyncTestDevice.deck, question: "水"), rating: .good, time: 5000, answerMilliseconds: 10))
        let text = [event, review].map { String(decoding: SyncLine.encode($0), as: UTF8.self) + "\n" }.joined()
        let file = laptop.folder.appendingPathComponent("devices/FUTURE/log/2026-01.jsonl")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        let report = try laptop.merge()
        #expect(report.unknownEvents == 1 && report.newReviews == 1 && report.problems.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test("a copy of an installation (a restored backup) notices the other's events in its log and goes on as a new device")
    func clonedInstallation() throws {
        let temporaryFolder = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: temporaryFolder.url, name: "desktop")
        try desktop.review("一")
        try desktop.merge()
        let copy = try SyncTestDevice(cloning: desktop, root: temporaryFolder.url, name: "copy")
        #expect(copy.sync.device == desktop.sync.device)
        try desktop.review("二")
        try desktop.merge()
        try copyFolder(from: desktop.folder, to: copy.folder)
        try copy.review("三")
        let report = try copy.merge()
        #expect(report.replacedDevice == desktop.sync.device)
        #expect(copy.sync.device != desktop.sync.device)
        // Its own answer went to its new log, not to the desktop's.
        #expect(logFiles(in: copy.folder).contains { $0.hasPrefix("devices/\(copy.sync.device)/") })
        try copyFolder(from: copy.folder, to: desktop.folder)
        let back = try desktop.merge()
        #expect(back.replacedDevice == nil)
        #expect(try desktop.synced(words: ["一", "二", "三"]) == copy.synced(words: ["一", "二", "三"]))
        #expect(try desktop.synced(words: ["一", "二", "三"]).reviewCount == 3)
    }

    @Test("a log file replaced by another version (a conflict's winner) is read again from its start")
    func replacedFileIsReadAgain() throws {
        let temporaryFolder = try TemporaryFolder()
        let laptop = try SyncTestDevice(root: temporaryFolder.url, name: "laptop")
        func line(_ id: String, _ word: String) -> String {
            let event = SyncEvent(id: id, device: "OTHER", stamp: HLCStamp(wall: 1, counter: 0),
                                  body: .review(card: CardID(deck: SyncTestDevice.deck, question: word), rating: .good, time: 5000, answerMilliseconds: 10))
            return String(decoding: SyncLine.encode(event), as: UTF8.self) + "\n"
        }
        let file = laptop.folder.appendingPathComponent("devices/OTHER/log/2026-01.jsonl")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (line(String(repeating: "a", count: 32), "一")).write(to: file, atomically: true, encoding: .utf8)
        #expect(try laptop.merge().newReviews == 1)
        try (line(String(repeating: "b", count: 32), "二") + line(String(repeating: "c", count: 32), "三")).write(to: file, atomically: true, encoding: .utf8)
        #expect(try laptop.merge().newReviews == 2)
    }

    @Test("file names: conflict copies of Syncthing, Nextcloud and Dropbox are read; transfers under way are not")
    func fileNames() {
        for name in ["2026-11.jsonl", "2026-11.sync-conflict-20261126-101500-ABCDEFG.jsonl",
                     "2026-11 (conflicted copy 2026-11-26 101500).jsonl", "2026-11 (laptop's conflicted copy 2026-11-26).jsonl"] {
            #expect(SyncFileName.isLog(name), "\(name)")
        }
        #expect(!SyncFileName.isConflictCopy("2026-11.jsonl"))
        #expect(SyncFileName.isConflictCopy("2026-11.sync-conflict-20261126-101500-ABCDEFG.jsonl"))
        for name in [".syncthing.2026-11.jsonl.tmp", ".2026-11.jsonl.~1a2b3c4d", "2026-11.jsonl.part", "notes.txt"] {
            #expect(!SyncFileName.isLog(name), "\(name)")
        }
        #expect(SyncFileName.monthlyFile(wall: 1_767_225_600_000) == "2026-01.jsonl")
        #expect(SyncFileName.monthlyFile(wall: 1_767_225_599_999) == "2025-12.jsonl")
    }

    @Test("every kind of event reads back as written; a changed byte is refused by the checksum")
    func lineRoundTrip() throws {
        let card = CardID(deck: "d\"eck", question: "水\n")
        let bodies: [SyncEvent.Body] = [
            .review(card: card, rating: .hard, time: 1_700_000_000_123, answerMilliseconds: 4200), .retraction(of: "abc"),
            .suspension(card: card, isSuspended: true), .cardField(card: card, field: "meaning", value: "water"),
            .setting(key: "productionDecks", value: "[\"jlpt-n5\"]"), .deviceName("Anna's laptop"), .unknown(kind: "media"),
        ]
        for body in bodies {
            let event = SyncEvent(id: SyncEvent.newID(), device: "DEV", stamp: HLCStamp(wall: 7, counter: 2), body: body)
            let line = SyncLine.encode(event)
            #expect(!line.contains(UInt8(ascii: "\n")))
            #expect(try SyncLine.decode(line[...]) == event)
            var changed = line
            changed[10] ^= 1
            #expect(throws: SyncLine.Problem.self) { try SyncLine.decode(changed[...]) }
        }
        // Python's zlib.crc32(b"123456789") is 0xcbf43926.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}
