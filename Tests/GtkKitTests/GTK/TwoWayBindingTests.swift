import CGtk
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// Two-way controls driven through GTK's own API, as a user's input is.
    @Suite("Two-way bindings") @MainActor
    struct TwoWayBindingTests {
        @Test("typing writes the model; the model's echo moves no cursor")
        func entryTyping() {
            @Bindable var form = Form()
            let window = showWindow { TextField("Name", text: $form.name).widgetName("entry") }
            defer { window.close() }
            let entry = typed(widgetNamed("entry", in: window)!)
            var position: Int32 = 0
            gtk_editable_insert_text(entry, "Hana", -1, &position)
            position = 2
            gtk_editable_insert_text(entry, "n", -1, &position)  // "Hanna", cursor after the n
            gtk_editable_set_position(entry, 3)
            let evaluations = Diagnostics.evaluations
            nextTurn()
            #expect(form.name == "Hanna")
            #expect(gtk_editable_get_position(entry) == 3)
            // The echo re-evaluated once and wrote nothing back.
            #expect(Diagnostics.evaluations - evaluations == 1)
        }

        @Test("a model write updates the entry")
        func entryFromModel() {
            @Bindable var form = Form()
            let window = showWindow { TextField("Name", text: $form.name).widgetName("entry") }
            defer { window.close() }
            form.name = "Kenji"
            nextTurn()
            let entry = typed(widgetNamed("entry", in: window)!)
            #expect(String(cString: gtk_editable_get_text(entry)) == "Kenji")
            #expect(form.name == "Kenji")
        }

        @Test("a check button and its model follow each other")
        func checkButton() {
            @Bindable var form = Form()
            let window = showWindow { Toggle("Remember me", isOn: $form.remember).widgetName("check") }
            defer { window.close() }
            let check: UnsafeMutablePointer<GtkCheckButton> = typed(widgetNamed("check", in: window)!)
            gtk_check_button_set_active(check, 1)
            #expect(form.remember)
            form.remember = false
            nextTurn()
            #expect(gtk_check_button_get_active(check) == 0)
        }

        @Test("a switch and its model follow each other")
        func switchControl() {
            @Bindable var form = Form()
            let window = showWindow { Toggle("Learning", isOn: $form.remember, style: .switch).widgetName("row") }
            defer { window.close() }
            let toggle = typed(descendant(of: widgetNamed("row", in: window)!, type: gtk_switch_get_type())!)
            gtk_switch_set_active(toggle, 1)
            #expect(form.remember)
            form.remember = false
            nextTurn()
            #expect(gtk_switch_get_active(toggle) == 0)
        }

        @Test("an icon toggle button and its model follow each other; its title is its name and tooltip")
        func toggleButton() {
            @Bindable var form = Form()
            let window = showWindow {
                Toggle("Every Deck", isOn: $form.remember, style: .iconButton("view-list-symbolic")).widgetName("toggle")
            }
            defer { window.close() }
            let toggle: UnsafeMutablePointer<GtkToggleButton> = typed(widgetNamed("toggle", in: window)!)
            #expect(String(cString: gtk_button_get_icon_name(typed(widgetNamed("toggle", in: window)!))) == "view-list-symbolic")
            #expect(gtk_widget_get_tooltip_text(widgetNamed("toggle", in: window)!).map { String(cString: $0) } == "Every Deck")
            #expect(form.remember == false && gtk_toggle_button_get_active(toggle) == 0)
            gtk_toggle_button_set_active(toggle, 1)
            #expect(form.remember)
            form.remember = false
            nextTurn()
            #expect(gtk_toggle_button_get_active(toggle) == 0)
        }

        @Test("a spin button and its model follow each other")
        func spinButton() {
            @Bindable var form = Form()
            let window = showWindow { Stepper("Questions", value: $form.count, in: 3...20).widgetName("spin") }
            defer { window.close() }
            let spin = typed(widgetNamed("spin", in: window)!)
            #expect(gtk_spin_button_get_value_as_int(spin) == 5)
            gtk_spin_button_spin(spin, GTK_SPIN_STEP_FORWARD, 1)
            #expect(form.count == 6)
            form.count = 12
            nextTurn()
            #expect(gtk_spin_button_get_value_as_int(spin) == 12)
        }

        @Test("a drop-down and its model follow each other")
        func dropDown() {
            @Bindable var form = Form()
            let window = showWindow {
                Picker("Appearance", selection: $form.choice, options: ["Light", "Dark", "System"]).widgetName("drop")
            }
            defer { window.close() }
            let dropDown = typed(widgetNamed("drop", in: window)!)
            gtk_drop_down_set_selected(dropDown, 2)
            #expect(form.choice == 2)
            form.choice = 1
            nextTurn()
            #expect(gtk_drop_down_get_selected(dropDown) == 1)
        }
    }
}

@Observable @MainActor private final class Form {
    var name = ""
    var remember = false
    var count = 5
    var choice = 0
}
