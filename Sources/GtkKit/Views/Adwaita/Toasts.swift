import Observation

/// Brief news for the person ("Saved", "Deck imported"), shown by `.toasts(from:)`.
@MainActor @Observable
public final class Toaster {
    /// One piece of news, and the button that goes with it, if any.
    struct Toast {
        let message: String
        let button: (title: String, action: @MainActor () -> Void)?
    }

    private var queued: [Toast] = []

    /// The messages not shown yet, oldest first.
    public var pending: [String] { queued.map(\.message) }

    public init() {}

    /// Queues `message` to show for a few seconds.
    public func show(_ message: String) { queued.append(Toast(message: message, button: nil)) }

    /// Queues `message` with a button titled `title` that runs `action` and closes the
    /// toast: "Details" for news too long for a narrow window's toast, which cuts it
    /// short, where the whole of it is elsewhere.
    public func show(_ message: String, button title: String, action: @escaping @MainActor () -> Void) {
        queued.append(Toast(message: message, button: (title, action)))
    }

    fileprivate func takeAll() -> [Toast] {
        let taken = queued
        if !taken.isEmpty { queued = [] }
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
            for toast in toaster.takeAll() { overlay.show(toast.message, button: toast.button) }
        }
        return [overlay]
    }
}
