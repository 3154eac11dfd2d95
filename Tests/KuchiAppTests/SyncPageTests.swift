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

    @Test("a deck imported on the laptop arrives in the folder, is installed by the merge the folder's change starts, and is listed at once")
    func importedDeckArrivesAndIsListed() throws {
        let app = try AppHarness(registered: true, width: 720, height: 900)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pump(until: { app.isPainted }, "the window is up")
        MainLoop.drain()
        app.models.syncing.choose(folder.path)
        #expect(!app.models.decks.entries.contains { $0.id == "synced-animals" })

        let (_, _, sound) = try laptopImportsAnimals(app: app, folder: folder)

        // Nobody pressed Sync Now: the folder is watched, and the list follows the merge.
        pump(until: { app.models.decks.entries.contains { $0.id == "synced-animals" && $0.name == "Synced Animals" } },
             timeout: .seconds(15), "the laptop's deck listed")
        let installed = app.models.decks.catalog.mediaFolder(id: "synced-animals").appendingPathComponent("neko.mp3")
        #expect(try Data(contentsOf: installed) == sound)
    }

    /// The laptop imports "Synced Animals" (three words, one with a sound) and merges,
    /// which sends it through `folder`: its sync, its catalog, and the sound's bytes.
    private func laptopImportsAnimals(app: AppHarness, folder: URL) throws -> (Laptop, DeckCatalog, Data) {
        // The laptop's import, as it leaves the deck: its file and its sounds' folder.
        let home = app.folder.appendingPathComponent("laptop")
        let laptop = try Laptop(folder: folder, home: home)
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: home.appendingPathComponent("decks"))
        try FileManager.default.createDirectory(at: catalog.mediaFolder(id: "synced-animals"), withIntermediateDirectories: true)
        try Data(#"""
            {"format": 2, "name": "Synced Animals", "language": "ja", "cards": [
            {"question": "猫", "reading": "ねこ", "answer": "cat", "audio": "neko.mp3"}, {"question": "犬", "reading": "いぬ", "answer": "dog"},
            {"question": "鳥", "reading": "とり", "answer": "bird"}]}
            """#.utf8).write(to: catalog.importedFolder.appendingPathComponent("synced-animals.json"))
        let sound = Data([0x49, 0x44, 0x33] + [UInt8](repeating: 7, count: 64))
        try sound.write(to: catalog.mediaFolder(id: "synced-animals").appendingPathComponent("neko.mp3"))
        laptop.sync.catalog = catalog
        _ = try laptop.sync.merge(settings: Settings(), scheduler: FSRSScheduler(desiredRetention: 0.9, fuzz: false))
        return (laptop, catalog, sound)
    }

    @Test("a deck whose sound is not in the folder yet waits, and Settings → Sync's last result says how many files")
    func waitingFilesAreShown() throws {
        let app = try AppHarness(registered: true, width: 720, height: 900)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pump(until: { app.isPainted }, "the window is up")
        _ = try laptopImportsAnimals(app: app, folder: folder)
        // The synchronizer has brought the log and the deck file, not the sound yet.
        let media = folder.appendingPathComponent("media")
        for name in try FileManager.default.contentsOfDirectory(atPath: media.path) {
            try FileManager.default.removeItem(at: media.appendingPathComponent(name))
        }
        app.models.syncing.choose(folder.path)
        pump(until: { app.models.syncing.lastResult?.contains("Waiting for 1 file of a deck still being copied") == true },
             timeout: .seconds(15), "the page says a file is awaited")
        #expect(app.models.syncing.lastResult?.hasPrefix("Synced at ") == true, "the first line stays")
        #expect(!app.models.decks.entries.contains { $0.id == "synced-animals" })
        app.models.state.homePage = .settings
        pump(until: { app.isShown("sync-last") }, "the last result shown")
        #expect(app.windowTexts().contains { $0.contains("Waiting for 1 file of a deck still being copied") })
    }

    @Test("a different deck the laptop imported under the id of one imported here: both are kept, this one moved, in use still, and the page says so")
    func differentDeckOfOneIdIsTold() throws {
        let app = try AppHarness(registered: true, width: 720, height: 900)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pump(until: { app.isPainted }, "the window is up")
        // Imported here before sync was on: another "Synced Animals" under the same id.
        let catalog = app.models.decks.catalog
        try FileManager.default.createDirectory(at: catalog.importedFolder, withIntermediateDirectories: true)
        try Data(#"""
            {"format": 2, "name": "Synced Animals", "language": "ja", "cards": [
            {"question": "猫", "reading": "ねこ", "answer": "cat"}, {"question": "魚", "reading": "さかな", "answer": "fish"},
            {"question": "馬", "reading": "うま", "answer": "horse"}]}
            """#.utf8).write(to: catalog.importedFolder.appendingPathComponent("synced-animals.json"))
        app.models.decks.useImported("synced-animals")
        #expect(app.models.deckInUse.catalogID == "synced-animals")
        _ = try laptopImportsAnimals(app: app, folder: folder)
        app.models.syncing.choose(folder.path)
        let told = "Two different decks named “Synced Animals” were imported on laptop and here: both are kept, this computer’s as “Synced Animals (2)”"
        pump(until: { app.models.syncing.lastResult?.contains(told) == true }, timeout: .seconds(15), "the page says so")
        let moved = try #require(app.models.decks.entries.first { $0.name == "Synced Animals (2)" })
        #expect(moved.id.hasPrefix("synced-animals-"))
        #expect(app.models.decks.entries.contains { $0.id == "synced-animals" && $0.name == "Synced Animals" }, "the laptop's, under the id")
        #expect(app.models.deckInUse.catalogID == moved.id, "the deck in use is still this computer's")
        pump(until: { allLabels(app).contains { $0.hasPrefix("Two different decks named") } }, "a toast")
    }

    @Test("an imported deck removed here is removed on the laptop at its next merge")
    func removalReachesTheLaptop() throws {
        let app = try AppHarness(registered: true, width: 720, height: 900)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pump(until: { app.isPainted }, "the window is up")
        MainLoop.drain()
        app.models.syncing.choose(folder.path)
        let (laptop, catalog, _) = try laptopImportsAnimals(app: app, folder: folder)
        pump(until: { app.models.decks.entries.contains { $0.id == "synced-animals" } }, timeout: .seconds(15), "the laptop's deck listed")
        app.models.decks.select("synced-animals")
        #expect(app.models.deckInUse.catalogID == "synced-animals")

        app.models.decks.askToRemove()
        #expect(app.models.decks.removal?.id == "synced-animals")
        app.models.decks.confirmRemoval()
        #expect(!app.models.decks.entries.contains { $0.id == "synced-animals" })
        #expect(app.models.deckInUse.catalogID == "kuchi-basics")
        let report = try laptop.sync.merge(settings: Settings(), scheduler: FSRSScheduler(desiredRetention: 0.9, fuzz: false))
        #expect(report.removedDecks == ["synced-animals"])
        #expect(!FileManager.default.fileExists(atPath: catalog.importedFolder.appendingPathComponent("synced-animals.json").path))
        #expect(!FileManager.default.fileExists(atPath: catalog.mediaFolder(id: "synced-animals").path))
    }

    @Test("a deck the laptop removes goes from this window by itself, at the merge the folder's change starts; the deck in use falls back to Kuchi Basics")
    func laptopsRemovalShowsAtOnce() throws {
        let app = try AppHarness(registered: true, width: 720, height: 900)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pump(until: { app.isPainted }, "the window is up")
        MainLoop.drain()
        app.models.syncing.choose(folder.path)
        let (laptop, catalog, _) = try laptopImportsAnimals(app: app, folder: folder)
        pump(until: { app.models.decks.entries.contains { $0.id == "synced-animals" } }, timeout: .seconds(15), "the laptop's deck listed")
        app.models.decks.select("synced-animals")
        #expect(app.models.deckInUse.catalogID == "synced-animals")

        try laptop.sync.noteDeckRemoved(id: "synced-animals", name: "Synced Animals")
        catalog.remove(id: "synced-animals")
        pump(until: { !app.models.decks.entries.contains { $0.id == "synced-animals" } }, timeout: .seconds(15), "the removal merged")
        #expect(app.models.deckInUse.catalogID == "kuchi-basics", "the deck in use falls back")
        #expect(!FileManager.default.fileExists(atPath: app.models.decks.catalog.importedFolder.appendingPathComponent("synced-animals.json").path))
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

    @Test("a word the laptop adds reaches this window by itself: the deck list, the deck in use and the card browser show it; a word added here is sent")
    func ownWordsLive() throws {
        let app = try AppHarness(registered: true, width: 720, height: 900)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pump(until: { app.isPainted }, "the window is up")
        MainLoop.drain()
        app.models.syncing.choose(folder.path)
        let home = app.folder.appendingPathComponent("laptop")
        let laptop = try Laptop(folder: folder, home: home)
        let laptopDecks = DeckCatalog(bundledFolder: nil, importedFolder: home.appendingPathComponent("decks"))
        func laptopAdds(_ word: String, _ reading: String, _ meaning: String) throws {
            try laptopDecks.add(Challenge(question: word, reading: reading, answer: meaning)) { changes throws(DeckError) in
                do { try laptop.sync.record(changes) } catch { throw DeckError(problems: [DeckProblem(file: "sync", message: "\(error)")]) }
            }
            _ = try laptop.sync.send(scheduler: FSRSScheduler(desiredRetention: 0.9, fuzz: false))
        }
        let decks = app.models.decks
        #expect(!decks.entries.contains { $0.id == DeckCatalog.ownWordsID })
        try laptopAdds("猫", "ねこ", "cat")
        // Nobody pressed Sync Now: the folder is watched, and My Words is made here.
        pump(until: { decks.entries.contains { $0.id == DeckCatalog.ownWordsID } }, timeout: .seconds(15), "My Words listed")
        decks.select(DeckCatalog.ownWordsID)
        pump(until: { decks.inUse.deck.cards.map(\.question) == ["猫"] }, "My Words in use")
        app.models.cards.open()
        pump(until: { app.models.cards.browser.cards.map(\.card.question) == ["猫"] }, "the browser shows it")
        try laptopAdds("犬", "いぬ", "dog")
        pump(until: { decks.inUse.deck.cards.map(\.question) == ["猫", "犬"] }, timeout: .seconds(15), "the deck in use has the new word")
        pump(until: { app.models.cards.browser.cards.map(\.card.question) == ["猫", "犬"] }, "the browser shows the new word")
        // A word added here, and a meaning edited in the browser, go to this computer's log.
        try decks.add(Challenge(question: "鳥", reading: "とり", answer: "bird"), to: DeckCatalog.ownWordsID)
        let log = folder.appendingPathComponent("devices/\(try #require(app.models.syncing.device))/log")
        pump(until: { logText(log).contains(#""kind":"word","deck":"my-words","word":"鳥""#) }, "our word sent to our log")
        let shelf = app.models.cards
        shelf.browser.selected = shelf.browser.cards.firstIndex { $0.card.question == "猫" }
        shelf.beginEdit()
        shelf.draftMeaning = "kitty"
        shelf.saveEdit()
        #expect(decks.inUse.deck.cards.first { $0.question == "猫" }?.answer == "kitty")
        pump(until: { logText(log).contains(#""kind":"field","deck":"my-words","word":"猫","field":"meaning","value":"kitty""#) },
             "our edit sent to our log")
    }

    @Test("a word added while sync is off waits in the database, and is sent when a folder is chosen")
    func wordAddedWhileOffIsSentLater() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        pump(until: { app.isPainted }, "the window is up")
        MainLoop.drain()
        try app.models.decks.add(Challenge(question: "鳥", reading: "とり", answer: "bird"), to: DeckCatalog.ownWordsID)
        let folder = app.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        app.models.syncing.choose(folder.path)
        let log = folder.appendingPathComponent("devices/\(try #require(app.models.syncing.device))/log")
        pump(until: { logText(log).contains(#""kind":"word","deck":"my-words","word":"鳥""#) }, "the word sent once sync is on")
        // The first merge applied the folder's words to My Words: the word is still there, as added.
        #expect(try app.models.decks.catalog.load(id: DeckCatalog.ownWordsID).cards.map(\.answer) == ["bird"])
    }

    /// Every line of the log files in `log`, together.
    private func logText(_ log: URL) -> String {
        ((try? FileManager.default.contentsOfDirectory(atPath: log.path)) ?? []).sorted()
            .compactMap { try? String(contentsOf: log.appendingPathComponent($0), encoding: .utf8) }.joined()
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
