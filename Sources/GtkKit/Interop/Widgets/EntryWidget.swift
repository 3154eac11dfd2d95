internal import CGtk
internal import CGtkShim

/// A one-line GtkEntry.
final class EntryWidget: Widget, TwoWayControl {
    static let changeSignal = "changed"
    private var entry: UnsafeMutablePointer<GtkEntry> { gtk(GtkEntry.self) }

    init() {
        super.init(gtk_entry_new())
        gtkkit_watch_preedit(pointer)
    }

    func setPlaceholder(_ text: String) { gtk_entry_set_placeholder_text(entry, text) }
    func setMaximumLength(_ characters: Int) { gtk_entry_set_max_length(entry, Int32(clamping: characters)) }

    var value: String { String(cString: gtk_editable_get_text(opaque)) }
    /// Sets the text (from the model, which may rewrite what was typed: romaji as kana),
    /// keeping the cursor as far from the end as it was, so typing goes on where it was.
    func setValue(_ text: String) {
        let old = value.unicodeScalars.count
        let fromEnd = max(old - Int(gtk_editable_get_position(opaque)), 0)
        gtk_editable_set_text(opaque, text)
        gtk_editable_set_position(opaque, Int32(clamping: max(text.unicodeScalars.count - fromEnd, 0)))
    }

    func setInputPurpose(_ purpose: InputPurpose) {
        let value: GtkInputPurpose = switch purpose {
        case .freeForm: GTK_INPUT_PURPOSE_FREE_FORM
        case .alphabetic: GTK_INPUT_PURPOSE_ALPHA
        case .digits: GTK_INPUT_PURPOSE_DIGITS
        case .number: GTK_INPUT_PURPOSE_NUMBER
        case .phone: GTK_INPUT_PURPOSE_PHONE
        case .url: GTK_INPUT_PURPOSE_URL
        case .email: GTK_INPUT_PURPOSE_EMAIL
        case .name: GTK_INPUT_PURPOSE_NAME
        case .password: GTK_INPUT_PURPOSE_PASSWORD
        case .pin: GTK_INPUT_PURPOSE_PIN
        case .terminal: GTK_INPUT_PURPOSE_TERMINAL
        }
        gtk_entry_set_input_purpose(entry, value)
    }

    // InputHints' bits are GtkInputHints' own (GTK_INPUT_HINT_SPELLCHECK = 1 << 0, …).
    func setInputHints(_ hints: InputHints) { gtk_entry_set_input_hints(entry, GtkInputHints(rawValue: hints.rawValue)) }

    /// Enter pressed in the entry.
    func onActivate(_ action: @escaping @MainActor () -> Void) { on("activate", action) }
}
