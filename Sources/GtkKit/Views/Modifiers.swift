import CGtk
import CGtkShim

/// A view with a change applied to each widget it builds.
public struct ModifiedView<Content: View>: PrimitiveView {
    let content: Content
    let modify: @MainActor (Widget) -> Void

    public func _build(in context: BuildContext) -> [Widget] {
        let widgets = content._build(in: context)
        for widget in widgets { modify(widget) }
        return widgets
    }
}

public enum Alignment: Sendable {
    case fill, start, center, end

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .center: GTK_ALIGN_CENTER
        case .end: GTK_ALIGN_END
        }
    }
}

extension View {
    func modified(_ modify: @escaping @MainActor (Widget) -> Void) -> ModifiedView<Self> {
        ModifiedView(content: self, modify: modify)
    }

    /// Margins on every side.
    public func padding(_ length: Int = 12) -> ModifiedView<Self> {
        padding(top: length, leading: length, bottom: length, trailing: length)
    }

    public func padding(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0)
        -> ModifiedView<Self>
    {
        modified { widget in
            gtk_widget_set_margin_top(widget.pointer, Int32(top))
            gtk_widget_set_margin_bottom(widget.pointer, Int32(bottom))
            gtk_widget_set_margin_start(widget.pointer, Int32(leading))
            gtk_widget_set_margin_end(widget.pointer, Int32(trailing))
        }
    }

    /// Where the widget sits in the space its parent gives it.
    public func align(horizontal: Alignment? = nil, vertical: Alignment? = nil) -> ModifiedView<Self> {
        modified { widget in
            if let horizontal { gtk_widget_set_halign(widget.pointer, horizontal.gtk) }
            if let vertical { gtk_widget_set_valign(widget.pointer, vertical.gtk) }
        }
    }

    /// Whether the widget takes extra space along each axis.
    public func expand(horizontal: Bool = false, vertical: Bool = false) -> ModifiedView<Self> {
        modified { widget in
            gtk_widget_set_hexpand(widget.pointer, horizontal ? 1 : 0)
            gtk_widget_set_vexpand(widget.pointer, vertical ? 1 : 0)
        }
    }

    /// A minimum size in pixels (-1 leaves an axis natural).
    public func frame(minWidth: Int = -1, minHeight: Int = -1) -> ModifiedView<Self> {
        modified { gtk_widget_set_size_request($0.pointer, Int32(minWidth), Int32(minHeight)) }
    }

    /// Adds style classes, such as "title-1", "suggested-action" or "dim-label".
    public func cssClass(_ names: String...) -> ModifiedView<Self> {
        modified { widget in names.forEach { gtk_widget_add_css_class(widget.pointer, $0) } }
    }

    /// Adds or removes a style class as `condition` changes.
    public func cssClass(_ name: String, when condition: @escaping @MainActor () -> Bool)
        -> ModifiedView<Self>
    {
        modified { widget in
            widget.bind("css-class[\(name)]", condition) { widget, on in
                if on {
                    gtk_widget_add_css_class(widget.pointer, name)
                } else {
                    gtk_widget_remove_css_class(widget.pointer, name)
                }
            }
        }
    }

    /// Sensitivity that follows state: insensitive widgets ignore input and look dimmed.
    public func enabled(_ isEnabled: @escaping @MainActor () -> Bool) -> ModifiedView<Self> {
        modified { widget in
            widget.bind("sensitive", isEnabled) { gtk_widget_set_sensitive($0.pointer, $1 ? 1 : 0) }
        }
    }

    /// Visibility that follows state.
    public func visible(_ isVisible: @escaping @MainActor () -> Bool) -> ModifiedView<Self> {
        modified { widget in
            widget.bind("visible", isVisible) { gtk_widget_set_visible($0.pointer, $1 ? 1 : 0) }
        }
    }

    /// A tooltip.
    public func help(_ text: String) -> ModifiedView<Self> {
        modified { gtk_widget_set_tooltip_text($0.pointer, text) }
    }

    /// Sets GtkWidget:name, which tests and debugging look widgets up by and CSS
    /// matches as `#name`. It is not an identity: nothing is kept or rebuilt by it.
    public func widgetName(_ name: String) -> ModifiedView<Self> {
        modified { gtk_widget_set_name($0.pointer, name) }
    }

    /// Lets Tab reach the widget (or not).
    public func focusable(_ isFocusable: Bool = true) -> ModifiedView<Self> {
        modified { gtk_widget_set_focusable($0.pointer, isFocusable ? 1 : 0) }
    }

    /// Handles key presses that reach this widget (capture phase): return
    /// true to stop the key there.
    public func onKeyPress(_ handler: @escaping @MainActor (KeyPress) -> Bool) -> ModifiedView<Self> {
        modified { widget in
            // safe: GLib and GTK constructors abort on out-of-memory; they never return NULL.
            let controller = gtk_event_controller_key_new()!
            gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
            Signal.connectKey(UnsafeMutableRawPointer(controller)) { keyval, state in
                handler(KeyPress(keyval: keyval, state: state))
            }
            gtk_widget_add_controller(widget.pointer, controller)
        }
    }
}

/// One key press, as seen by `onKeyPress`.
public struct KeyPress: Sendable {
    public let keyval: UInt32
    let state: GdkModifierType

    /// The character typed, if the key has one ("1", "a", " ").
    public var character: Character? {
        let code = gdk_keyval_to_unicode(keyval)
        guard code != 0, let scalar = Unicode.Scalar(code) else { return nil }
        return Character(scalar)
    }

    public var isEnter: Bool {
        keyval == UInt32(GDK_KEY_Return) || keyval == UInt32(GDK_KEY_KP_Enter)
            || keyval == UInt32(GDK_KEY_ISO_Enter)
    }
    public var isEscape: Bool { keyval == UInt32(GDK_KEY_Escape) }
    public var isSpace: Bool { keyval == UInt32(GDK_KEY_space) || keyval == UInt32(GDK_KEY_KP_Space) }
    public var hasModifiers: Bool {
        state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue) != 0
    }
}
