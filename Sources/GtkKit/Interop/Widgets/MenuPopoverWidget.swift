internal import CGtk
internal import CGtkShim

/// A GtkPopover attached to a widget, holding a column of buttons: a context menu.
/// A click on any button in it closes it, after the button's own action.
final class MenuPopoverWidget: Widget {
    private var popover: UnsafeMutablePointer<GtkPopover> { gtk(GtkPopover.self) }

    init(over owner: Widget, items: Widget) {
        super.init(gtk_popover_new())
        gtk_popover_set_has_arrow(popover, 0)
        gtk_popover_set_position(popover, GTK_POS_BOTTOM)
        gtk_widget_set_halign(pointer, GTK_ALIGN_START)
        addCSSClass("menu")
        add(items) { gtk_popover_set_child(popover, $0) }
        closeOnClicks(in: items.pointer)
        owner.add(self) { gtk_widget_set_parent($0, owner.pointer) }
        // A popover is a child GTK does not take out by itself: the owner's dispose
        // would find it still attached. An open one is closed first, giving back the
        // pointer and keyboard it took.
        owner.onTeardown { [unowned self] in
            gtk_popover_popdown(self.popover)
            gtk_widget_unparent(self.pointer)
        }
    }

    /// Opens pointing at `point` in the owner's coordinates (where the click was), or
    /// at the whole owner when there is none (a key opened it).
    func open(at point: (x: Double, y: Double)?) {
        if let point {
            var rectangle = GdkRectangle(x: Int32(point.x), y: Int32(point.y), width: 1, height: 1)
            gtk_popover_set_pointing_to(popover, &rectangle)
        } else {
            gtk_popover_set_pointing_to(popover, nil)
        }
        gtk_popover_popup(popover)
    }

    /// Every button inside closes the menu once clicked, and looks like a menu item.
    private func closeOnClicks(in widget: UnsafeMutablePointer<GtkWidget>) {
        forEachWidget(in: widget) { widget in
            guard gtkkit_is_a(UnsafeMutableRawPointer(widget), gtk_button_get_type()) != 0 else { return }
            gtk_widget_add_css_class(widget, "flat")
            if let label = gtk_widget_get_first_child(widget),
               gtkkit_is_a(UnsafeMutableRawPointer(label), gtk_label_get_type()) != 0 {
                gtk_label_set_xalign(OpaquePointer(label), 0)
            }
            Signal.connect(UnsafeMutableRawPointer(widget), "clicked") { [weak self] in
                guard let self else { return }
                gtk_popover_popdown(self.popover)
            }
        }
    }
}

extension Widget {
    /// Runs `action` when a context menu is asked for on this widget: a secondary click
    /// or a long press on a touch screen (with where, in this widget's coordinates), or
    /// Shift+F10 or the Menu key while the focus is inside it (with no place).
    func onContextMenuRequest(_ action: @escaping @MainActor ((x: Double, y: Double)?) -> Void) {
        let click: OpaquePointer = gtk_gesture_click_new()
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_SECONDARY))
        Signal.connectClickPoint(UnsafeMutableRawPointer(click), "pressed") { x, y in action((x, y)) }
        gtk_widget_add_controller(pointer, click)
        let press: OpaquePointer = gtk_gesture_long_press_new()
        gtk_gesture_single_set_touch_only(press, 1)
        Signal.connectPoint(UnsafeMutableRawPointer(press), "pressed") { x, y in action((x, y)) }
        gtk_widget_add_controller(pointer, press)
        onKeyPress(phase: .bubble) { key in
            let shifted = key.state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            guard key.keyval == UInt32(GDK_KEY_Menu) || (key.keyval == UInt32(GDK_KEY_F10) && shifted) else { return false }
            action(nil)
            return true
        }
    }
}
