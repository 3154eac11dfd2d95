internal import CGtk
internal import CGtkShim

/// A GtkButton with a text or an icon.
final class ButtonWidget: Widget {
    private var button: UnsafeMutablePointer<GtkButton> { gtk(GtkButton.self) }

    init() {
        super.init(gtk_button_new())
        // Labels are plain text: an underscore is a character, not a mnemonic.
        gtk_button_set_use_underline(button, 0)
    }

    /// Sets the text, keeping an accessible name set apart from it.
    func setLabel(_ text: String) {
        gtk_button_set_label(button, text)
        reapplyAccessibleLabel()
    }

    func setIconName(_ name: String) { gtk_button_set_icon_name(button, name) }
    func setChild(_ child: Widget) { add(child) { gtk_button_set_child(button, $0) } }
    func onClicked(_ action: @escaping @MainActor () -> Void) { on("clicked", action) }

    /// Emits "clicked" when `shortcut` is typed anywhere in the window. The window's
    /// shortcut manager runs it (the managed scope), and GTK skips a shortcut whose
    /// widget is insensitive or unmapped, so a disabled or hidden button is not pressed.
    func addShortcut(_ shortcut: KeyboardShortcut) {
        let controller = gtk_shortcut_controller_new()
        gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_MANAGED)
        // "clicked" itself, not gtk_widget_activate: activating a button animates the
        // press and emits "clicked" a quarter of a second later.
        gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(shortcut.trigger, gtk_signal_action_new("clicked")))
        gtk_widget_add_controller(pointer, controller)
    }
}

/// A GtkCheckButton with a label.
final class CheckButtonWidget: Widget, TwoWayControl {
    static let changeSignal = "toggled"
    private var check: UnsafeMutablePointer<GtkCheckButton> { gtk(GtkCheckButton.self) }

    init(label: String) { super.init(gtk_check_button_new_with_label(label)) }

    var value: Bool { gtk_check_button_get_active(check) != 0 }
    func setValue(_ active: Bool) { gtk_check_button_set_active(check, active ? 1 : 0) }
}

/// A GtkToggleButton showing an icon: pressed while on.
final class ToggleButtonWidget: Widget, TwoWayControl {
    static let changeSignal = "toggled"
    private var toggle: UnsafeMutablePointer<GtkToggleButton> { gtk(GtkToggleButton.self) }

    init(iconName: String) {
        super.init(gtk_toggle_button_new())
        gtk_button_set_icon_name(gtk(GtkButton.self), iconName)
    }

    var value: Bool { gtk_toggle_button_get_active(toggle) != 0 }
    func setValue(_ active: Bool) { gtk_toggle_button_set_active(toggle, active ? 1 : 0) }
}

/// A GtkSwitch.
final class SwitchWidget: Widget, TwoWayControl {
    static let changeSignal = "notify::active"

    init() { super.init(gtk_switch_new()) }

    var value: Bool { gtk_switch_get_active(opaque) != 0 }
    func setValue(_ active: Bool) { gtk_switch_set_active(opaque, active ? 1 : 0) }
}

/// A GtkSpinButton over a range of whole numbers.
final class SpinButtonWidget: Widget, TwoWayControl {
    static let changeSignal = "value-changed"

    init(range: ClosedRange<Int>) {
        super.init(gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), 1))
    }

    var value: Int { Int(gtk_spin_button_get_value_as_int(opaque)) }
    func setValue(_ number: Int) { gtk_spin_button_set_value(opaque, Double(number)) }
}

/// A GtkDropDown of fixed strings.
final class DropDownWidget: Widget, TwoWayControl {
    static let changeSignal = "notify::selected"

    init(options: [String]) {
        super.init(withCStrings(options) { gtkkit_drop_down_new_from_strings($0, Int32(options.count)) })
    }

    /// The position GtkDropDown reports, and is given, for no option selected
    /// (GTK_INVALID_LIST_POSITION).
    static let noSelection = Int(UInt32.max)

    var value: Int { Int(gtk_drop_down_get_selected(opaque)) }
    func setValue(_ index: Int) { gtk_drop_down_set_selected(opaque, guint(clamping: index)) }

    // GTK 4.8's drop-down is a toggle button inside a box, and the toggle button is
    // what takes the focus and what a screen reader lands on: it carries the name too
    // (the shipped app's accessibility walk found it unnamed on the card browser).
    override var accessibleLabel: String? {
        didSet {
            if let accessibleLabel, let button = gtk_widget_get_first_child(pointer) {
                gtkkit_set_accessible_label(button, accessibleLabel)
            }
        }
    }
}
