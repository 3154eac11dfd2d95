internal import CGtk

/// Button labels GTK itself translates (its "gtk40" catalogue), for dialogs and
/// controls GtkKit builds: the app's own catalogue need not repeat them.
enum StockLabels {
    /// "_Cancel" in the user's language, with its mnemonic.
    static var cancel: String { gtk("_Cancel") }
    /// "Close" in the user's language, as GTK names a window's close button.
    static var close: String { gtk("Close") }
    /// "Back" in the user's language where GTK's catalogue has it (English otherwise),
    /// for ``NavigationStack``'s back button.
    static var back: String { gtk("Back") }

    /// `message` from GTK's catalogue, copied while its C string lives. NB: untranslated
    /// (English, or no catalogue for the language), `g_dgettext` hands back the pointer
    /// it was given, and a Swift string passed straight to a C function lives only for
    /// that call: read after it, the label was garbage now and then (a CI run's dialog
    /// test looked for a "Cancel" of stray bytes).
    private static func gtk(_ message: String) -> String {
        message.withCString { String(cString: g_dgettext("gtk40", $0)) }
    }
}
