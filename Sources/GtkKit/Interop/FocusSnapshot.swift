internal import CGtk
internal import CGtkShim

/// Remembers the focused widget (and an editable's cursor and selection)
/// across a re-parenting, which GTK treats as losing focus.
@MainActor
struct FocusSnapshot {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let selection: (start: Int32, end: Int32)?

    /// A snapshot if the focus lies inside one of `contents`, else nil.
    init?(within contents: [Widget]) {
        guard let first = contents.first, let root = gtk_widget_get_root(first.pointer),
              let focus = gtk_root_get_focus(root)
        else { return nil }
        let inside = contents.contains { focus == $0.pointer || gtk_widget_is_ancestor(focus, $0.pointer) != 0 }
        guard inside else { return nil }
        widget = focus
        g_object_ref(focus)
        if gtkkit_is_a(focus, gtk_editable_get_type()) != 0 {
            var start: Int32 = 0
            var end: Int32 = 0
            if gtk_editable_get_selection_bounds(OpaquePointer(focus), &start, &end) == 0 {
                let position = gtk_editable_get_position(OpaquePointer(focus))
                start = position
                end = position
            }
            selection = (start, end)
        } else {
            selection = nil
        }
    }

    /// Gives the focus back, with the cursor where it was.
    func restore() {
        defer { g_object_unref(widget) }
        guard gtk_widget_get_root(widget) != nil else { return }
        gtk_widget_grab_focus(widget)
        if let selection {
            // grab_focus may select everything; put the user's selection back.
            gtk_editable_select_region(OpaquePointer(widget), selection.start, selection.end)
        }
    }
}
