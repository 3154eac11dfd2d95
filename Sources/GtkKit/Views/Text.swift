/// A label (GtkLabel), static or bound to state.
///
/// `Text("Hi, \(name)")` is built once: the text is fixed. To follow state, pass a
/// closure, `Text { "Hi, \(users.profile.name)" }`; debug builds warn about the first.
public struct Text: PrimitiveView {
    private let content: Content
    private enum Content {
        case constant(String)
        case bound(@MainActor () -> String)
    }

    public init(_ text: String) { content = .constant(text) }

    /// A label whose text follows the state `text` reads.
    public init(_ text: @escaping @MainActor () -> String) { content = .bound(text) }

    public func _build(in context: BuildContext) -> [Widget] {
        let label = LabelWidget()
        switch content {
        case .constant(let text):
            label.setText(text)
        case .bound(let text):
            label.bind("label", text) { label, text in label.setText(text) }
        }
        return [label]
    }
}

extension View {
    /// Lets a label wrap onto several lines, centred or from the start. Only a label
    /// wraps: on another view this is a mistake, reported in debug builds.
    public func wrapping(alignment: Alignment = .center) -> ModifiedView<Self> {
        modified { widget in
            guard let label = widget as? LabelWidget else {
                Diagnostics.warn("wrapping() applies to a Text; \(Self.self) is not one")
                return
            }
            label.setWrapping(alignment: alignment)
        }
    }
}
