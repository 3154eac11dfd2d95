import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// Leeches through the window: the card browser's Leeches filter, and what an answer
/// that makes a leech says and does.
@Suite("Leeches in the window", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct LeechPageTests {
    /// ありがとう learnt, then forgotten in review `lapses` times (each relearnt at once).
    static func lapses(_ lapses: Int, now: Date) -> [ImportedReview] {
        let start = now.addingTimeInterval(-100 * 86_400)
        func review(_ day: Double, _ rating: FSRSRating, _ kind: ImportedReview.Kind) -> ImportedReview {
            ImportedReview(question: "ありがとう", time: start.addingTimeInterval(day * 86_400), rating: rating,
                           duration: .seconds(3), kind: kind)
        }
        var reviews = [review(0, .good, .learning), review(1, .good, .learning)]
        for lapse in 1...lapses {
            reviews.append(review(Double(1 + 3 * lapse), .again, .review))
            reviews.append(review(Double(1 + 3 * lapse) + 0.01, .good, .relearning))
        }
        return reviews
    }

    @Test("the Leeches filter lists the cards of 8 lapses or more, and only them")
    func leechesFilter() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        _ = try app.models.planner.importHistory(Self.lapses(8, now: Date()), deck: "kuchi-basics")
        app.models.cards.open()
        pump(until: { app.isShown("card-list") }, "the browser shows")
        pump(until: { app.text("card-count") == "9 cards" }, "every card shows")
        let leeches = try #require(app.widget("card-leeches"))
        gtk_check_button_set_active(typed(leeches), 1)
        pump(until: { app.text("card-count") == "1 of 9 cards" }, "only the leech shows")
        #expect(app.models.cards.browser.visible.map { app.models.cards.browser.cards[$0].card.question } == ["ありがとう"])
        gtk_check_button_set_active(typed(leeches), 0)
        pump(until: { app.text("card-count") == "9 cards" }, "every card shows again")
    }

    @Test("seven lapses are no leech")
    func sevenLapses() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        _ = try app.models.planner.importHistory(Self.lapses(7, now: Date()), deck: "kuchi-basics")
        #expect(app.models.planner.schedule(deck: "kuchi-basics")?.leeches == [])
    }

    @Test("a leech is told in a toast; with Suspend It chosen in Settings it is suspended too")
    func toldAndSuspended() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        let card = CardID(deck: "kuchi-basics/production", question: "ありがとう")
        app.models.planner.onLeech(card, 8)
        let told = "ありがとう is a leech: you have forgotten it 8 times. Find it under Leeches in Cards to edit, suspend or reset it."
        pump(until: { allLabels(app).contains(told) }, "the toast")
        #expect(app.models.planner.schedule(deck: "kuchi-basics")?.suspended == [])

        app.models.state.homePage = .settings
        pump(until: { app.isShown("leech-action") }, "Settings shows")
        let row = try #require(app.widget("leech-action"))
        adw_combo_row_set_selected(typed(row), 1)
        MainLoop.drain()
        #expect(app.models.users.settings.leechAction == .suspend)
        app.models.planner.onLeech(card, 12)
        let suspended = "ありがとう is a leech: you have forgotten it 12 times, so Kuchi suspended it. Find it under Leeches in Cards."
        pump(until: { allLabels(app).contains(suspended) }, "the toast")
        // Both directions of the word, whichever was answered.
        #expect(app.models.planner.schedule(deck: "kuchi-basics")?.suspended == ["ありがとう"])
        #expect(app.models.planner.schedule(deck: "kuchi-basics/production")?.suspended == ["ありがとう"])
    }
}
