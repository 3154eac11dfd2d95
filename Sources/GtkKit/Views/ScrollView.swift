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
        let scroller = ScrolledWindowWidget(horizontal: axes == .both, maximumHeight: maximumHeight)
        scroller.setChild(content.buildOne(in: context))
        return [scroller]
    }
}
