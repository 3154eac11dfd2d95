internal import CGtk
internal import CGtkShim

/// A GtkBox: children in a row or a column.
final class BoxWidget: Widget {
    private var box: UnsafeMutablePointer<GtkBox> { gtk(GtkBox.self) }

    init(_ axis: Axis, spacing: Int = 0) { super.init(gtk_box_new(axis.orientation, Int32(spacing))) }

    /// Appends `child` and owns it.
    func append(_ child: Widget) { add(child) { gtk_box_append(box, $0) } }

    /// Puts `child` right after `sibling` (first when nil): inserts and owns it if it
    /// is new here, moves it if it is already a child.
    func place(_ child: Widget, after sibling: Widget?) {
        if child.hasParent {
            gtk_box_reorder_child_after(box, child.pointer, sibling?.pointer)
        } else {
            add(child) { gtk_box_insert_child_after(box, $0, sibling?.pointer) }
        }
    }

    /// Removes `child` and lets it go.
    func remove(_ child: Widget) {
        gtk_box_remove(box, child.pointer)
        release(child)
    }
}

/// A GtkKitBin: one child, swappable, and its allocated size on request.
final class BinWidget: Widget {
    init() { super.init(gtkkit_bin_new()) }

    /// Shows `child` (unparenting the previous one) and owns it.
    func setChild(_ child: Widget?) {
        gtkkit_bin_set_child(opaque, child?.pointer)
        if let child, !children.contains(where: { $0 === child }) { adopt(child) }
    }

    /// Takes the shown child out without letting the wrapper go.
    func clearChild() { gtkkit_bin_set_child(opaque, nil) }

    func shows(_ child: Widget) -> Bool { gtkkit_bin_get_child(opaque) == child.pointer }

    /// Exactly `width` pixels wide, the child laid out at that width (clipped where
    /// it cannot be as narrow); nil for the child's own width.
    func setFixedWidth(_ width: Int?) { gtkkit_bin_set_fixed_width(opaque, Int32(width ?? -1)) }

    /// Draws the child moved sideways (and turned a little) by `offset` pixels.
    var offset: Double {
        get { gtkkit_bin_get_offset(opaque) }
        set { gtkkit_bin_set_offset(opaque, newValue) }
    }

    /// Calls `action` after every allocation (drags, maximise, programmatic resizes).
    func onAllocate(_ action: @escaping @MainActor () -> Void) {
        gtkkit_bin_set_allocate_callback(opaque, { _, _, data in
            MainActor.assumeIsolated { VoidAction.from(data).function() }
        }, VoidAction(action).retainedPointer(), VoidAction.release)
    }
}

/// A GtkStack: one page visible at a time, with a crossfade.
final class StackWidget: Widget {
    /// `homogeneous`: as large as the largest page; otherwise each page is measured
    /// on its own, so a short page does not take a tall one's height.
    init(homogeneous: Bool) {
        super.init(gtk_stack_new())
        gtk_stack_set_transition_type(opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_set_hhomogeneous(opaque, homogeneous ? 1 : 0)
        gtk_stack_set_vhomogeneous(opaque, homogeneous ? 1 : 0)
        // After the switch has moved the focus into the page: see AppearingFocus.
        let stack = opaque
        on("notify::visible-child") {
            if let page = gtk_stack_get_visible_child(stack) { AppearingFocus.pageShown(page) }
        }
    }

    private var pages: [(name: String, widget: Widget)] = []

    func add(_ child: Widget, name: String) {
        add(child) { gtk_stack_add_named(opaque, $0, name) }
        pages.append((name, child))
    }

    /// Adds a page that does not show yet, hidden from assistive technology as the
    /// other pages not shown are.
    func addHidden(_ child: Widget, name: String) {
        add(child, name: name)
        gtkkit_set_accessible_hidden(child.pointer, 1)
    }

    /// Measures the page `child` as the stack would if it showed it at the stack's
    /// present width, so that its widgets' sizes and text layouts are ready (and kept
    /// in GTK's caches) before its first frame.
    func measureAhead(_ child: Widget) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(child.pointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        let width = max(gtk_widget_get_width(pointer), minimum)
        gtk_widget_measure(child.pointer, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, nil, nil)
    }

    /// Shows the page `name`. GTK keeps the other pages in the accessibility tree, where
    /// a screen reader would find their buttons: they are hidden from it too.
    func show(_ name: String) {
        gtk_stack_set_visible_child_name(opaque, name)
        for page in pages { gtkkit_set_accessible_hidden(page.widget.pointer, page.name == name ? 0 : 1) }
    }
}

/// A GtkScrolledWindow that grows with its content and scrolls past what fits.
final class ScrolledWindowWidget: Widget {
    init(horizontal: Bool, vertical: Bool = true, maximumHeight: Int?) {
        super.init(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(
            opaque, horizontal ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER, vertical ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(opaque, 1)
        gtk_scrolled_window_set_propagate_natural_width(opaque, 1)
        if let maximumHeight { gtk_scrolled_window_set_max_content_height(opaque, Int32(maximumHeight)) }
    }

    func setChild(_ child: Widget) { add(child) { gtk_scrolled_window_set_child(opaque, $0) } }

    /// Scrolls to the content's trailing end each time its width or the view's
    /// changes, until the user scrolls elsewhere.
    func keepTrailingEdgeInView() {
        guard let adjustment = gtk_scrolled_window_get_hadjustment(opaque) else { return }
        let raw = UnsafeMutableRawPointer(adjustment)
        var following = true
        // The extent the last "changed" had: GTK clamps the value (a "value-changed")
        // as it resizes, before it says the new extent, which is no scroll of the user's.
        var extent = (upper: -1.0, page: -1.0)
        func current() -> (upper: Double, page: Double) {
            (gtk_adjustment_get_upper(adjustment), gtk_adjustment_get_page_size(adjustment))
        }
        // NB: "changed" comes during the viewport's allocation, which a value set then
        // would move the scroll bar without moving the content; so it waits for idle,
        // holding a reference to the adjustment (the scroller may be gone by then).
        _ = Signal.connect(raw, "changed") {
            extent = current()
            guard following else { return }
            g_object_ref(raw)
            MainLoop.idle {
                if following {
                    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
                }
                g_object_unref(raw)
            }
        }
        _ = Signal.connect(raw, "value-changed") {
            // Away from the end while the extent stands: the user scrolled.
            let now = current()
            if now == extent, gtk_adjustment_get_value(adjustment) < now.upper - now.page - 0.5 { following = false }
        }
    }
}

/// A GtkOverlay: a child, and widgets over it that do not count towards its size.
final class OverlayWidget: Widget {
    init() { super.init(gtk_overlay_new()) }

    func setChild(_ child: Widget) { add(child) { gtk_overlay_set_child(opaque, $0) } }
    func addOverlay(_ child: Widget) { add(child) { gtk_overlay_add_overlay(opaque, $0) } }
}
