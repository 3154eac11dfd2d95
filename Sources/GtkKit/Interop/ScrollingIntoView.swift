internal import CGtk

extension Widget {
    /// Scrolls the nearest scrolled window holding this widget so that the widget is in
    /// view, once it has been laid out (a widget just shown has no size until the next
    /// frame's layout). Nothing happens outside a scrolled window.
    func scrollIntoViewOnceLaidOut() {
        ScrollingIntoView.start(on: pointer)
    }
}

/// One scroll into view, done from the widget's frame clock: GTK lays out before it
/// draws, and a tick callback runs at the start of the frame after, when the widget's
/// place is known.
@MainActor
final class ScrollingIntoView {
    /// Frames to try for at most (half a second at 60 Hz): a widget hidden again
    /// meanwhile never gets a size, and a page still coming in (a stack's cross-fade)
    /// may not have grown its scrolled area yet.
    private var framesLeft = 30

    static func start(on widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_add_tick_callback(widget, { widget, _, data in
            // The widget and the data given below, on the main thread.
            guard let widget, let data else { return 0 }
            return MainActor.assumeIsolated {
                Unmanaged<ScrollingIntoView>.fromOpaque(data).takeUnretainedValue().tick(widget) ? 1 : 0
            }
        }, Unmanaged.passRetained(ScrollingIntoView()).toOpaque(), release)
    }

    // safe (the `$0!`): GTK calls a destroy-notify with the data it was given, never NULL.
    static let release: GDestroyNotify = { Unmanaged<ScrollingIntoView>.fromOpaque($0!).release() }

    /// Scrolls once the widget has a size, as little as brings its bottom into view but
    /// never its top out of it (a widget taller than the view shows from its top).
    /// Returns whether it is done: false while the widget has no size yet, or while the
    /// scrolled area is not yet tall enough to scroll as far (the adjustment clamps).
    private static func scroll(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let scrolled = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()),
              let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))
        else { return true }
        var bounds = graphene_rect_t()
        guard gtk_widget_get_height(widget) > 0, gtk_widget_compute_bounds(widget, scrolled, &bounds) != 0 else { return false }
        // Where the widget is in the visible part of the scrolled window.
        let top = Double(bounds.origin.y), bottom = top + Double(bounds.size.height)
        let page = gtk_adjustment_get_page_size(adjustment)
        var shift = max(bottom - page, 0)
        if top - shift < 0 { shift = top }
        guard shift != 0 else { return true }
        let wanted = gtk_adjustment_get_value(adjustment) + shift
        gtk_adjustment_set_value(adjustment, wanted)
        return abs(gtk_adjustment_get_value(adjustment) - wanted) < 0.5
    }

    private func tick(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        framesLeft -= 1
        return !Self.scroll(widget) && framesLeft > 0
    }
}
