internal import CGtk

/// Visits `widget` and every widget under it, parents before their children: how the
/// interop layer reaches the inner widgets a GTK or libadwaita widget builds itself
/// (a dialog's response buttons, a toast's close button, a form's entries).
@MainActor
func forEachWidget(in widget: UnsafeMutablePointer<GtkWidget>, _ body: (UnsafeMutablePointer<GtkWidget>) -> Void) {
    body(widget)
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        forEachWidget(in: current, body)
        child = gtk_widget_get_next_sibling(current)
    }
}
