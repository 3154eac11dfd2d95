import CGtk
import CGtkShim

extension View {
    /// Presents a modal message dialog while `isPresented` holds.
    ///
    /// The dialog shows `title`, `message` and one button; the button, Enter
    /// and Escape all call `dismiss`, which should make `isPresented` false.
    public func alert(
        isPresented: @escaping @MainActor () -> Bool,
        title: @escaping @MainActor () -> String,
        message: @escaping @MainActor () -> String,
        button: String = "OK",
        dismiss: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        modified { widget in
            var dialog: Window?
            widget.onTeardown {
                dialog?.close()
                dialog = nil
            }
            widget.bind("alert", isPresented) { widget, presented in
                dialog?.close()
                dialog = nil
                guard presented else { return }
                dialog = MessageDialog.present(
                    over: widget, title: title(), message: message(), button: button, dismiss: dismiss)
            }
        }
    }

    /// Gives this widget the keyboard focus each time it is shown.
    public func focusOnAppear() -> ModifiedView<Self> {
        modified { widget in
            widget.on("map") { [unowned widget] in gtk_widget_grab_focus(widget.pointer) }
        }
    }
}

@MainActor
enum MessageDialog {
    static func present(
        over owner: Widget, title: String, message: String, button: String,
        dismiss: @escaping @MainActor () -> Void
    ) -> Window {
        // The alert role makes a screen reader announce the dialog as it appears.
        let dialog = Window(title: title, width: 320, height: -1, role: .alert) {
            VStack(spacing: 18) {
                VStack(spacing: 8) {
                    Text(title).cssClass("title-2").wrapping()
                    Text(message).wrapping()
                }
                Button(button, action: dismiss)
                    .cssClass("suggested-action", "pill")
                    .align(horizontal: .center)
                    .focusOnAppear()
            }
            .padding(24)
            .onKeyPress { key in
                guard key.isEscape || key.isEnter else { return false }
                dismiss()
                return true
            }
        }
        let window: UnsafeMutablePointer<GtkWindow> = dialog.widget.raw()
        if let root = gtk_widget_get_root(owner.pointer) {
            gtk_window_set_transient_for(window, UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self))
        }
        gtk_window_set_modal(window, 1)
        gtk_window_set_resizable(window, 0)
        gtk_widget_add_css_class(dialog.widget.pointer, "messagedialog")
        gtkkit_set_accessible_description(dialog.widget.pointer, message)
        // A message dialog has no title bar of its own: its title is its heading.
        // safe: GLib and GTK constructors abort on out-of-memory; they never return NULL.
        let emptyTitlebar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_visible(emptyTitlebar, 0)
        gtk_window_set_titlebar(window, emptyTitlebar)
        dialog.present()
        return dialog
    }
}
