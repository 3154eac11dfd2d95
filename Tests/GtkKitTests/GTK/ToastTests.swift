import CGtk
import CGtkShim
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `.toasts(from:)`: libadwaita's toasts, with a close button a screen reader can name.
    @Suite("Toasts") @MainActor
    struct ToastTests {
        @Test("each toast's close button has a name, also the toast shown when the one before is closed")
        func closeButtonsAreNamed() throws {
            let toaster = Toaster()
            let window = showWindow { Text("Content").toasts(from: toaster) }
            defer { window.close() }
            toaster.show("First")
            toaster.show("Second")  // queued behind the first
            nextTurn()
            let first = try #require(closeButton(ofToast: "First", in: window))
            pump(until: { gtkkit_accessible_label_is(first, StockLabels.close) != 0 }, "the first toast's close button named")
            #expect(closeButton(ofToast: "Second", in: window) == nil, "the second waits for the first")

            gtkkit_emit(first, "clicked")
            pump(until: { closeButton(ofToast: "Second", in: window) != nil }, "the second toast shown")
            let second = try #require(closeButton(ofToast: "Second", in: window))
            pump(until: { gtkkit_accessible_label_is(second, StockLabels.close) != 0 }, "the second toast's close button named")

            // The window closes with a toast shown and one queued: the overlay dismisses
            // both as it goes, after GtkKit's wrapper, and nothing is named then.
            toaster.show("Third")
            nextTurn()
        }

        @Test("a toast's button runs its action and closes the toast; a toast without one has none")
        func buttonRunsItsAction() throws {
            // Without animations: libadwaita 1.2 crashes when a window goes while a toast
            // dismissed during its showing animation has that animation pending (found
            // here: clicked at once, then closed). A person's click comes later.
            let settings = try #require(gtk_settings_get_default().map { UnsafeMutableRawPointer($0) })
            let animations = gtkkit_get_boolean_property(settings, "gtk-enable-animations")
            gtkkit_set_boolean_property(settings, "gtk-enable-animations", 0)
            defer { gtkkit_set_boolean_property(settings, "gtk-enable-animations", animations) }
            let toaster = Toaster()
            let window = showWindow { Text("Content").toasts(from: toaster) }
            defer { window.close() }
            var pressed = 0
            toaster.show("Plain")
            toaster.show("Long news", button: "Details") { pressed += 1 }
            nextTurn()
            // Positive control: the plain toast has its close button and no other.
            #expect(closeButton(ofToast: "Plain", in: window) != nil)
            #expect(textButton(ofToast: "Plain", in: window) == nil)
            gtkkit_emit(try #require(closeButton(ofToast: "Plain", in: window)), "clicked")
            pump(until: { textButton(ofToast: "Long news", in: window) != nil }, "the toast with a button shown")
            let details = try #require(textButton(ofToast: "Long news", in: window))
            #expect(gtk_button_get_label(typed(details)).map { String(cString: $0) } == "Details")
            gtkkit_emit(details, "clicked")
            pump(until: { pressed == 1 }, "the action run")
            pump(until: { toastCount(in: window) == 0 }, "the toast closed")
        }

        /// How many toasts the overlay holds, one animating out included.
        private func toastCount(in window: Window) -> Int {
            guard let overlay = descendant(of: typed(window.gtkWindow), type: adw_toast_overlay_get_type()) else { return 0 }
            let content = adw_toast_overlay_get_child(typed(overlay))
            return children(of: overlay).filter { $0 != content }.count
        }

        /// The visible button showing a label in the toast titled `title`, if that toast shows.
        private func textButton(ofToast title: String, in window: Window) -> UnsafeMutablePointer<GtkWidget>? {
            guard let overlay = descendant(of: typed(window.gtkWindow), type: adw_toast_overlay_get_type()) else { return nil }
            for toast in children(of: overlay) where descendant(of: toast, type: gtk_label_get_type(), matching: {
                labelText($0) == title
            }) != nil {
                // libadwaita keeps a hidden action button in every toast.
                if let button = descendant(of: toast, type: gtk_button_get_type(), matching: {
                    gtk_widget_get_visible($0) != 0 && gtk_button_get_label(typed($0)).map { String(cString: $0) }?.isEmpty == false
                }) { return button }
            }
            return nil
        }

        /// The button showing an icon in the toast titled `title`, if that toast shows.
        private func closeButton(ofToast title: String, in window: Window) -> UnsafeMutablePointer<GtkWidget>? {
            guard let overlay = descendant(of: typed(window.gtkWindow), type: adw_toast_overlay_get_type()) else { return nil }
            for toast in children(of: overlay) where descendant(of: toast, type: gtk_label_get_type(), matching: {
                labelText($0) == title
            }) != nil {
                if let button = descendant(of: toast, type: gtk_button_get_type(), matching: {
                    gtk_button_get_icon_name(typed($0)) != nil
                }) { return button }
            }
            return nil
        }
    }
}
