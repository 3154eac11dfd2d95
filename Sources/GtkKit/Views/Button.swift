/// A push button (GtkButton) with a text label; its accessible name is the label.
public struct Button: PrimitiveView {
    private let title: @MainActor () -> String
    private let isBound: Bool
    private let action: @MainActor () -> Void
    private var iconName: String?
    private var content: AnyView?
    /// Set by ``keyboardShortcut(_:modifiers:)``.
    var shortcut: KeyboardShortcut?

    /// A button showing `content` (a label with a key hint, say); give it an
    /// accessible name with `.accessibilityLabel`.
    public init<Content: View>(action: @escaping @MainActor () -> Void, @ViewBuilder content: () -> Content) {
        title = { "" }
        isBound = false
        self.action = action
        self.content = AnyView(content())
    }

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
        let button = ButtonWidget()
        if let content {
            var inner = context
            inner.axis = .horizontal
            button.setChild(content.buildOne(in: inner))
        } else if let iconName {
            button.setIconName(iconName)
            button.accessibleLabel = title()
            button.setTooltip(title())
        } else if isBound {
            button.bind("label", title) { button, title in button.setLabel(title) }
        } else {
            button.setLabel(title())
        }
        button.onClicked(action)
        if let shortcut { button.addShortcut(shortcut) }
        return [button]
    }
}
