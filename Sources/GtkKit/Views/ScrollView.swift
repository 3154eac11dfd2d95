/// Scrolls its content when it does not fit (GtkScrolledWindow).
public struct ScrollView<Content: View>: PrimitiveView {
    /// The directions content may scroll in.
    public enum Axes: Sendable {
        case vertical, both
        /// Sideways only: as tall as its content, whose width may exceed the view's.
        case horizontal
    }

    /// Where a content wider than the view is first seen from.
    public enum Anchor: Sendable { case leading, trailing }

    let axes: Axes
    let maximumHeight: Int?
    let anchor: Anchor
    let content: Content

    /// Grows with its content up to `maximumHeight` pixels (unbounded when nil),
    /// then scrolls. With `anchor` `.trailing` a content that scrolls sideways shows
    /// its end (the latest days of a calendar, say) until the user scrolls, as
    /// SwiftUI's `defaultScrollAnchor(.trailing)` does.
    public init(
        _ axes: Axes = .vertical, maximumHeight: Int? = nil, anchor: Anchor = .leading, @ViewBuilder content: () -> Content
    ) {
        self.axes = axes
        self.maximumHeight = maximumHeight
        self.anchor = anchor
        self.content = content()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let scroller = ScrolledWindowWidget(
            horizontal: axes != .vertical, vertical: axes != .horizontal, maximumHeight: maximumHeight)
        scroller.setChild(content.buildOne(in: context))
        if anchor == .trailing { scroller.keepTrailingEdgeInView() }
        return [scroller]
    }
}
