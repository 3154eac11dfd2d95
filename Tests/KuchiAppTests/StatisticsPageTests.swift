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
    /// The heat map's day cells, in order.
    private func days(in map: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(map)
        while let widget = child {
            if gtk_widget_has_css_class(widget, "heat-map-day") != 0 { found.append(widget) }
            child = gtk_widget_get_next_sibling(widget)
        }
        return found
    }

    @Test("a year of days, today's coloured by its answers and named for a screen reader; the streak shows only once chosen")
    func heatMapAndStreak() throws {
        let app = try AppHarness(registered: true, width: 360, height: 640)
        defer { app.close() }
        for question in ["はい", "いいえ", "ありがとう"] {
            app.models.planner.review(question, deck: "kuchi-basics", rating: .good, answerTime: .seconds(2))
        }
        app.models.state.homePage = .statistics
        pump(until: { app.widget("heat-map").map { gtk_widget_get_mapped($0) != 0 } ?? false }, "the heat map shows")
        let map = try #require(app.widget("heat-map"))
        let cells = days(in: map)
        #expect(cells.count == 371, "a year and a week")
        let today = try #require(cells.last)
        #expect(gtk_widget_has_css_class(today, "level-4") != 0, "the most of any day")
        #expect(gtk_widget_has_css_class(cells[0], "level-0") != 0)
        let studyDay = app.models.planner.studyDay.start(of: Date())
        #expect(gtkkit_accessible_label_is(today, "3 answers on \(DueTime.dayAndMonth(studyDay))") != 0, "the study day, named by its start")
        #expect(app.windowTexts().contains { $0.hasPrefix("3 answers in the last year.") })

        // Narrow: the year scrolls sideways, today's end in view.
        let scroller = try #require(gtk_widget_get_ancestor(map, gtk_scrolled_window_get_type()))
        let adjustment = try #require(gtk_scrolled_window_get_hadjustment(OpaquePointer(scroller)))
        pump(until: { gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) }, "the year wider than the window")
        pump(until: {
            abs(gtk_adjustment_get_value(adjustment) - (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))) < 1
        }, "scrolled to today's end")
        // Where it is drawn, not only where the scroll bar says: today inside the view.
        pump(until: {
            var x = 0.0, y = 0.0
            gtk_widget_translate_coordinates(today, scroller, 0, 0, &x, &y)
            return x >= 0 && x + Double(gtk_widget_get_width(today)) <= Double(gtk_widget_get_width(scroller))
        }, "today's square in view")

        #expect(app.isShown("streak") == false, "hidden until chosen")
        app.models.users.settings.showsStreak = true
        pump(until: { app.isShown("streak") }, "the streak shows")
        #expect(app.text("streak") == "1 day in a row")
    }
}
