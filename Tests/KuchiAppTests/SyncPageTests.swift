import CGtk
import CGtkShim
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// Sync in the window: a folder chosen in Settings, another computer's answers merged
/// when its log arrives in the folder (watched), this computer's answers sent as they
/// are saved, and the devices listed; never a merge during a session.
@Suite("Sync page", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct SyncPageTests {
    /// Another computer syncing through `folder`: its own data folder and database.
    private struct Laptop {
        let store: ReviewStore
        let sync: SyncFolder

        init(folder: URL, home: URL) throws {
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            store = try ReviewStore(path: home.appendingPathComponent("kuchi.sqlite3").path)
            sync = try SyncFolder(folder: folder.path, dataDirectory: home, store: store, deviceName: "laptop")
        }

        /// Answers `question` of Kuchi Basics Good, now, and sends it.
        func answer(_ question: String) throws {
            let scheduler = FSRSScheduler(desiredRetention: 0.9, fuzz: false)
            let now = Date()
            try store.record(Review(
                card: CardID(deck: "kuchi-basics", question: question), rating: .good, time: now,
                answerTime: .seconds(2), after: scheduler.review(FSRSCard(due: now), rating: .good, at: now)))
            _ = try sync.send(scheduler: scheduler)
        }
    }

    @Test("a folder chosen: another computer's answer arrives and is merged by itself, ours is sent, and both devices are listed")
    func mergesAndSends() throws {
        let app = try AppHarness(registered: true, width: 720, height: 900)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The window starts syncing once it is up (nothing to sync yet).
        pump(until: { app.isPainted }, "the window is up")
        MainLoop.drain()
        app.models.syncing.choose(folder.path)
        #expect(app.models.users.settings.syncFolder == folder.path, "kept in settings.json")
        #expect(app.models.syncing.lastResult?.contains(": 0 new reviews from 0 other devices") == true, "\(app.models.syncing.lastResult ?? "")")

        let laptop = try Laptop(folder: folder, home: app.folder.appendingPathComponent("laptop"))
        try laptop.answer("はい")
        // Nobody pressed Sync Now: the folder is watched.
        pump(until: { app.models.planner.schedule(deck: "kuchi-basics")?.cards["はい"] != nil }, timeout: .seconds(15),
             "the laptop's answer merged")
        #expect(app.models.syncing.lastResult?.contains("1 new review from 1 other device") == true, "\(app.models.syncing.lastResult ?? "")")

        app.models.planner.review("いいえ", deck: "kuchi-basics", rating: .good, answerTime: .seconds(1))
        let ours = try #require(app.models.syncing.device)
        let log = folder.appendingPathComponent("devices/\(ours)/log")
        pump(until: {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: log.path)) ?? []
            return files.contains { name in
                (try? String(contentsOf: log.appendingPathComponent(name), encoding: .utf8))?.contains("いいえ") == true
            }
        }, "our answer sent to our log")

        app.models.state.homePage = .settings
        pump(until: { app.isShown("sync-devices") }, "the devices listed")
        #expect(app.isShown("sync-last") && app.isShown("sync-off"))
        let summary = app.models.syncing.devicesSummary
        #expect(summary.hasPrefix("This computer (\(SyncDevice.hostName()))"), "\(summary)")
        #expect(summary.contains("\(laptop.sync.device.prefix(8)), last wrote "), "\(summary)")
    }

    @Test("a setting changed here and later on the laptop: the laptop's is taken, and a toast and the page say so, naming it")
    func clashIsTold() throws {
        // Without animations: Details is pressed while its toast is still coming in, and
        // libadwaita 1.2 crashes when a window closes after a toast was dismissed then.
        let settings = try #require(gtk_settings_get_default().map { UnsafeMutableRawPointer($0) })
        let animations = gtkkit_get_boolean_property(settings, "gtk-enable-animations")
        gtkkit_set_boolean_property(settings, "gtk-enable-animations", 0)
        defer { gtkkit_set_boolean_property(settings, "gtk-enable-animations", animations) }
        let app = try AppHarness(registered: true, width: 720, height: 900)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pump(until: { app.isPainted }, "the window is up")
        MainLoop.drain()
        app.models.syncing.choose(folder.path)
        app.models.users.settings.dailyNewCards = 30
        let laptop = try Laptop(folder: folder, home: app.folder.appendingPathComponent("laptop"))
        var theirs = Settings()
        theirs.dailyNewCards = 10
        pump(until: {
            let files = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
            return files.contains { name in
                name.hasSuffix(".jsonl")
                    && (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))?.contains("dailyNewCards") == true
            }
        }, "our change sent")
        let atLaptop = try laptop.sync.merge(settings: theirs, scheduler: FSRSScheduler(desiredRetention: 0.9, fuzz: false))
        #expect(atLaptop.clashes.map(\.keptHere) == [true], "the laptop's change is the later one")
        pump(until: { app.models.users.settings.dailyNewCards == 10 }, timeout: .seconds(15), "the laptop's later change taken")
        let told = "New cards per day was also changed on laptop today at "
        pump(until: { allLabels(app).contains { $0.hasPrefix(told) && $0.hasSuffix("later than here: that change is kept") } },
             "the toast")
        #expect(!allLabels(app).contains("Your settings changed on another computer"), "one toast, the one that says more")
        // Details leads to Settings, where the page says it whole.
        let details = try #require(descendant(
            of: typed(app.window.gtkWindow), type: gtk_button_get_type(),
            matching: { gtk_button_get_label(typed($0)).map { String(cString: $0) } == "Details" }))
        gtkkit_emit(details, "clicked")
        pump(until: { app.models.state.homePage == .settings }, "Settings shown")
        #expect(app.models.syncing.lastResult?.contains(told) == true, "\(app.models.syncing.lastResult ?? "")")
        // Positive control of the wording: a change made on the laptop only is no clash.
        theirs.readings = .romaji
        _ = try laptop.sync.merge(settings: theirs, scheduler: FSRSScheduler(desiredRetention: 0.9, fuzz: false))
        pump(until: { app.models.users.settings.readings == .romaji }, timeout: .seconds(15), "the readings taken")
        #expect(app.models.syncing.lastResult?.contains("also changed") == false, "\(app.models.syncing.lastResult ?? "")")
    }

    @Test("a merge asked for during a session waits for its end; the answers are never changed under the learner's hands")
    func waitsForTheSession() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pump(until: { app.isPainted }, "the window is up")
        MainLoop.drain()
        app.models.users.settings.questionsPerSession = 3
        app.models.syncing.choose(folder.path)
        app.startPractice()
        let laptop = try Laptop(folder: folder, home: app.folder.appendingPathComponent("laptop"))
        try laptop.answer("ごめんなさい")
        app.models.syncing.merge()
        #expect(app.models.syncing.lastResult?.contains(": 0 new reviews from 0 other devices") == true, "not during the session")
        while app.widget("play-again") == nil { try app.answer(correct: true) }
        pump(until: { app.models.syncing.lastResult?.contains("1 new review from 1 other device") == true },
             "merged once the session is over")
    }

    @Test("a long merge is read off the window's thread and merged in steps, which Settings → Sync says; a session started mid-merge sees no step until it ends")
    func longMergeWaitsForASessionStartedMidway() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pump(until: { app.isPainted }, "the window is up")
        MainLoop.drain()
        app.models.users.settings.questionsPerSession = 3
        // The laptop answered 300 words of a deck of its own, one card a step here.
        let laptop = try Laptop(folder: folder, home: app.folder.appendingPathComponent("laptop"))
        let scheduler = FSRSScheduler(desiredRetention: 0.9, fuzz: false)
        let now = Date()
        for index in 0..<300 {
            try laptop.store.record(Review(
                card: CardID(deck: "laptop-words", question: "語\(index)"), rating: .good, time: now, answerTime: .seconds(2),
                after: scheduler.review(FSRSCard(due: now), rating: .good, at: now)))
        }
        _ = try laptop.sync.send(scheduler: scheduler)
        app.models.syncing.longMergeBytes = 1
        app.models.syncing.eventsPerStep = 1
        app.models.syncing.choose(folder.path)
        #expect(app.models.syncing.progress != nil, "the folder is being read")
        // The session starts while the folder is read: its steps come after the read.
        app.startPractice()
        try app.answer(correct: true)
        pump(until: { app.models.syncing.longMerge != nil }, "the folder read")
        #expect(app.models.syncing.progress == "Merging 300 events from 1 device…", "\(app.models.syncing.progress ?? "")")
        MainLoop.drain()
        #expect(!allLabels(app).contains("Merging 300 events from 1 device…"), "no toast over the session's questions")
        app.models.state.homePage = .settings
        pump(until: { allLabels(app).contains("Merging 300 events from 1 device…") }, "Settings → Sync says so")
        app.models.state.homePage = .challenge
        while app.widget("play-again") == nil {
            #expect(app.models.syncing.longMerge?.cardsDone == 0, "no step during the session")
            #expect(app.models.syncing.lastResult == nil, "not merged during the session")
            try app.answer(correct: true)
        }
        pump(until: { app.models.syncing.lastResult?.contains("300 new reviews from 1 other device") == true },
             timeout: .seconds(30), "the merge made once the session is over")
        #expect(app.models.syncing.progress == nil && app.models.syncing.longMerge == nil)
    }

    @Test("a folder that cannot be used is refused in words, and sync stays off")
    func refusesAMissingFolder() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.syncing.choose("/nonexistent/Sync")
        #expect(app.models.users.settings.syncFolder == nil)
        #expect(app.models.state.importFailure?.message.contains("/nonexistent/Sync") == true,
                "\(app.models.state.importFailure?.message ?? "")")
    }
}
