internal import CGtk
internal import CGtkShim

/// A modal AdwWindow over the window of the view that presents it: a header bar with
/// the close button, then the content. Escape closes it, as it closes GNOME's dialogs.
@MainActor
final class SheetWidget: PresentedWindow {
    private let window = WindowWidget(application: nil)
    private var isClosed = false
    private var closeActions: [@MainActor () -> Void] = []

    init(over owner: Widget, content: Widget) {
        if let parent = owner.rootWindow { gtk_window_set_transient_for(window.window, parent) }
        gtk_window_set_modal(window.window, 1)
        gtk_window_set_destroy_with_parent(window.window, 1)
        let column = BoxWidget(.vertical)
        column.append(HeaderBarWidget())
        column.append(content)
        window.setContent(column)
        // Escape runs GtkWindow's own "window.close" action: the same path as the
        // close button.
        let keys = gtk_shortcut_controller_new()
        gtk_shortcut_controller_add_shortcut(
            keys,
            gtk_shortcut_new(gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0)),
                             gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window.pointer, keys)
        // NB: not "destroy": gtk_window_destroy does not dispose a window a wrapper
        // still holds, so that signal would come only when the wrapper goes.
        window.onLeavingToplevels { [weak self] in self?.closed() }
    }

    /// Runs `action` once, when the sheet has closed, whatever closed it (Escape, its
    /// close button, ``close()``, its parent window going); the content's bindings
    /// stop first.
    func onClose(_ action: @escaping @MainActor () -> Void) {
        closeActions.append(action)
    }

    private func closed() {
        isClosed = true
        window.tearDown()
        closeActions.forEach { $0() }
    }

    func present() { window.present() }

    var isOpen: Bool { !isClosed }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        window.destroy()
    }
}
