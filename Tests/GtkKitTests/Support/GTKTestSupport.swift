import CGtk
import CGtkShim
import Foundation
import Testing
@testable import GtkKit

/// Whether GTK could open a display (tests that need one are skipped, not
/// passed, without it: run them under `xvfb-run -a`).
@MainActor
enum Display {
    static let available: Bool = {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil
            || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil
        else { return false }
        return gtk_init_check() != 0
    }()
}

/// Iterates the main loop until `condition` holds, failing the test after `timeout`.
@MainActor
func pump(
    until condition: () -> Bool, timeout: Duration = .seconds(5),
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let held = MainLoop.run(until: condition, timeout: timeout)
    #expect(held, comment ?? "condition not reached in time", sourceLocation: sourceLocation)
}

/// Lets every pending binding run (the next main-loop turn).
@MainActor
func nextTurn() {
    MainLoop.drain()
}

/// The first descendant (depth first, including `root`) of a GTK type.
@MainActor
func descendant(
    of root: UnsafeMutablePointer<GtkWidget>, type: GType, matching: (UnsafeMutablePointer<GtkWidget>) -> Bool = { _ in true }
) -> UnsafeMutablePointer<GtkWidget>? {
    if gtkkit_is_a(root, type) != 0 && matching(root) { return root }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        if let found = descendant(of: current, type: type, matching: matching) { return found }
        child = gtk_widget_get_next_sibling(current)
    }
    return nil
}

@MainActor
func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
    String(cString: gtk_label_get_text(OpaquePointer(label)))
}

@MainActor
func widgetNamed(_ name: String, in window: Window) -> UnsafeMutablePointer<GtkWidget>? {
    descendant(of: window.widget.pointer, type: gtk_widget_get_type()) {
        String(cString: gtk_widget_get_name($0)) == name
    }
}

/// Builds `content` in a window, shows it and waits until it is mapped.
@MainActor
func showWindow<Content: View>(
    width: Int = 800, height: Int = 700, @ViewBuilder _ content: () -> Content
) -> Window {
    let window = Window(title: "GtkKit test", width: width, height: height, content: content)
    window.present()
    pump(until: { window.size.width > 0 }, "window mapped and allocated")
    return window
}

/// A widget pointer as the GTK type a function expects (public structs
/// import as typed pointers, private ones as OpaquePointer).
func typed<T>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}

func typed(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer { OpaquePointer(widget) }
