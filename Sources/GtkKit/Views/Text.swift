/// A label (GtkLabel), static or bound to state.
///
/// `Text("Hi, \(name)")` is built once: the text is fixed. To follow state, pass a
/// closure, `Text { "Hi, \(users.profile.name)" }`; debug builds warn about the first.
public struct Text: PrimitiveView {
    private let content: Content
    private enum Content {
        case constant(String)
        case bound(@MainActor () -> String)
        case styled(@MainActor () -> StyledText)
    }

    public init(_ text: String) { content = .constant(text) }

    /// A label whose text follows the state `text` reads.
    public init(_ text: @escaping @MainActor () -> String) { content = .bound(text) }

    /// A label whose text and emphasis follow the state `text` reads.
    public init(styled text: @escaping @MainActor () -> StyledText) { content = .styled(text) }

    public func _build(in context: BuildContext) -> [Widget] {
        let label = LabelWidget()
        switch content {
        case .constant(let text):
            Self.show(text, in: label)
        case .bound(let text):
            label.bind("label", text) { label, text in Self.show(text, in: label) }
        case .styled(let text):
            label.bind("label", text) { label, text in
                label.setMarkup(text.markup)
                label.setHiddenFromAssistiveTechnology(text.runs.isEmpty)
            }
        }
        return [label]
    }

    /// The text of this moment (a bound text's too, read once): what a ``Picker``'s
    /// option shows.
    var currentText: String {
        switch content {
        case .constant(let text): text
        case .bound(let text): text()
        case .styled(let text): text().plain
        }
    }

    /// An empty text keeps its line on screen (a card's reading before it is turned,
    /// so the card does not jump) but says nothing, so it is left out of the
    /// accessibility tree: GTK 4.8 would name it "GtkLabel" to a screen reader.
    private static func show(_ text: String, in label: LabelWidget) {
        label.setText(text)
        label.setHiddenFromAssistiveTechnology(text.isEmpty)
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

extension View {
    /// Keeps a label to one line, cut short with "…" where it does not fit and read
    /// from the start: for a list's columns, whose widths do not follow their text.
    /// Only a label truncates: on another view this is a mistake, reported in debug
    /// builds.
    public func truncating() -> ModifiedView<Self> {
        modified { widget in
            guard let label = widget as? LabelWidget else {
                Diagnostics.warn("truncating() applies to a Text; \(Self.self) is not one")
                return
            }
            label.setTruncating()
        }
    }
}

/// The title of a column, over a `List` whose rows line their cells up under it
/// (with ``View/frame(width:)``): a label a screen reader presents as a column header.
///
/// ```swift
/// HStack(spacing: 10) {
///     ColumnHeader("Word").frame(width: 110)
///     ColumnHeader("Meaning").expand(horizontal: true)
/// }
/// ```
public struct ColumnHeader: PrimitiveView {
    private let title: String

    public init(_ title: String) { self.title = title }

    public func _build(in context: BuildContext) -> [Widget] {
        let label = LabelWidget(title, role: .columnHeader)
        label.setTruncating()
        label.addCSSClass("heading")
        // The whole title as a tooltip too, for a column too narrow to show it all.
        label.setTooltip(title)
        return [label]
    }
}
