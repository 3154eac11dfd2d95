import CGtk
import CGtkShim
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// The Statistics page's study days through its real widgets: the year's heat map,
/// today's end in view first in a narrow window, and the streak, hidden until the
/// learner shows it.
@Suite("Statistics page", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct StatisticsPageTests {
    @Test("a year of days named by its totals, and by today once focused; today's end in view in a narrow window; the streak shows only once chosen")
    func heatMapAndStreak() throws {
        let app = try AppHarness(registered: true, width: 360, height: 640)
        defer { app.close() }
        for question in ["はい", "いいえ", "ありがとう"] {
            app.models.planner.review(question, deck: "kuchi-basics", rating: .good, answerTime: .seconds(2))
        }
        app.models.state.homePage = .statistics
        pump(until: { app.widget("heat-map").map { gtk_widget_get_mapped($0) != 0 } ?? false }, "the heat map shows")
        let map = try #require(app.widget("heat-map"))
        #expect(app.windowTexts().contains { $0.hasPrefix("3 answers in the last year.") })
        #expect(gtkkit_accessible_label_is(map, "3 answers in the last year. You studied on 1 day. At most 3 answers in a day.") != 0)
        // Focused, the map is named by today: the study day, named by its start.
        #expect(gtk_widget_grab_focus(map) != 0)
        let today = "3 answers on \(DueTime.dayAndMonth(app.models.planner.studyDay.start(of: Date())))"
        pump(until: { gtkkit_accessible_label_is(map, today) != 0 }, "named by today")

        // Narrow: the year scrolls sideways, today's end in view.
        let scroller = try #require(gtk_widget_get_ancestor(map, gtk_scrolled_window_get_type()))
        let adjustment = try #require(gtk_scrolled_window_get_hadjustment(OpaquePointer(scroller)))
        pump(until: { gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) }, "the year wider than the window")
        pump(until: {
            abs(gtk_adjustment_get_value(adjustment) - (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))) < 1
        }, "scrolled to today's end")
        // Where it is drawn, not only where the scroll bar says: today's end in view.
        pump(until: {
            var x = 0.0, y = 0.0
            gtk_widget_translate_coordinates(map, scroller, Double(gtk_widget_get_width(map)), 0, &x, &y)
            return x <= Double(gtk_widget_get_width(scroller)) + 0.5 && x >= Double(gtk_widget_get_width(scroller)) - 15
        }, "today's end in view")

        #expect(app.isShown("streak") == false, "hidden until chosen")
        app.models.users.settings.showsStreak = true
        pump(until: { app.isShown("streak") }, "the streak shows")
        #expect(app.text("streak") == "1 day in a row")
    }

    @Test("the direction chooser names every direction; the third counts the writing cards apart")
    func writingDirection() throws {
        let app = try AppHarness(registered: true, width: 360, height: 640)
        defer { app.close() }
        for question in ["はい", "いいえ"] {
            app.models.planner.review(question, deck: "kuchi-basics/writing", rating: .good, answerTime: .seconds(2))
        }
        app.models.state.homePage = .statistics
        MainLoop.drain()
        let direction = try #require(app.widget("statistics-direction"))
        let options = try #require(adw_combo_row_get_model(typed(direction)))
        #expect(g_list_model_get_n_items(options) == 3)
        let new = Deck.kuchiBasics.cards.count
        // Positive control: recognition's cards are all new.
        pump(until: { app.windowTexts().contains("\(new)") }, "\(new) recognition cards new")
        #expect(!app.windowTexts().contains("\(new - 2)"))
        adw_combo_row_set_selected(typed(direction), 2)
        pump(until: { app.windowTexts().contains("\(new - 2)") }, "\(new - 2) writing cards new, two answered")
        #expect(app.windowTexts().contains("Meaning → Written Kanji"))
    }
}
