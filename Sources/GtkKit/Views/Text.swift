import CGtk
import CGtkShim

/// A label (GtkLabel), static or bound to state.
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
        let label = Widget(gtk_label_new(nil))
        switch content {
        case .constant(let text):
            gtk_label_set_text(label.raw(), text)
        case .bound(let text):
            label.bind("label", text) { label, text in
                gtk_label_set_text(label.raw(), text)
                label.reapplyAccessibleLabel()
            }
        }
        return [label]
    }
}

extension View {
    /// Lets a label wrap onto several lines, centred or from the start.
    public func wrapping(alignment: Alignment = .center) -> ModifiedView<Self> {
        modified { widget in
            guard gtkkit_is_a(widget.pointer, gtk_label_get_type()) != 0 else { return }
            gtk_label_set_wrap(widget.raw(), 1)
            gtk_label_set_wrap_mode(widget.raw(), PANGO_WRAP_WORD_CHAR)
            let start = alignment == .start
            gtk_label_set_justify(widget.raw(), start ? GTK_JUSTIFY_LEFT : GTK_JUSTIFY_CENTER)
            gtk_label_set_xalign(widget.raw(), start ? 0 : 0.5)
        }
    }
}
