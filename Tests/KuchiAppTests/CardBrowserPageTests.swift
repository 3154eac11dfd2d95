import CGtk
import CGtkShim
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// The card browser through its real widgets, and its changes across a relaunch.
@Suite("Card browser page", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct CardBrowserPageTests {
    @Test("the deck's cards appear as rows, a search narrows them as it is typed, and a suspended row says so")
    func rowsSearchAndSuspend() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.cards.open()
        pump(until: { app.isShown("card-list") }, "the browser shows")
        pump(until: { app.windowTexts().contains("thank you") && app.windowTexts().contains("yes") }, "every row shows")
        #expect(app.text("card-count") == "9 cards")

        let search = try #require(app.widget("card-search"))
        gtk_editable_set_text(typed(search), "arigatou")
        pump(until: { app.text("card-count") == "1 of 9 cards" }, "the search narrows the list")
        pump(until: { !app.windowTexts().contains("yes") }, "other rows go")
        #expect(app.windowTexts().contains("thank you"))
        #expect(app.windowTexts().contains("New"))

        app.models.cards.browser.selected = app.models.cards.browser.visible.first
        MainLoop.drain()
        app.click("card-suspend")
        pump(until: { app.windowTexts().contains("Suspended") }, "the row says it is suspended")
        let suspend = try #require(app.widget("card-suspend"))
        #expect(gtk_button_get_label(typed(suspend)).map { String(cString: $0) } == "Unsuspend")
        #expect(app.models.planner.schedule(deck: "kuchi-basics")?.suspended == ["ありがとう"])
        // Never planned: a session of the whole deck leaves it out.
        let questions = Deck.kuchiBasics.cards.map(\.question)
        #expect(!app.models.planner.sessionQuestions(deck: "kuchi-basics", questions: questions, limit: 20)
            .contains("ありがとう"))

        gtk_editable_set_text(typed(search), "")
        pump(until: { app.text("card-count") == "9 cards" }, "an empty search shows every card again")
    }

    @Test("the window builds the browser ahead a little after its first frame, and the first opening builds no row")
    func builtAhead() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        let built = Diagnostics.pagesBuiltAhead
        pump(until: { Diagnostics.pagesBuiltAhead > built }, timeout: .seconds(10), "the window builds the browser on its own")
        // Built, measured and hidden: not on screen, and Home still shows.
        let list = try #require(app.widget("card-list"))
        #expect(gtk_widget_get_mapped(list) == 0)
        #expect(app.models.state.screen == .home)
        #expect(app.models.cards.browser.cards.count == Deck.kuchiBasics.cards.count)

        let rows = Diagnostics.listRowsBuilt
        app.models.cards.open()
        pump(until: { app.isShown("card-list") }, "the browser shows")
        pump(until: { app.windowTexts().contains("thank you") }, "the rows show")
        #expect(Diagnostics.listRowsBuilt == rows, "the rows built ahead are the ones shown")
        #expect(app.text("card-count") == "9 cards")
    }

    @Test("in a wide window the cards are a table: five column headers a screen reader knows as such, every row's cells lined up under them")
    func columnsLineUp() throws {
        let app = try AppHarness(registered: true, width: 1000, height: 700)
        defer { app.close() }
        app.models.cards.open()
        pump(until: { app.isShown("card-list") && app.windowTexts().contains("thank you") }, "the rows show")
        pump(until: { app.isPainted }, "the window is painted")
        let headers = try #require(app.widget("card-columns"))
        // The Deck column is there only while every deck is shown.
        let titles = children(of: headers).filter { gtk_widget_get_visible($0) != 0 }.compactMap { descendantLabels($0).first }
        #expect(titles.map(labelText) == ["Word", "Reading", "Meaning", "State", "Due"])
        #expect(titles.allSatisfy { gtk_accessible_get_accessible_role(OpaquePointer($0)) == GTK_ACCESSIBLE_ROLE_COLUMN_HEADER })
        let window = UnsafeMutableRawPointer(app.window.gtkWindow).assumingMemoryBound(to: GtkWidget.self)
        let starts = titles.map { left(of: $0, in: window) }
        let list = try #require(app.widget("card-list"))
        var rows = 0
        for label in descendantLabels(list) where labelText(label) == "thank you" {
            // The meaning's label: its row's five cells, in order.
            var row = label
            while let parent = gtk_widget_get_parent(row), children(of: parent).count < 5 { row = parent }
            guard let cells = gtk_widget_get_parent(row) else { continue }
            #expect(children(of: cells).filter { gtk_widget_get_visible($0) != 0 }.map { left(of: $0, in: window) } == starts,
                    "the row's cells start under the titles")
            rows += 1
        }
        #expect(rows == 1)
        for question in ["はい", "ありがとう"] {
            let word = try #require(descendantLabels(list).first { labelText($0) == question })
            #expect(abs(left(of: word, in: window) - starts[0]) < 1, "\(question) under Word")
        }
    }

    @Test("the Sort by drop-down offers the browser's orders in turn and writes the one chosen")
    func sortOrder() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.cards.open()
        pump(until: { app.isShown("card-list") }, "the browser shows")
        let picker: OpaquePointer = typed(try #require(app.widget("card-order")))
        let browser = app.models.cards.browser
        #expect(gtk_drop_down_get_selected(picker) == 0, "deck order first")
        for order in [CardBrowser.Order.word, .state, .due, .deck] {
            gtk_drop_down_set_selected(picker, guint(order.rawValue))
            #expect(browser.order == order)
        }
        browser.order = .state
        MainLoop.drain()
        #expect(gtk_drop_down_get_selected(picker) == 2, "the drop-down follows the browser")
    }

    @Test("Show Every Deck lists every deck's cards with their deck's name; a card of another deck is suspended in that deck")
    func everyDeck() throws {
        let app = try AppHarness(registered: true, width: 1000, height: 700)
        defer { app.close() }
        app.models.cards.open()
        pump(until: { app.isShown("card-list") && app.text("card-count") == "9 cards" }, "the deck in use's cards")
        let toggle = try #require(app.widget("card-every-deck"))
        #expect(gtk_widget_get_tooltip_text(toggle).map { String(cString: $0) } == "Show Every Deck")
        gtk_toggle_button_set_active(typed(toggle), 1)
        let browser = app.models.cards.browser
        let total = app.models.decks.catalog.entries().map { entry in
            entry.id == "kuchi-basics" ? 9 : (try? app.models.decks.catalog.load(id: entry.id).cards.count) ?? 0
        }.reduce(0, +)
        pump(until: { browser.cards.count == total }, "every deck's cards")
        #expect(total > 9 + 600, "the bundled JLPT decks are there (N5 alone has 661 words)")
        pump(until: { app.text("card-count") == "\(total.grouped) cards" }, "the count says so")
        pump(until: { app.windowTexts().contains("Deck") && app.windowTexts().contains("Kuchi Basics") }, "a Deck column")

        let toDo = try #require(browser.position(of: "する", deck: "jlpt-n5"))
        browser.selected = toDo
        MainLoop.drain()
        app.click("card-suspend")
        pump(until: { browser.cards[toDo].status == .suspended }, "the row says it is suspended")
        #expect(app.models.planner.schedule(deck: "jlpt-n5")?.suspended == ["する"])
        #expect(app.models.planner.schedule(deck: "kuchi-basics")?.suspended.isEmpty == true, "the deck in use is untouched")

        gtk_toggle_button_set_active(typed(toggle), 0)
        pump(until: { app.text("card-count") == "9 cards" && browser.cards.count == 9 }, "the deck in use alone again")
    }

    @Test("the arrow keys select a card, so its actions work from the keyboard alone",
          .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    func arrowKeysSelect() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.cards.open()
        pump(until: { app.isShown("card-list") }, "the browser shows")
        pump(until: { app.windowTexts().contains("thank you") }, "the rows show")
        let list = try #require(app.widget("card-list"))
        let listView = try #require(children(of: list).first { gtkkit_is_a($0, gtk_list_view_get_type()) != 0 })
        let browser = app.models.cards.browser
        try activate(typed(app.window.gtkWindow))
        gtk_widget_grab_focus(children(of: listView)[0])
        // Nothing is selected yet: GTK 4.8's first Down selects the card after the
        // focused one, GTK 4.18's the focused card itself (ListTests.keyboardSelects).
        try app.pressKey("Down")
        pump(until: { browser.selected == browser.visible[0] || browser.selected == browser.visible[1] },
             "Down selects the focused card or the next")
        let first = try #require(browser.visible.firstIndex { $0 == browser.selected })
        let suspend = try #require(app.widget("card-suspend"))
        pump(until: { gtk_widget_get_sensitive(suspend) != 0 }, "its actions are there")
        try app.pressKey("Down")
        pump(until: { browser.selected == browser.visible[first + 1] }, "Down again selects the next card")
    }

    @Test("a right-click on a row not selected selects it and opens the card actions; Suspend suspends that card",
          .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    func rowMenu() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.cards.open()
        pump(until: { app.isShown("card-list") }, "the browser shows")
        pump(until: { app.windowTexts().contains("thank you") }, "the rows show")
        let browser = app.models.cards.browser
        let root: UnsafeMutablePointer<GtkWidget> = typed(app.window.gtkWindow)
        try activate(root)
        let probe = InputProbe(on: root)
        defer { probe.detach() }
        // The control: where there is no menu (the count), a right-click opens none.
        // (A menu takes the pointer as it opens, so the window has the release only without one.)
        try click(button: 3, on: try #require(app.widget("card-count")))
        pump(until: { probe.buttonReleases == 1 }, "the window had the right-click")
        #expect(!app.isShown("card-menu-suspend"))

        let target = try #require(browser.position(of: "ありがとう", deck: "kuchi-basics"))
        #expect(browser.selected != target, "the row is not selected yet")
        let list = try #require(app.widget("card-list"))
        let row = try #require(descendantLabels(list).first { labelText($0) == "thank you" })
        try click(button: 3, on: row)
        pump(until: { browser.selected == target }, "the right-click selected the row")
        pump(until: { app.isShown("card-menu-suspend") }, "and opened the card actions")
        #expect(app.isShown("card-menu-edit"))
        app.click("card-menu-suspend")
        pump(until: { browser.cards[target].status == .suspended }, "Suspend suspended that card")
        pump(until: { !app.isShown("card-menu-suspend") }, "and the menu closed")
    }

    @Test("an edit, a suspension and a reset are still there after a relaunch")
    func changesSurviveRelaunch() throws {
        let app = try AppHarness(registered: true)
        app.models.planner.review("はい", deck: "kuchi-basics", rating: .good, answerTime: .seconds(1))
        app.models.planner.review("いいえ", deck: "kuchi-basics", rating: .good, answerTime: .seconds(1))
        app.models.cards.open()
        pump(until: { app.isShown("card-list") }, "the browser shows")
        let browser = app.models.cards.browser
        pump(until: { browser.cards.first?.state == .learning }, "a reviewed card is learning")

        browser.selected = browser.position(of: "こんにちは", deck: "kuchi-basics")
        MainLoop.drain()
        app.click("card-edit")
        pump(until: { app.isShown("card-edit-meaning") }, "the edit page shows")
        gtk_editable_set_text(typed(try #require(app.widget("card-edit-meaning"))), "good afternoon")
        MainLoop.drain()
        app.click("card-edit-save")
        pump(until: { app.isShown("card-list") && app.windowTexts().contains("good afternoon") }, "the edited row")

        browser.selected = browser.position(of: "はい", deck: "kuchi-basics")
        MainLoop.drain()
        app.click("card-reset")
        pump(until: { app.dialog != nil }, "reset asks first")
        app.models.cards.resetSelected()
        browser.selected = browser.position(of: "すみません", deck: "kuchi-basics")
        MainLoop.drain()
        app.click("card-suspend")
        app.close(keepingFiles: true)

        let again = try AppHarness(registered: true, folder: app.folder)
        defer { again.close() }
        #expect(again.models.deckInUse.deck.cards.first { $0.question == "こんにちは" }?.answer == "good afternoon")
        again.models.cards.open()
        let reopened = again.models.cards.browser
        let cards = Dictionary(uniqueKeysWithValues: reopened.cards.map { ($0.card.question, $0) })
        #expect(cards["はい"]?.status == .new)
        #expect(cards["いいえ"]?.status == .learning)
        #expect(cards["すみません"]?.status == .suspended)
        #expect(try ReviewStore(path: again.folder.appendingPathComponent("data/kuchi.sqlite3").path)
            .reviews(of: CardID(deck: "kuchi-basics", question: "はい")).isEmpty)
    }
}

/// Every label under `widget`, depth first.
@MainActor
private func descendantLabels(_ widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    if gtkkit_is_a(widget, gtk_label_get_type()) != 0 { return [widget] }
    return children(of: widget).flatMap(descendantLabels)
}

/// Where `widget`'s left edge is in `window`.
@MainActor
private func left(of widget: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>) -> Float {
    var bounds = graphene_rect_t()
    _ = gtk_widget_compute_bounds(widget, window, &bounds)
    return bounds.origin.x
}
