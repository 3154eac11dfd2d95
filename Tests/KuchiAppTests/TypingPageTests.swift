import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// The Type page and what it shares with Settings and Statistics, through the widgets.
@Suite("The Type page", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct TypingPageTests {
        @Test("the switch in Settings turns production on for the deck; its answers count on Statistics' production side")
        func productionSwitchAndStatistics() throws {
            let app = try AppHarness(registered: true)
            defer { app.close() }
            app.models.state.homePage = .settings
            MainLoop.drain()
            let row = try #require(app.widget("production"))
            let toggle = try #require(descendant(of: row, type: gtk_switch_get_type()))
            gtk_switch_set_active(OpaquePointer(toggle), 1)
            MainLoop.drain()
            #expect(app.models.users.settings.productionDecks == ["kuchi-basics"])
            let typing = app.models.typing
            typing.startAgain()
            var produced = 0, recognised = 0
            while let question = typing.current {
                typing.typed = question.direction == .production ? question.card.romaji : question.card.answer
                typing.submit()
                #expect(typing.result?.outcome == .right, "\(question)")
                if question.direction == .production { produced += 1 } else { recognised += 1 }
                typing.next()
            }
            #expect(produced > 0)
            app.models.state.homePage = .statistics
            MainLoop.drain()
            let direction = try #require(app.widget("statistics-direction"))
            adw_combo_row_set_selected(typed(direction), 1)
            let new = Deck.kuchiBasics.cards.count - produced
            let statistics = try #require(app.models.planner.statistics(deck: "kuchi-basics/production", deckSize: 9))
            #expect(statistics.cards.new == new)
            pump(until: { app.windowTexts().contains("\(new)") }, "\(new) production cards still new, on the page")
            #expect(app.models.planner.statistics(deck: "kuchi-basics", deckSize: 9)?.cards.new == 9 - recognised,
                    "the recognition cards are counted apart")
        }
}
