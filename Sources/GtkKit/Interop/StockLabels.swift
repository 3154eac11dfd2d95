internal import CGtk

/// Button labels GTK itself translates (its "gtk40" catalogue), for dialogs and
/// controls GtkKit builds: the app's own catalogue need not repeat them.
enum StockLabels {
    /// "_Cancel" in the user's language, with its mnemonic.
    static var cancel: String { String(cString: g_dgettext("gtk40", "_Cancel")) }
    /// "Close" in the user's language, as GTK names a window's close button.
    static var close: String { String(cString: g_dgettext("gtk40", "Close")) }
    /// "Back" in the user's language where GTK's catalogue has it (English otherwise),
    /// for ``NavigationStack``'s back button.
    static var back: String { String(cString: g_dgettext("gtk40", "Back")) }
}
