import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// Large decks load on a thread of their own: the window shows, and stays usable,
/// while they do. Each test holds the load with a gate until it has looked.
@Suite("Large decks", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct DeckLoadingTests {
    @Test("the first frame does not wait for a large deck chosen earlier; it says the deck is loading, then the deck is in use")
    func firstFrameDoesNotWait() throws {
        let folder = try largeDeckFolder()
        try writeSettings(#"{"deck": "big"}"#, in: folder)
        let gate = Gate()
        let app = try AppHarness(registered: true, folder: folder, deckLoadGate: { gate.wait() })
        defer {
            gate.open()
            app.close()
        }
        pump(until: { app.isPainted }, "the window is painted")
        // The deck is held on its thread: what was painted was painted without it.
        #expect(app.models.deckInUse.isLoading)
        #expect(app.models.deckInUse.name == "Big Deck", "the subtitle names the deck at once")
        pump(until: { isShown("deck-loading", in: app) }, "the Challenge page says the deck is loading")
        #expect(texts(ofShown: "deck-loading", in: app).contains("Loading Big Deck…"))
        #expect(app.widget("start") == nil, "no Start against a deck not there")
        // Nothing to answer, learn or plan meanwhile, and nothing of another deck.
        #expect(app.models.challenges.currentChallenge == nil)
        #expect(app.models.challenges.answer(0) == nil)
        #expect(app.models.deckInUse.key == "big")
        #expect(app.models.learn.current == nil)

        gate.open()
        pump(until: { !app.models.deckInUse.isLoading }, timeout: .seconds(60), "the deck arrives")
        #expect(app.models.deckInUse.deck.name == "Big Deck")
        #expect(app.models.deckInUse.deck.cards.count == largeDeckCards)
        #expect(app.models.challenges.currentChallenge != nil)
        #expect(app.models.learn.current != nil)
        pump(until: { app.isShown("start") }, "the Challenge page's welcome shows")
        #expect(!isShown("deck-loading", in: app))
        #expect(app.models.deckInUse.catalogID == "big")
    }

    @Test("a large deck chosen in Settings loads in the background, is then in use and remembered")
    func chosenInSettings() throws {
        let folder = try largeDeckFolder()
        let gate = Gate()
        let app = try AppHarness(registered: true, folder: folder, deckLoadGate: { gate.wait() })
        defer {
            gate.open()
            app.close()
        }
        #expect(app.models.decks.entries.map(\.name).contains("Big Deck"))
        app.models.state.homePage = .settings
        MainLoop.drain()  // a page is built when first shown
        let combo = try #require(app.widget("deck"))
        let index = try #require(app.models.decks.entries.firstIndex { $0.id == "big" })
        adw_combo_row_set_selected(typed(combo), guint(index))
        #expect(app.models.deckInUse.isLoading)
        #expect(app.models.deckInUse.catalogID == "big")
        #expect(app.models.users.settings.deck == "kuchi-basics", "remembered once it has loaded")
        #expect(app.models.challenges.currentChallenge == nil)
        #expect(app.models.challenges.answer(0) == nil)
        app.models.state.homePage = .learn
        pump(until: { isShown("deck-loading", in: app) }, "the Learn page says the deck is loading")
        #expect(app.widget("flash-card").map { gtk_widget_get_mapped($0) == 0 } ?? true)
        // A load that goes on past a second gets a spinner.
        pump(until: { app.models.deckInUse.isLoadingSlowly }, timeout: .seconds(10), "the load is slow")
        pump(until: { spinnerShown(in: app) }, "a spinner shows")

        gate.open()
        pump(until: { !app.models.deckInUse.isLoading }, timeout: .seconds(60), "the deck arrives")
        #expect(app.models.users.settings.deck == "big")
        #expect(app.models.learn.current != nil)
        #expect(app.models.deckInUse.deck.cards.count == largeDeckCards)
        pump(until: { app.isShown("flash-card") }, "the flash cards show")
        #expect(!app.models.deckInUse.isLoadingSlowly)
        #expect(!spinnerShown(in: app))
    }

    @Test("a large deck that fails to load falls back to Kuchi Basics with its problem shown")
    func failedLoadFallsBack() throws {
        let folder = try largeDeckFolder(brokenLastCard: true)
        let app = try AppHarness(registered: true, folder: folder)
        defer { app.close() }
        app.models.decks.select("big")
        #expect(app.models.deckInUse.isLoading)
        pump(until: { !app.models.deckInUse.isLoading }, timeout: .seconds(60), "the load ends")
        #expect(app.models.deckInUse.deck == Deck.kuchiBasics)
        #expect(app.models.deckInUse.catalogID == "kuchi-basics")
        #expect(app.models.users.settings.deck == "kuchi-basics")
        pump(until: { app.isShown("problem-banner") }, "the problem is shown")
        let problem = try #require(app.text("problem-text"))
        #expect(problem.contains("big.json: card \(largeDeckCards): missing 'answer'"), "\(problem)")
    }

    @Test("a deck chosen while a large one loads wins; the large one's result is dropped")
    func laterChoiceWins() throws {
        let folder = try largeDeckFolder()
        let gate = Gate()
        let app = try AppHarness(registered: true, folder: folder, deckLoadGate: { gate.wait() })
        defer {
            gate.open()
            app.close()
        }
        app.models.decks.select("big")
        #expect(app.models.deckInUse.isLoading)
        app.models.decks.select("jlpt-n5")
        #expect(!app.models.deckInUse.isLoading)
        #expect(app.models.deckInUse.deck.name == "JLPT N5")
        gate.open()
        // Waits for the dropped load to run to its end and come back to the main loop.
        pump(until: { app.models.decks.finishedLoads == 1 }, timeout: .seconds(60), "the dropped load comes back")
        #expect(app.models.deckInUse.deck.name == "JLPT N5")
        #expect(app.models.deckInUse.catalogID == "jlpt-n5")
        #expect(app.models.users.settings.deck == "jlpt-n5")
        // Positive control: the same load, not overtaken, is used when it comes back.
        app.models.decks.select("big")
        pump(until: { app.models.decks.finishedLoads == 2 }, timeout: .seconds(60), "the load comes back")
        #expect(app.models.deckInUse.deck.name == "Big Deck")
        #expect(app.models.deckInUse.catalogID == "big")
        #expect(app.models.users.settings.deck == "big")
    }
}

/// Cards in the large deck: about 690 KB, past ``DeckChooser/backgroundLoadSize``.
private let largeDeckCards = 3_000

/// A user folder (for ``AppHarness``) whose imported decks hold "big.json", a
/// 3,000-card deck with example sentences, named "Big Deck".
private func largeDeckFolder(brokenLastCard: Bool = false) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-app-tests-\(UUID().uuidString)")
    let decks = folder.appendingPathComponent("data/decks")
    try FileManager.default.createDirectory(at: decks, withIntermediateDirectories: true)
    var json = #"{"format": 1, "name": "Big Deck", "language": "ja", "license": "CC0", "attribution": "tests", "cards": ["#
    for index in 1...largeDeckCards {
        let answer = brokenLastCard && index == largeDeckCards ? "" : #""answer": "word \#(index)", "#
        json += #"{"question": "言葉\#(index)", "pronunciation": "kotoba", \#(answer)"level": "N1", "#
            + #""example": "毎日言葉\#(index)について先生と話しました。 — I talked about word \#(index) with the teacher every day."}"#
        json += index == largeDeckCards ? "]}" : ",\n"
    }
    let data = Data(json.utf8)
    #expect(data.count > DeckChooser.backgroundLoadSize)
    try data.write(to: decks.appendingPathComponent("big.json"))
    return folder
}

private func writeSettings(_ json: String, in folder: URL) throws {
    let config = folder.appendingPathComponent("config")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data(json.utf8).write(to: config.appendingPathComponent("settings.json"))
}

/// Whether a widget called `name` is on screen (one of the pages' may be).
@MainActor
private func isShown(_ name: String, in app: AppHarness) -> Bool {
    MainLoop.drain()
    return named(name, in: app).contains { gtk_widget_get_mapped($0) != 0 }
}

/// Whether a spinner is on screen.
@MainActor
private func spinnerShown(in app: AppHarness) -> Bool {
    MainLoop.drain()
    return descendant(of: typed(app.window.gtkWindow), type: gtk_spinner_get_type()) { gtk_widget_get_mapped($0) != 0 } != nil
}

/// The labels' texts inside the widget called `name` that is on screen.
@MainActor
private func texts(ofShown name: String, in app: AppHarness) -> [String] {
    guard let shown = named(name, in: app).first(where: { gtk_widget_get_mapped($0) != 0 }) else { return [] }
    var texts: [String] = []
    func collect(_ widget: UnsafeMutablePointer<GtkWidget>) {
        if gtkkit_is_a(widget, gtk_label_get_type()) != 0 { texts.append(labelText(widget)) }
        children(of: widget).forEach(collect)
    }
    collect(shown)
    return texts
}

@MainActor
private func named(_ name: String, in app: AppHarness) -> [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    func walk(_ widget: UnsafeMutablePointer<GtkWidget>) {
        if let widgetName = gtk_widget_get_name(widget), String(cString: widgetName) == name { found.append(widget) }
        children(of: widget).forEach(walk)
    }
    walk(typed(app.window.gtkWindow))
    return found
}
