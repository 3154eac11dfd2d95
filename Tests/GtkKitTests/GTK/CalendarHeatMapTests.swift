import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// CalendarHeatMap: a grid of days bound to state, a cell a day, coloured by its
    /// share of the most, read and moved through as a grid.
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

        /// The day cells of the map, in order.
        private func cells(_ map: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
            var found: [UnsafeMutablePointer<GtkWidget>] = []
            var child = gtk_widget_get_first_child(map)
            while let widget = child {
                if gtk_widget_has_css_class(widget, "heat-map-day") != 0 { found.append(widget) }
                child = gtk_widget_get_next_sibling(widget)
            }
            return found
        }

        private func level(_ cell: UnsafeMutablePointer<GtkWidget>) -> Int? {
            (0...CalendarHeatMap.levels).first { gtk_widget_has_css_class(cell, "level-\($0)") != 0 }
        }

        @Test("a cell a day, in its weekday's row and its week's column, coloured by its share of the most, named by its description")
        func cellsAndLevels() throws {
            let activity = Activity()
            let window = showWindow { Map(activity: activity) }
            defer { window.close() }
            let map = try #require(widgetNamed("map", in: window))
            #expect(gtk_test_accessible_has_role(OpaquePointer(map), GTK_ACCESSIBLE_ROLE_GRID) != 0)
            #expect(gtkkit_accessible_label_is(map, "26 in all") != 0)
            let days = cells(map)
            #expect(days.count == 10)
            #expect(days.map(level) == [0, 1, 4, 1, 0, 2, 0, 0, 2, 4])
            #expect(days.allSatisfy { gtk_test_accessible_has_role(OpaquePointer($0), GTK_ACCESSIBLE_ROLE_GRID_CELL) != 0 })
            #expect(gtkkit_accessible_label_is(days[2], "day 2: 8") != 0)
            var column: Int32 = 0, row: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            let grid = UnsafeMutableRawPointer(map).assumingMemoryBound(to: GtkGrid.self)
            gtk_grid_query_child(grid, days[0], &column, &row, &width, &height)
            #expect(column == 0 && row == 6, "Saturday: the first column, the last row under the labels")
            gtk_grid_query_child(grid, days[2], &column, &row, &width, &height)
            #expect(column == 1 && row == 1, "Monday starts the next week")
            gtk_grid_query_child(grid, days[9], &column, &row, &width, &height)
            #expect(column == 2 && row == 1)
        }

        @Test("new counts recolour the same cells; the arrow keys move between days")
        func updatesInPlaceAndMovesFocus() throws {
            let activity = Activity()
            let window = showWindow { Map(activity: activity) }
            defer { window.close() }
            let map = try #require(widgetNamed("map", in: window))
            let before = cells(map)
            activity.counts[9] = 16
            nextTurn()
            let after = cells(map)
            #expect(after == before, "the same widgets")
            #expect(after.map(level) == [0, 1, 2, 1, 0, 1, 0, 0, 1, 4])
            #expect(gtkkit_accessible_label_is(after[9], "day 9: 16") != 0)

            // Monday of the second week, then Down: Tuesday; from the third week's
            // Monday, Left: the second week's.
            // Focus moves by where the cells are: once they are laid out.
            pump(until: { gtk_widget_get_width(after[9]) > 0 }, "the map laid out")
            let root = gtk_widget_get_root(map)
            #expect(gtk_widget_grab_focus(after[2]) != 0)
            _ = gtk_widget_child_focus(map, GTK_DIR_DOWN)
            #expect(gtk_root_get_focus(root) == after[3])
            #expect(gtk_widget_grab_focus(after[9]) != 0)
            _ = gtk_widget_child_focus(map, GTK_DIR_LEFT)
            #expect(gtk_root_get_focus(root) == after[2])
        }
    }
}
