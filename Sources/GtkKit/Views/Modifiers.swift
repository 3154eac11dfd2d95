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
        modified { $0.setMargins(top: top, leading: leading, bottom: bottom, trailing: trailing) }
    }

    /// Where the widget sits in the space its parent gives it.
    public func align(horizontal: Alignment? = nil, vertical: Alignment? = nil) -> ModifiedView<Self> {
        modified { $0.setAlignment(horizontal: horizontal, vertical: vertical) }
    }

    /// Whether the widget takes extra space along each axis.
    public func expand(horizontal: Bool = false, vertical: Bool = false) -> ModifiedView<Self> {
        modified { $0.setExpand(horizontal: horizontal, vertical: vertical) }
    }

    /// A minimum size in pixels; an axis left nil keeps its natural size.
    public func frame(minWidth: Int? = nil, minHeight: Int? = nil) -> ModifiedView<Self> {
        modified { $0.setMinimumSize(width: minWidth, height: minHeight) }
    }

    /// Exactly `width` pixels wide, whatever the content would like: cells of a
    /// list's rows that line up as columns. The content is laid out at that width
    /// (a `.truncating()` text is cut short with "…") and clipped where it cannot be
    /// that narrow.
    public func frame(width: Int) -> FixedWidth<Self> { FixedWidth(content: self, width: width) }

    /// Adds style classes, such as "title-1", "suggested-action" or "dim-label".
    public func cssClass(_ names: String...) -> ModifiedView<Self> {
        modified { widget in names.forEach(widget.addCSSClass) }
    }

    /// Adds or removes a style class as `condition` changes.
    public func cssClass(_ name: String, when condition: @escaping @MainActor () -> Bool)
        -> ModifiedView<Self>
    {
        modified { widget in
            widget.bind("css-class", condition) { widget, on in widget.setCSSClass(name, on) }
        }
    }

    /// Sensitivity that follows state: insensitive widgets ignore input and look dimmed.
    public func enabled(_ isEnabled: @escaping @MainActor () -> Bool) -> ModifiedView<Self> {
        modified { widget in
            widget.bind("sensitive", isEnabled) { widget, enabled in widget.setSensitive(enabled) }
        }
    }

    /// Visibility that follows state.
    public func visible(_ isVisible: @escaping @MainActor () -> Bool) -> ModifiedView<Self> {
        modified { widget in
            widget.bind("visible", isVisible) { widget, visible in widget.setVisible(visible) }
        }
    }

    /// A tooltip; assistive technology reads it as the description.
    public func help(_ text: String) -> ModifiedView<Self> {
        modified { $0.setTooltip(text) }
    }

    /// A tooltip that follows state (a control that says why it is insensitive, say);
    /// assistive technology reads it as the description.
    public func help(_ text: @escaping @MainActor () -> String) -> ModifiedView<Self> {
        modified { widget in widget.bind("tooltip", text) { widget, text in widget.setTooltip(text) } }
    }

    /// Runs `action` each time the widget is shown (mapped): when its page or window shows,
    /// not when it is built. Work a screen needs only once seen starts here.
    public func onAppear(_ action: @escaping @MainActor () -> Void) -> ModifiedView<Self> {
        modified { widget in widget.on("map", action) }
    }

    /// Sets GtkWidget:name, which tests and debugging look widgets up by and CSS
    /// matches as `#name`. It is not an identity: nothing is kept or rebuilt by it.
    public func widgetName(_ name: String) -> ModifiedView<Self> {
        modified { $0.setWidgetName(name) }
    }

    /// Lets Tab reach the widget (or not).
    public func focusable(_ isFocusable: Bool = true) -> ModifiedView<Self> {
        modified { $0.setFocusable(isFocusable) }
    }

    /// Handles key presses that reach this widget: return true to stop the key there.
    ///
    /// By default (`.bubble`, as in SwiftUI) a key goes first to the focused widget
    /// inside, so an entry keeps the digits typed into it and a button its Space; only
    /// what they leave reaches `handler`. With `.capture` the handler sees every key
    /// first, for shortcuts that must win over the focused widget.
    public func onKeyPress(
        phase: KeyPressPhase = .bubble, _ handler: @escaping @MainActor (KeyPress) -> Bool
    ) -> ModifiedView<Self> {
        modified { $0.onKeyPress(phase: phase, handler) }
    }
}

/// A view made exactly as wide as given; see ``View/frame(width:)``.
public struct FixedWidth<Content: View>: PrimitiveView {
    let content: Content
    let width: Int

    public func _build(in context: BuildContext) -> [Widget] {
        let bin = BinWidget()
        bin.setFixedWidth(width)
        bin.setChild(content.buildOne(in: context))
        return [bin]
    }
}
