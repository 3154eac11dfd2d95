extension View {
    /// The name assistive technology reads, when it differs from the visible text.
    public func accessibilityLabel(_ label: String) -> ModifiedView<Self> {
        modified { $0.accessibleLabel = label }
    }

    /// A name that follows state, e.g. "4 characters, name is long enough".
    public func accessibilityLabel(_ label: @escaping @MainActor () -> String) -> ModifiedView<Self> {
        modified { widget in
            widget.bind("accessible-label", label) { widget, label in widget.accessibleLabel = label }
        }
    }

    /// Marks this view as the one `reference` stands for, so others can point to it.
    public func accessibilityReference(_ reference: AccessibilityReference) -> ModifiedView<Self> {
        modified { reference.resolve($0) }
    }

    /// Says that the view `reference` stands for describes this one: a screen reader
    /// reads its name as this control's description (GTK's described-by relation).
    public func accessibilityDescribed(by reference: AccessibilityReference) -> ModifiedView<Self> {
        modified { widget in
            reference.whenResolved { [weak widget] target in widget?.setDescribed(by: target) }
        }
    }

    /// Announces `message` to assistive technology each time it changes (not when the
    /// view first appears), like a polite live region: "Score: 3 of 5".
    ///
    /// GTK 4.8 has no announcement call; an invisible label with the alert role is
    /// re-added to the accessibility tree with the new text, which screen readers
    /// present as they do any alert that appears.
    public func accessibilityAnnouncement(_ message: @escaping @MainActor () -> String) -> Announcing<Self> {
        Announcing(content: self, message: message)
    }
}

/// Stands for one view of a tree so that another can refer to it (for accessibility
/// relations), whichever of the two is built first.
@MainActor
public final class AccessibilityReference {
    let link = WidgetLink<Widget>()
    public init() {}
    func resolve(_ widget: Widget) { link.resolve(widget) }
    func whenResolved(_ action: @escaping @MainActor (Widget) -> Void) { link.whenResolved(action) }
}

/// One widget that others wait for: actions given before it is built run when it is.
@MainActor
final class WidgetLink<W: Widget> {
    private weak var widget: W?
    private var pending: [@MainActor (W) -> Void] = []

    func resolve(_ widget: W) {
        self.widget = widget
        let waiting = pending
        pending.removeAll()
        waiting.forEach { $0(widget) }
    }

    func whenResolved(_ action: @escaping @MainActor (W) -> Void) {
        if let widget { action(widget) } else { pending.append(action) }
    }
}

/// Content with an invisible announcer over it; see `accessibilityAnnouncement`.
public struct Announcing<Content: View>: PrimitiveView {
    let content: Content
    let message: @MainActor () -> String

    public func _build(in context: BuildContext) -> [Widget] {
        let overlay = OverlayWidget()
        overlay.setChild(content.buildOne(in: context))
        // An overlay child does not count towards the overlay's size; at opacity 0 and
        // without input it is invisible to the eye and present to a screen reader.
        let announcer = LabelWidget(role: .alert)
        announcer.setOpacity(0)
        announcer.setReceivesInput(false)
        // As wide as the content and wrapping within it: an overlay child gets its
        // natural width even past the content's edge, and under GTK 4.18 a Brazilian
        // Portuguese announcement on the Learn page ran 2 px past a 360 px window.
        announcer.setWrapping(alignment: .start)
        announcer.setAlignment(horizontal: .fill, vertical: .start)
        overlay.addOverlay(announcer)
        var isFirst = true
        announcer.bind("announcement", message) { announcer, text in
            announcer.setText(text)
            guard !isFirst else { isFirst = false; return }
            // Out of the tree now, back in on the next main-loop turn: an alert appears.
            announcer.setVisible(false)
            MainLoop.idle { [weak announcer] in announcer?.setVisible(true) }
        }
        return [overlay]
    }
}
