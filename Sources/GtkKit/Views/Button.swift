import CGtk
import CGtkShim

/// A push button (GtkButton) with a text label; its accessible name is the label.
public struct Button: PrimitiveView {
    private let title: @MainActor () -> String
    private let isBound: Bool
    private let action: @MainActor () -> Void
    private var iconName: String?

    public init(_ title: String, action: @escaping @MainActor () -> Void) {
        self.title = { title }
        isBound = false
        self.action = action
    }

    /// An icon button; `title` is its accessible name and tooltip.
    public init(iconName: String, title: String, action: @escaping @MainActor () -> Void) {
        self.init(title, action: action)
        self.iconName = iconName
    }

    /// A button whose label follows the state `title` reads.
    public init(title: @escaping @MainActor () -> String, action: @escaping @MainActor () -> Void) {
        self.title = title
        isBound = true
        self.action = action
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let button = Widget(gtk_button_new())
        if let iconName {
            gtk_button_set_icon_name(button.raw(), iconName)
            gtkkit_set_accessible_label(button.pointer, title())
            gtk_widget_set_tooltip_text(button.pointer, title())
            button.on("clicked", action)
            return [button]
        }
        if isBound {
            button.bind("label", title) { button, title in
                gtk_button_set_label(button.raw(), title)
                button.reapplyAccessibleLabel()
            }
        } else {
            gtk_button_set_label(button.raw(), title())
        }
        gtk_button_set_use_underline(button.raw(), 0)
        button.on("clicked", action)
        return [button]
    }
}

extension Widget {
    /// Runs `action` on a signal of this widget; the closure is owned by GObject.
    func on(_ signal: String, _ action: @escaping @MainActor () -> Void) {
        Signal.connect(pointer, signal, action)
    }
}
