internal import CGtk

/// A GtkSpinner, spinning from the start. It only decorates: what is under way is
/// said in words beside it, so it is left out of the accessibility tree.
final class SpinnerWidget: Widget {
    init() {
        super.init(Widget.make(gtk_spinner_get_type(), role: .presentation))
        gtk_spinner_start(opaque)
    }
}
