import CGtk

/// A one-line text entry (GtkEntry) bound two ways to a string.
///
/// Typing writes the model on every change; a model write updates the entry
/// only when the text differs, so typing never loops or moves the cursor.
public struct TextField: PrimitiveView {
    let placeholder: String
    let text: Binding<String>
    var onSubmit: (@MainActor () -> Void)?
    var maximumLength: Int?

    public init(_ placeholder: String, text: Binding<String>) {
        self.placeholder = placeholder
        self.text = text
    }

    /// Runs `action` when Enter is pressed in the entry.
    public func onSubmit(_ action: @escaping @MainActor () -> Void) -> TextField {
        var copy = self
        copy.onSubmit = action
        return copy
    }

    /// Stops typing (and pasting) after `length` characters.
    public func maximumLength(_ length: Int) -> TextField {
        var copy = self
        copy.maximumLength = length
        return copy
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let entry = Widget(gtk_entry_new())
        if let maximumLength { gtk_entry_set_max_length(entry.raw(), Int32(clamping: maximumLength)) }
        gtk_entry_set_placeholder_text(entry.raw(), placeholder)
        let text = self.text
        let changed = Signal.connect(entry.pointer, "changed") { [unowned entry] in
            let current = Self.text(of: entry)
            if text.wrappedValue != current { text.wrappedValue = current }
        }
        entry.bind("text", { text.wrappedValue }, current: Self.text) { entry, value in
            Signal.blocking(entry.pointer, changed) {
                gtk_editable_set_text(entry.raw(), value)
            }
        }
        if let onSubmit { entry.on("activate", onSubmit) }
        return [entry]
    }

    private static func text(of entry: Widget) -> String {
        String(cString: gtk_editable_get_text(entry.raw()))
    }
}
