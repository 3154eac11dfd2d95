import CGtk
import Observation
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// An adaptive layout moves the same widgets between its arrangements.
    @Suite("Adaptive layout", .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    @MainActor
    struct AdaptiveLayoutTests {
        @Test("a flip moves the same widgets, keeping text, cursor, focus and toggles, creating none")
        func flipKeepsWidgetsAndState() throws {
            @Bindable var form = AdaptiveForm()
            // A focusable button before the entry: were the focus dropped by the move,
            // GTK would give it to the first focusable widget, not back to the entry.
            let first = Shared { Button("First") {}.widgetName("first") }
            let entry = Shared { TextField("Name", text: $form.name).widgetName("entry") }
            let echo = Shared { Text { form.name }.widgetName("echo") }
            let check = Shared { Toggle("Remember me", isOn: $form.remember).widgetName("check") }
            let window = showWindow(width: 800, height: 700) {
                AdaptiveLayout(\.verticalSizeClass) {
                    VStack { first; entry; echo; check }.widgetName("regular")
                } compact: {
                    HStack { first; entry; VStack { echo; check } }.widgetName("compact")
                }
            }
            defer { window.close() }
            let entryWidget = try #require(widgetNamed("entry", in: window))
            let checkWidget = try #require(widgetNamed("check", in: window))
            let regular = try #require(widgetNamed("regular", in: window))
            #expect(gtk_widget_is_ancestor(entryWidget, regular) != 0)

            gtk_widget_grab_focus(entryWidget)
            var position: Int32 = 0
            gtk_editable_insert_text(typed(entryWidget), "Yuki", -1, &position)
            gtk_editable_set_position(typed(entryWidget), 2)
            gtk_check_button_set_active(typed(checkWidget), 1)
            nextTurn()
            let created = Diagnostics.widgetsCreated

            window.resize(width: 800, height: 400)
            pump(until: {
                guard let compact = widgetNamed("compact", in: window) else { return false }
                return gtk_widget_is_ancestor(entryWidget, compact) != 0
            }, "entry moved into the compact layout (window is \(window.size))")
            // GTK drops the focus of a widget that left its window at the next frame's
            // end: let two frames pass before looking.
            let clock = gtk_widget_get_frame_clock(typed(window.gtkWindow))
            let frame = gdk_frame_clock_get_frame_counter(clock)
            pump(until: { gdk_frame_clock_get_frame_counter(clock) >= frame + 2 }, "two frames drawn")

            #expect(widgetNamed("entry", in: window) == entryWidget)
            #expect(widgetNamed("check", in: window) == checkWidget)
            #expect(Diagnostics.widgetsCreated == created)
            #expect(String(cString: gtk_editable_get_text(typed(entryWidget))) == "Yuki")
            #expect(gtk_editable_get_position(typed(entryWidget)) == 2)
            #expect(gtk_check_button_get_active(typed(checkWidget)) != 0)
            let focus = gtk_root_get_focus(gtk_widget_get_root(entryWidget))
            #expect(focus != nil && gtk_widget_is_ancestor(focus, entryWidget) != 0)
            #expect(form.name == "Yuki" && form.remember)

            window.resize(width: 800, height: 700)
            pump(until: { gtk_widget_is_ancestor(entryWidget, regular) != 0 }, "and back")
            #expect(Diagnostics.widgetsCreated == created)
        }
    }
}

@Observable @MainActor private final class AdaptiveForm {
    var name = ""
    var remember = false
}
