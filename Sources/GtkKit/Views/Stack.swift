import CGtk

/// Children stacked top to bottom (a vertical GtkBox).
public struct VStack<Content: View>: PrimitiveView {
    let spacing: Int
    let content: Content

    public init(spacing: Int = 6, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        [Widget.stack(.vertical, spacing: spacing, content: content, context: context)]
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
        [Widget.stack(.horizontal, spacing: spacing, content: content, context: context)]
    }
}

/// Takes the free space along its stack's axis.
public struct Spacer: PrimitiveView {
    public init() {}

    public func _build(in context: BuildContext) -> [Widget] {
        let widget = Widget(gtk_box_new(context.axis.orientation, 0))
        if context.axis == .vertical {
            gtk_widget_set_vexpand(widget.pointer, 1)
        } else {
            gtk_widget_set_hexpand(widget.pointer, 1)
        }
        return [widget]
    }
}

extension Widget {
    static func box(_ axis: Axis, spacing: Int, children: [Widget]) -> Widget {
        let box = Widget(gtk_box_new(axis.orientation, Int32(spacing)))
        for child in children { box.appendToBox(child) }
        return box
    }

    static func stack<Content: View>(
        _ axis: Axis, spacing: Int, content: Content, context: BuildContext
    ) -> Widget {
        var inner = context
        inner.axis = axis
        inner.spacing = spacing
        return box(axis, spacing: spacing, children: content._build(in: inner))
    }

    func appendToBox(_ child: Widget) {
        gtk_box_append(raw(), child.pointer)
        adopt(child)
    }
}
