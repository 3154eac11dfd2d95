import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// One test per bound widget property: set once at build time, then
    /// written only when a value it read changes.
    @Suite("Bound widget properties") @MainActor
    struct WidgetBindingTests {
        @Test("a label's text follows the state its closure reads")
        func boundLabelText() {
            let model = Fields()
            let window = showWindow { Text { "Count: \(model.count)" }.widgetName("label") }
            defer { window.close() }
            let label = widgetNamed("label", in: window)!
            #expect(labelText(label) == "Count: 0")
            let writes = Diagnostics.widgetWrites
            model.count = 3
            nextTurn()
            #expect(labelText(label) == "Count: 3")
            #expect(Diagnostics.widgetWrites == writes + 1)
        }

        @Test("a write of an equal value reaches no widget")
        func equalValueNoWrite() {
            let model = Fields()
            let window = showWindow { Text { model.count > 0 ? "positive" : "zero" }.widgetName("label") }
            defer { window.close() }
            model.count = 1
            nextTurn()
            let writes = Diagnostics.widgetWrites
            let evaluations = Diagnostics.evaluations
            model.count = 2  // re-evaluates, same text
            nextTurn()
            #expect(Diagnostics.evaluations == evaluations + 1)
            #expect(Diagnostics.widgetWrites == writes)
        }

        @Test("a button's label follows state and clicked runs its action")
        func buttonLabelAndClick() {
            let model = Fields()
            let window = showWindow {
                Button(title: { "Clicked \(model.count)" }) { model.count += 1 }.widgetName("button")
            }
            defer { window.close() }
            let button = widgetNamed("button", in: window)!
            gtkkit_emit(button, "clicked")
            nextTurn()
            #expect(model.count == 1)
            #expect(String(cString: gtk_button_get_label(typed(button))) == "Clicked 1")
            // Keyboard activation (Enter/Space) goes through GTK's short press animation.
            gtk_widget_activate(button)
            pump(until: { model.count == 2 }, "activate ends in clicked")
        }

        @Test("sensitivity follows state")
        func sensitivity() {
            let model = Fields()
            let window = showWindow { Button("OK") {}.enabled { model.flag }.widgetName("button") }
            defer { window.close() }
            let button = widgetNamed("button", in: window)!
            #expect(gtk_widget_get_sensitive(button) == 0)
            model.flag = true
            nextTurn()
            #expect(gtk_widget_get_sensitive(button) != 0)
        }

        @Test("a tooltip follows state, and a screen reader hears it as the description")
        func boundTooltip() {
            let model = Fields()
            let window = showWindow {
                Button("OK") {}.help { model.flag ? "Why not" : "Press it" }.widgetName("button")
            }
            defer { window.close() }
            let button = widgetNamed("button", in: window)!
            #expect(String(cString: gtk_widget_get_tooltip_text(button)) == "Press it")
            model.flag = true
            nextTurn()
            #expect(String(cString: gtk_widget_get_tooltip_text(button)) == "Why not")
            #expect(gtkkit_accessible_description_is(button, "Why not") != 0)
        }

        @Test("onAppear runs each time the widget is shown, not when it is built")
        func onAppear() {
            let model = Fields()
            var appeared = 0
            let window = showWindow {
                Text("x").onAppear { appeared += 1 }.visible { model.flag }.widgetName("label")
            }
            defer { window.close() }
            #expect(appeared == 0)
            model.flag = true
            pump(until: { appeared == 1 }, "shown")
            model.flag = false
            nextTurn()
            model.flag = true
            pump(until: { appeared == 2 }, "shown again")
        }

        @Test("visibility follows state")
        func visibility() {
            let model = Fields()
            let window = showWindow { Text("hidden").visible { model.flag }.widgetName("label") }
            defer { window.close() }
            let label = widgetNamed("label", in: window)!
            #expect(gtk_widget_get_visible(label) == 0)
            model.flag = true
            nextTurn()
            #expect(gtk_widget_get_visible(label) != 0)
        }

        @Test("a CSS class is added and removed as its condition changes")
        func cssClass() {
            let model = Fields()
            let window = showWindow { Text("x").cssClass("error", when: { model.flag }).widgetName("label") }
            defer { window.close() }
            let label = widgetNamed("label", in: window)!
            #expect(gtk_widget_has_css_class(label, "error") == 0)
            model.flag = true
            nextTurn()
            #expect(gtk_widget_has_css_class(label, "error") != 0)
            model.flag = false
            nextTurn()
            #expect(gtk_widget_has_css_class(label, "error") == 0)
        }

        @Test("a binding stops when its widget is destroyed")
        func bindingDiesWithWidget() {
            let model = Fields()
            let window = showWindow { Text { "\(model.count)" } }
            window.close()
            nextTurn()
            let evaluations = Diagnostics.evaluations
            model.count = 9
            nextTurn()
            #expect(Diagnostics.evaluations == evaluations)
        }
    }
}

@Observable @MainActor private final class Fields {
    var count = 0
    var flag = false
}
