import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// CalendarHeatMap: days drawn as squares bound to state, coloured by their share
    /// of the most, named by the summary, and by the focused day while the arrow keys
    /// move through them.
    @Suite("Calendar heat map") @MainActor
    struct CalendarHeatMapTests {
        @Observable @MainActor
        final class Activity {
            /// Ten days from a Saturday (weekday 5): two columns' worth and a third.
            var counts = [0, 2, 8, 1, 0, 4, 0, 0, 3, 8]
        }

        struct Map: View {
            let activity: Activity

            var body: some View {
                CalendarHeatMap(
                    days: {
                        activity.counts.enumerated().map { index, count in
                            CalendarHeatMap.Day(
                                count: count, weekday: (5 + index) % 7, description: "day \(index): \(count)",
                                columnLabel: index == 2 ? "Mar" : nil)
                        }
                    },
                    summary: { "\(activity.counts.reduce(0, +)) in all" }
                )
                .widgetName("map")
            }
        }

        @Test("a day's colour is its share of the busiest day's, in four steps; none is the faintest")
        func levels() {
            #expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map { CalendarHeatMap.level(of: $0, most: 8) } == [0, 1, 1, 2, 2, 3, 3, 4, 4])
            #expect(CalendarHeatMap.level(of: 0, most: 0) == 0)
            #expect(CalendarHeatMap.level(of: 100, most: 8) == 4, "never past the strongest")
        }

        @Test("one image named by the summary, a column a week wide, drawn again when the days change; focused, it is named by the focused day")
        func drawnAndNamed() throws {
            let activity = Activity()
            let window = showWindow { Map(activity: activity) }
            defer { window.close() }
            let map = try #require(widgetNamed("map", in: window))
            #expect(gtk_test_accessible_has_role(OpaquePointer(map), GTK_ACCESSIBLE_ROLE_IMG) != 0)
            // The window focuses its one focusable widget; unfocused, the map is its summary.
            gtk_root_set_focus(OpaquePointer(window.gtkWindow), nil)
            pump(until: { gtkkit_accessible_label_is(map, "26 in all") != 0 }, "named by the summary")
            pump(until: { gtk_widget_get_width(map) > 0 }, "the map laid out")
            // Saturday and Sunday, a week, then Monday: three columns of 14 px.
            #expect(gtk_widget_get_width(map) == 3 * 14)
            let draws = Diagnostics.chartDraws
            activity.counts[9] = 16
            nextTurn()
            pump(until: { Diagnostics.chartDraws > draws }, "drawn again")
            #expect(gtkkit_accessible_label_is(map, "34 in all") != 0)
            #expect(gtk_widget_grab_focus(map) != 0)
            pump(until: { gtkkit_accessible_label_is(map, "day 9: 16") != 0 }, "named by today, focused")
        }

        @Test("the arrow keys move from day to day: Up and Down a day, Left and Right a week, Home and End",
              .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
        func arrowKeys() throws {
            let activity = Activity()
            let window = showWindow { Map(activity: activity) }
            defer { window.close() }
            let map = try #require(widgetNamed("map", in: window))
            try activate(typed(window.gtkWindow))
            #expect(gtk_widget_grab_focus(map) != 0)
            pump(until: { gtkkit_accessible_label_is(map, "day 9: 8") != 0 }, "the last day focused first")
            for (key, day) in [("Up", "day 8: 3"), ("Left", "day 1: 2"), ("Right", "day 8: 3"), ("Home", "day 0: 0"), ("End", "day 9: 8")] {
                WindowManager.run("xdotool", ["key", "--clearmodifiers", key])
                pump(until: { gtkkit_accessible_label_is(map, day) != 0 }, "\(key) → \(day)")
            }
            // Positive control: a key that is no arrow leaves the focused day.
            WindowManager.run("xdotool", ["key", "--clearmodifiers", "a"])
            WindowManager.run("xdotool", ["key", "--clearmodifiers", "Up"])
            pump(until: { gtkkit_accessible_label_is(map, "day 8: 3") != 0 }, "a then Up: only Up moved")
        }
    }
}
