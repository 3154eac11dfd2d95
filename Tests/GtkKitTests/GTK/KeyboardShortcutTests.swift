import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `Button.keyboardShortcut(_:modifiers:)`: a key in the window presses the button.
    @Suite("Keyboard shortcuts", .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    @MainActor
    struct KeyboardShortcutTests {
        @Test("Ctrl and the key press the button wherever the focus is; the key alone does not")
        func shortcutPressesButton() throws {
            let model = ShortcutModel()
            let window = showWindow {
                VStack {
                    TextField("Name", text: Bindable(model).text).widgetName("entry")
                    Button("Add") { model.added += 1 }.keyboardShortcut("n")
                }
            }
            defer { window.close() }
            let entry = try #require(widgetNamed("entry", in: window))
            try activate(typed(window.gtkWindow))
            #expect(gtk_widget_grab_focus(entry) != 0)
            WindowManager.run("xdotool", ["key", "n"])
            pump(until: { model.text == "n" }, "the key alone reached the entry")
            #expect(model.added == 0, "control: no Ctrl, no press")
            WindowManager.run("xdotool", ["key", "ctrl+n"])
            pump(until: { model.added == 1 }, "Ctrl+N pressed the button")
            #expect(model.text == "n", "and did not type into the entry")
        }

        @Test("a disabled button's shortcut does nothing; enabled again, it presses the button")
        func disabledButtonIgnoresShortcut() throws {
            let model = ShortcutModel()
            let window = showWindow {
                VStack {
                    Button("Delete") { model.deleted += 1 }
                        .keyboardShortcut("k", modifiers: [.command, .shift])
                        .enabled { model.canDelete }
                    Button("Add") { model.added += 1 }.keyboardShortcut("n")
                }
            }
            defer { window.close() }
            try activate(typed(window.gtkWindow))
            WindowManager.run("xdotool", ["key", "ctrl+shift+k"])
            // Keys arrive in order: once Ctrl+N is handled, Ctrl+Shift+K was too.
            WindowManager.run("xdotool", ["key", "ctrl+n"])
            pump(until: { model.added == 1 }, "the later shortcut was handled")
            #expect(model.deleted == 0, "disabled, its shortcut did nothing")
            // Positive control: the same button and keys, enabled.
            model.canDelete = true
            nextTurn()
            WindowManager.run("xdotool", ["key", "ctrl+shift+k"])
            pump(until: { model.deleted == 1 }, "enabled, Ctrl+Shift+K pressed it")
        }

        @Test("a digit's shortcut takes the digit's key and the keypad's, and no other digit")
        func digitAndKeypad() throws {
            let model = ShortcutModel()
            let window = showWindow {
                VStack {
                    Button("Second") { model.added += 1 }.keyboardShortcut("2", modifiers: [])
                    Button("Third") { model.deleted += 1 }.keyboardShortcut("3", modifiers: [])
                }
            }
            defer { window.close() }
            try activate(typed(window.gtkWindow))
            WindowManager.run("xdotool", ["key", "2"])
            pump(until: { model.added == 1 }, "2 pressed the button")
            WindowManager.run("xdotool", ["key", "KP_2"])
            pump(until: { model.added == 2 }, "the keypad's 2 pressed it")
            // Control: 3 presses the other button, not this one.
            WindowManager.run("xdotool", ["key", "3"])
            pump(until: { model.deleted == 1 }, "3 pressed its own button")
            #expect(model.added == 2)
        }
    }
}

@Observable @MainActor private final class ShortcutModel {
    var text = ""
    var added = 0
    var deleted = 0
    var canDelete = false
}
