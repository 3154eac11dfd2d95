import CGtk

/// Scrolls its content when it does not fit (GtkScrolledWindow).
public struct ScrollView<Content: View>: PrimitiveView {
    /// The directions content may scroll in.
    public enum Axes: Sendable { case vertical, both }

    let axes: Axes
    let maximumHeight: Int?
    let content: Content

    /// Grows with its content up to `maximumHeight` pixels (unbounded when nil),
    /// then scrolls.
    public init(_ axes: Axes = .vertical, maximumHeight: Int? = nil, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.maximumHeight = maximumHeight
        self.content = content()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let scroller = Widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(
            scroller.raw(), axes == .both ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(scroller.raw(), 1)
        gtk_scrolled_window_set_propagate_natural_width(scroller.raw(), 1)
        if let maximumHeight { gtk_scrolled_window_set_max_content_height(scroller.raw(), Int32(maximumHeight)) }
        let child = content.buildOne(in: context)
        gtk_scrolled_window_set_child(scroller.raw(), child.pointer)
        scroller.adopt(child)
        return [scroller]
    }
}
