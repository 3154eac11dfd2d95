internal import CGtk
internal import CGtkShim

/// What every GtkWidget can do, typed: layout, style, state, focus, accessibility.
extension Widget {
    func setVisible(_ visible: Bool) { gtk_widget_set_visible(pointer, visible ? 1 : 0) }
    var isVisible: Bool { gtk_widget_get_visible(pointer) != 0 }
    func setSensitive(_ sensitive: Bool) { gtk_widget_set_sensitive(pointer, sensitive ? 1 : 0) }

    func addCSSClass(_ name: String) { gtk_widget_add_css_class(pointer, name) }
    func setCSSClass(_ name: String, _ on: Bool) {
        if on { gtk_widget_add_css_class(pointer, name) } else { gtk_widget_remove_css_class(pointer, name) }
    }

    func setMargins(top: Int, leading: Int, bottom: Int, trailing: Int) {
        gtk_widget_set_margin_top(pointer, Int32(top))
        gtk_widget_set_margin_bottom(pointer, Int32(bottom))
        gtk_widget_set_margin_start(pointer, Int32(leading))
        gtk_widget_set_margin_end(pointer, Int32(trailing))
    }

    func setAlignment(horizontal: Alignment?, vertical: Alignment?) {
        if let horizontal { gtk_widget_set_halign(pointer, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(pointer, vertical.gtk) }
    }

    func setExpand(horizontal: Bool, vertical: Bool) {
        gtk_widget_set_hexpand(pointer, horizontal ? 1 : 0)
        gtk_widget_set_vexpand(pointer, vertical ? 1 : 0)
    }

    /// A minimum size; nil leaves that axis to the widget's own measure.
    func setMinimumSize(width: Int?, height: Int?) {
        gtk_widget_set_size_request(pointer, Int32(width ?? -1), Int32(height ?? -1))
    }

    /// A tooltip, which assistive technology also reads as the widget's description.
    /// GTK 4.8 writes the tooltip into the accessible description itself; Debian 13's
    /// GTK 4.18 does not, so GtkKit sets both and a screen reader hears the same on
    /// both.
    func setTooltip(_ text: String) {
        gtk_widget_set_tooltip_text(pointer, text)
        gtkkit_set_accessible_description(pointer, text)
    }
    func setWidgetName(_ name: String) { gtk_widget_set_name(pointer, name) }
    func setFocusable(_ focusable: Bool) { gtk_widget_set_focusable(pointer, focusable ? 1 : 0) }
    /// Moves the keyboard focus here; false if the widget cannot take it now (it is not
    /// in a shown window yet, or not focusable).
    @discardableResult
    func grabFocus() -> Bool { gtk_widget_grab_focus(pointer) != 0 }

    /// Whether the widget is on screen (mapped).
    var isMapped: Bool { gtk_widget_get_mapped(pointer) != 0 }

    /// Whether the keyboard focus is on this widget or inside it.
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root) else { return false }
        return focus == pointer || gtk_widget_is_ancestor(focus, pointer) != 0
    }

    /// Takes the keyboard focus away from this widget (and from inside it): the window
    /// keeps no focused widget, as after a click on its background.
    func resignFocus() {
        guard containsFocus, let root = gtk_widget_get_root(pointer) else { return }
        gtk_root_set_focus(root, nil)
    }

    /// Reports the keyboard focus entering this widget (or a widget inside it) with
    /// true, and leaving it with false.
    func onFocusChange(_ action: @escaping @MainActor (Bool) -> Void) {
        let controller: OpaquePointer = gtk_event_controller_focus_new()
        let object = UnsafeMutableRawPointer(controller)
        Signal.connect(object, "enter") { action(true) }
        Signal.connect(object, "leave") { action(false) }
        gtk_widget_add_controller(pointer, controller)
    }
    func setOpacity(_ opacity: Double) { gtk_widget_set_opacity(pointer, opacity) }
    func setReceivesInput(_ receives: Bool) { gtk_widget_set_can_target(pointer, receives ? 1 : 0) }

    /// The window this widget sits in, if it sits in one.
    var rootWindow: UnsafeMutablePointer<GtkWindow>? {
        guard let root = gtk_widget_get_root(pointer) else { return nil }
        let object = UnsafeMutableRawPointer(root)
        guard gtkkit_is_a(object, gtk_window_get_type()) != 0 else { return nil }
        return object.assumingMemoryBound(to: GtkWindow.self)
    }

    /// Whether the widget sits in a window (it may have been taken out of one).
    var hasParent: Bool { gtk_widget_get_parent(pointer) != nil }

    var width: Int { Int(gtk_widget_get_width(pointer)) }
    var height: Int { Int(gtk_widget_get_height(pointer)) }

    /// Handles key presses that reach this widget — in `phase` `.bubble`, after the
    /// focused widget inside it had them; in `.capture`, before — and optionally key
    /// releases. A `.capture` handler sees no key while an input method composes in the
    /// focused entry: Escape, Enter and Space are the input method's until it commits.
    func onKeyPress(
        phase: KeyPressPhase,
        _ handler: @escaping @MainActor (KeyPress) -> Bool,
        released: (@MainActor () -> Void)? = nil
    ) {
        let controller: OpaquePointer = gtk_event_controller_key_new()
        gtk_event_controller_set_propagation_phase(controller, phase == .capture ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
        Signal.connectKey(UnsafeMutableRawPointer(controller)) { [pointer] keyval, state in
            if phase == .capture && gtkkit_focus_is_composing(pointer) != 0 { return false }
            return handler(KeyPress(keyval: keyval, state: state))
        }
        if let released { Signal.connectKeyRelease(UnsafeMutableRawPointer(controller), released) }
        gtk_widget_add_controller(pointer, controller)
    }

    /// Reports drags on this widget: where it began, then the offset from there as it
    /// moves, then the final offset.
    func onDrag(
        begin: @escaping @MainActor () -> Void,
        update: @escaping @MainActor (Double) -> Void,
        end: @escaping @MainActor (Double) -> Void
    ) {
        let gesture: OpaquePointer = gtk_gesture_drag_new()
        let object = UnsafeMutableRawPointer(gesture)
        Signal.connectPoint(object, "drag-begin") { _, _ in begin() }
        Signal.connectPoint(object, "drag-update") { x, _ in update(x) }
        Signal.connectPoint(object, "drag-end") { x, _ in end(x) }
        gtk_widget_add_controller(pointer, gesture)
    }

    /// Runs `action` when the widget is clicked (pressed and released on it).
    func onClick(_ action: @escaping @MainActor () -> Void) {
        let gesture: OpaquePointer = gtk_gesture_click_new()
        Signal.connectClick(UnsafeMutableRawPointer(gesture), action)
        gtk_widget_add_controller(pointer, gesture)
    }

    // MARK: Accessibility

    func setAccessibleDescription(_ text: String) { gtkkit_set_accessible_description(pointer, text) }

    /// `other`'s name is read as this widget's description (the described-by relation).
    func setDescribed(by other: Widget) { gtkkit_set_accessible_described_by(pointer, other.pointer) }

    /// Leaves the widget out of the accessibility tree (or puts it back); it still shows.
    func setHiddenFromAssistiveTechnology(_ hidden: Bool) { gtkkit_set_accessible_hidden(pointer, hidden ? 1 : 0) }
}

extension Alignment {
    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .center: GTK_ALIGN_CENTER
        case .end: GTK_ALIGN_END
        }
    }
}

extension Axis {
    var orientation: GtkOrientation {
        self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
    }
}

/// One key press, as seen by `onKeyPress`.
/// When a key handler sees a key press, relative to the focused widget inside it.
public enum KeyPressPhase: Sendable {
    /// After the focused widget: a key it consumes (a digit typed into an entry, Space
    /// on a button) never reaches the handler. SwiftUI's behaviour, and the default.
    case bubble
    /// Before the focused widget: the handler sees every key first and may stop it.
    case capture
}

public struct KeyPress: Sendable {
    public let keyval: UInt32
    let state: GdkModifierType

    /// The character typed, if the key has one ("1", "a", " ").
    public var character: Character? {
        let code = gdk_keyval_to_unicode(keyval)
        guard code != 0, let scalar = Unicode.Scalar(code) else { return nil }
        return Character(scalar)
    }

    public var isEscape: Bool { keyval == UInt32(GDK_KEY_Escape) }
    public var isLeft: Bool { keyval == UInt32(GDK_KEY_Left) || keyval == UInt32(GDK_KEY_KP_Left) }
    public var isRight: Bool { keyval == UInt32(GDK_KEY_Right) || keyval == UInt32(GDK_KEY_KP_Right) }
    /// Escape, or Alt+Left: "go back" in GNOME apps.
    public var isBack: Bool {
        (isEscape && !hasModifiers) || (isLeft && state.rawValue & GDK_ALT_MASK.rawValue != 0)
    }
    public var isSpace: Bool { keyval == UInt32(GDK_KEY_space) || keyval == UInt32(GDK_KEY_KP_Space) }
    /// Enter, on the main keyboard or the keypad.
    public var isReturn: Bool {
        keyval == UInt32(GDK_KEY_Return) || keyval == UInt32(GDK_KEY_KP_Enter) || keyval == UInt32(GDK_KEY_ISO_Enter)
    }
    public var hasModifiers: Bool {
        state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue) != 0
    }
}
