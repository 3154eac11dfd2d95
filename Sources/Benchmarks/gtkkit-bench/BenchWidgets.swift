// Finding widgets in a benchmark's window and waiting for its frames: what the List
// and card-browser tables share.
import CGtk
@_spi(Interop) import GtkKit

@MainActor
enum BenchWidgets {
    /// The window's root widget.
    static func root(of window: Window) -> UnsafeMutablePointer<GtkWidget> {
        UnsafeMutableRawPointer(window.gtkWindow).assumingMemoryBound(to: GtkWidget.self)
    }

    /// The first widget of `type` at or below `root`, depth first.
    static func descendant(of root: UnsafeMutablePointer<GtkWidget>, type: GType) -> UnsafeMutablePointer<GtkWidget>? {
        if g_type_check_instance_is_a(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GTypeInstance.self), type) != 0 {
            return root
        }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if let found = descendant(of: current, type: type) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// Runs the loop until the window paints its next frame (at most a second).
    static func nextFrame(of window: Window) {
        var painted = false
        window.afterFirstPaint { painted = true }
        MainLoop.run(until: { painted }, timeout: .seconds(1))
    }
}
