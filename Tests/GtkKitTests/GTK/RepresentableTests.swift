import CGtk
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// A GTK widget GtkKit does not wrap, used as a view.
    @Suite("Representable") @MainActor
    struct RepresentableTests {
        @Test("a wrapped GtkLevelBar updates from state, takes modifiers, and reports its signals")
        func levelBar() throws {
            let meter = Meter()
            let window = showWindow {
                LevelBar(meter: meter)
                    .widgetName("level")
                    .visible { meter.shown }
            }
            defer { window.close() }
            let bar = try #require(widgetNamed("level", in: window))
            #expect(gtk_level_bar_get_value(OpaquePointer(bar)) == 0.25)
            meter.level = 0.75
            nextTurn()
            #expect(gtk_level_bar_get_value(OpaquePointer(bar)) == 0.75)
            meter.shown = false
            nextTurn()
            #expect(gtk_widget_get_visible(bar) == 0)
            #expect(meter.changes >= 2, "notify::value reached the context's handler")
        }

        @Test("the wrapped widget goes with its view")
        func lifetime() {
            let meter = Meter()
            let widgets = Diagnostics.liveWidgets
            let objects = Diagnostics.liveGObjects
            do {
                let window = showWindow { LevelBar(meter: meter) }
                window.close()
            }
            pump(until: { Diagnostics.liveWidgets == widgets && Diagnostics.liveGObjects == objects },
                 "every wrapper and widget released")
        }
    }
}

/// GtkLevelBar, which GtkKit does not cover.
private struct LevelBar: GtkWidgetRepresentable {
    let meter: Meter

    func makeWidget(context: RepresentableContext) -> UnsafeMutablePointer<GtkWidget> {
        context.on("notify::value") { meter.changes += 1 }
        return gtk_level_bar_new()
    }

    func updateWidget(_ widget: UnsafeMutablePointer<GtkWidget>, context: RepresentableContext) {
        gtk_level_bar_set_value(OpaquePointer(widget), meter.level)
    }
}

@Observable @MainActor private final class Meter {
    var level = 0.25
    var shown = true
    @ObservationIgnored var changes = 0
}
