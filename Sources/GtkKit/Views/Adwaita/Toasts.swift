import Observation

/// Brief news for the person ("Saved", "Deck imported"), shown by `.toasts(from:)`.
@MainActor @Observable
public final class Toaster {
    /// News not shown yet, oldest first.
    public private(set) var pending: [String] = []

    public init() {}

    /// Queues `message` to show for a few seconds.
    public func show(_ message: String) { pending.append(message) }

    fileprivate func takeAll() -> [String] {
        let taken = pending
        if !taken.isEmpty { pending = [] }
        return taken
    }
}

extension View {
    /// Shows `toaster`'s news over this view (AdwToastOverlay), one after another.
    public func toasts(from toaster: Toaster) -> Toasting<Self> {
        Toasting(content: self, toaster: toaster)
    }
}

/// Content under a toast overlay; see `toasts(from:)`.
public struct Toasting<Content: View>: PrimitiveView {
    let content: Content
    let toaster: Toaster

    public func _build(in context: BuildContext) -> [Widget] {
        let overlay = ToastOverlayWidget()
        overlay.setChild(content.buildOne(in: context))
        let toaster = self.toaster
        overlay.bind("toasts", { toaster.pending }) { overlay, _ in
            toaster.takeAll().forEach(overlay.show)
        }
        return [overlay]
    }
}
