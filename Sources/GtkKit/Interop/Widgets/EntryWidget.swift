import CGtk

/// A one-line GtkEntry.
final class EntryWidget: Widget, TwoWayControl {
    static let changeSignal = "changed"
    private var entry: UnsafeMutablePointer<GtkEntry> { gtk(GtkEntry.self) }

    init() { super.init(gtk_entry_new()) }

    func setPlaceholder(_ text: String) { gtk_entry_set_placeholder_text(entry, text) }
    func setMaximumLength(_ characters: Int) { gtk_entry_set_max_length(entry, Int32(clamping: characters)) }

    var value: String { String(cString: gtk_editable_get_text(opaque)) }
    func setValue(_ text: String) { gtk_editable_set_text(opaque, text) }

    /// Enter pressed in the entry.
    func onActivate(_ action: @escaping @MainActor () -> Void) { on("activate", action) }
}
