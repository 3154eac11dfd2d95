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
