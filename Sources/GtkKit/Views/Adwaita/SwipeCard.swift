/// Which way a card was swiped.
public enum SwipeDirection: Sendable {
    case left, right
}

/// A card that follows the pointer sideways: let go past `threshold` pixels and
/// `onSwipe` says which way; short of it, the card springs back. A click (a press
/// and release without a drag) calls `onTap`.
public struct SwipeCard<Content: View>: PrimitiveView {
    let threshold: Double
    let onSwipe: @MainActor (SwipeDirection) -> Void
    let onTap: @MainActor () -> Void
    let content: Content

    public init(
        threshold: Double = 100, onSwipe: @escaping @MainActor (SwipeDirection) -> Void,
        onTap: @escaping @MainActor () -> Void, @ViewBuilder content: () -> Content
    ) {
        self.threshold = threshold
        self.onSwipe = onSwipe
        self.onTap = onTap
        self.content = content()
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let card = BinWidget()
        card.setChild(content.buildOne(in: context))
        let threshold = self.threshold
        let onSwipe = self.onSwipe
        var animation: SpringAnimation?
        card.onDrag(begin: {
            animation?.skip()
            animation = nil
        }, update: { [unowned card] x in
            card.offset = x
        }, end: { [unowned card] x in
            if abs(x) >= threshold {
                card.offset = 0
                onSwipe(x > 0 ? .right : .left)
                return
            }
            guard x != 0 else { return }
            animation = SpringAnimation(on: card, from: x, to: 0) { [weak card] value in card?.offset = value }
            animation?.play()
        })
        card.onClick(onTap)
        return [card]
    }
}
