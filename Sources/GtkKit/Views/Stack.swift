/// Children stacked top to bottom (a vertical GtkBox).
public struct VStack<Content: View>: PrimitiveView {
    let spacing: Int
    let content: Content

    public init(spacing: Int = 6, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        [stack(.vertical, spacing: spacing, content: content, context: context)]
    }
}

/// Children side by side, leading to trailing (a horizontal GtkBox).
public struct HStack<Content: View>: PrimitiveView {
    let spacing: Int
    let content: Content

    public init(spacing: Int = 6, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        [stack(.horizontal, spacing: spacing, content: content, context: context)]
    }
}

/// A box along `axis` holding `content`'s widgets.
@MainActor
private func stack<Content: View>(_ axis: Axis, spacing: Int, content: Content, context: BuildContext) -> Widget {
    var inner = context
    inner.axis = axis
    inner.spacing = spacing
    let box = BoxWidget(axis, spacing: spacing)
    content._build(in: inner).forEach(box.append)
    return box
}
