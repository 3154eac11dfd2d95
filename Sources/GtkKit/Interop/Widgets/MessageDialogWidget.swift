internal import CGtk
internal import CGtkShim

/// An AdwMessageDialog over a window: a heading, a body and response buttons.
/// Assistive technology gets it with the alert role, announced as it appears.
final class MessageDialogWidget: Widget {
    enum Appearance { case normal, suggested, destructive }

    private var dialog: UnsafeMutablePointer<AdwMessageDialog> { gtk(AdwMessageDialog.self) }
    private var isClosed = false

    init(over owner: Widget, heading: String, body: String) {
        super.init(Widget.make(adw_message_dialog_get_type(), role: .alert))
        if let parent = owner.rootWindow { gtk_window_set_transient_for(gtk(GtkWindow.self), parent) }
        gtk_window_set_modal(gtk(GtkWindow.self), 1)
        // The title names the window to assistive technology; the heading shows it.
        gtk_window_set_title(gtk(GtkWindow.self), heading)
        adw_message_dialog_set_heading(dialog, heading)
        adw_message_dialog_set_body(dialog, body)
        setAccessibleDescription(body)
        // NB: not "destroy", which GTK emits only when the wrapper lets the window go;
        // libadwaita closes the dialog itself before it gives a response.
        onLeavingToplevels { [weak self] in self?.isClosed = true }
    }

    /// Shows the body as Pango markup; the accessible description keeps the plain text.
    func setBodyMarkup(_ markup: String) {
        adw_message_dialog_set_body_use_markup(dialog, 1)
        adw_message_dialog_set_body(dialog, markup)
    }

    func addResponse(_ id: String, label: String, appearance: Appearance = .normal) {
        adw_message_dialog_add_response(dialog, id, label)
        switch appearance {
        case .normal: break
        case .suggested: adw_message_dialog_set_response_appearance(dialog, id, ADW_RESPONSE_SUGGESTED)
        case .destructive: adw_message_dialog_set_response_appearance(dialog, id, ADW_RESPONSE_DESTRUCTIVE)
        }
    }

    /// Whether the response `id` can be given (its button sensitive; Enter gives no
    /// disabled default response).
    func setResponse(_ id: String, enabled: Bool) {
        adw_message_dialog_set_response_enabled(dialog, id, enabled ? 1 : 0)
    }

    /// The response Enter gives, and the one Escape or closing the window gives.
    func setResponses(default defaultID: String, close closeID: String) {
        adw_message_dialog_set_default_response(dialog, defaultID)
        adw_message_dialog_set_close_response(dialog, closeID)
    }

    /// Shows `child` (controls, built by GtkKit) below the body; its bindings stop
    /// when the dialog closes.
    func setExtraChild(_ child: Widget) {
        adopt(child)
        adw_message_dialog_set_extra_child(dialog, child.pointer)
        on("destroy") { [weak child] in child?.tearDown() }
    }

    /// Makes Enter in each entry of `child` (the extra child) give the default
    /// response, as Enter on the dialog's other controls does: a GtkEntry keeps Enter
    /// to itself unless it activates the default. An Enter the input method takes (to
    /// commit what it composed) never reaches the entry, so gives no response.
    func letEntriesGiveDefaultResponse(in child: Widget) {
        forEachWidget(in: child.pointer) { widget in
            if gtkkit_is_a(widget, gtk_entry_get_type()) != 0 {
                gtk_entry_set_activates_default(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkEntry.self), 1)
            }
        }
    }

    func onResponse(_ action: @escaping @MainActor (String) -> Void) {
        Signal.connectResponse(UnsafeMutableRawPointer(pointer), action)
    }

    func present() {
        nameResponseButtons(in: pointer)
        gtk_window_present(gtk(GtkWindow.self))
    }

    /// NB: libadwaita 1.2 names each response button twice over ("OK OK": its own
    /// label plus the label it is labelled by); name it once, as it reads.
    private func nameResponseButtons(in widget: UnsafeMutablePointer<GtkWidget>) {
        forEachWidget(in: widget) { widget in
            if gtkkit_is_a(widget, gtk_button_get_type()) != 0,
               let child = gtk_widget_get_first_child(widget), gtkkit_is_a(child, gtk_label_get_type()) != 0,
               let text = gtk_label_get_text(OpaquePointer(child)) {
                gtkkit_set_accessible_label_only(widget, text)
            }
        }
    }

    var isOpen: Bool { !isClosed }

    /// Closes the dialog if it is still open.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        gtk_window_destroy(gtk(GtkWindow.self))
    }
}
