import CGtk
import CGtkShim
import Testing
@_spi(Diagnostics) @testable import GtkKit
@_exported import GtkTestSupport

/// Lets every pending binding run (the next main-loop turn).
@MainActor
func nextTurn() {
    MainLoop.drain()
}

/// Builds `content` in a window, shows it and waits until it is allocated.
@MainActor
func showWindow<Content: View>(
    width: Int = 800, height: Int = 700, @ViewBuilder _ content: () -> Content
) -> Window {
    let window = Window(title: "GtkKit test", width: width, height: height, content: content)
    window.present()
    pump(until: { window.size.width > 0 }, "window mapped and allocated")
    return window
}

/// The widget named `name` in any open window (a sheet, a dialog) or popover.
@MainActor
func widgetNamedAnywhere(_ name: String) -> UnsafeMutablePointer<GtkWidget>? {
    toplevels().lazy.compactMap { toplevel in
        descendant(of: toplevel, type: gtk_widget_get_type()) { String(cString: gtk_widget_get_name($0)) == name }
    }.first
}

/// Whether `widget` exists and is on screen.
func isMapped(_ widget: UnsafeMutablePointer<GtkWidget>?) -> Bool {
    widget.map { gtk_widget_get_mapped($0) != 0 } ?? false
}

/// The content of the open sheet, found among every toplevel.
@MainActor
func sheetContent() -> UnsafeMutablePointer<GtkWidget>? {
    toplevels().lazy.filter { gtk_widget_get_visible($0) != 0 }.compactMap { toplevel in
        descendant(of: toplevel, type: gtk_widget_get_type()) { String(cString: gtk_widget_get_name($0)) == "sheet-content" }
    }.first
}

/// The window `widget` is in: its outermost ancestor.
@MainActor
func outermost(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
    var current = widget
    while let parent = gtk_widget_get_parent(current) { current = parent }
    return current
}

/// The open message dialog (an alert or a confirmation), if any: the newest one shown
/// over a shown window (GTK lists toplevels in the order they were made). A dialog of
/// an earlier test, whose window is closed, can stay among GTK's toplevels until its
/// last reference goes, and is not this test's.
@MainActor
func messageDialog() -> UnsafeMutablePointer<GtkWidget>? {
    toplevels().last { dialog in
        guard gtkkit_is_a(dialog, adw_message_dialog_get_type()) != 0, gtk_widget_get_visible(dialog) != 0,
              let parent = gtk_window_get_transient_for(typed(dialog))
        else { return false }
        return gtk_widget_get_visible(typed(parent)) != 0
    }
}
