extension Window {
    /// Shows the About dialog for this window.
    public func presentAbout(_ info: AboutInfo) {
        StockDialogs.presentAbout(info, over: widget)
    }

    /// Shows a keyboard-shortcuts window built from GtkBuilder XML whose top object has
    /// the id "shortcuts"; `title` is its title and accessible name.
    public func presentShortcuts(builderXML: String, title: String = "Keyboard Shortcuts") {
        StockDialogs.presentShortcuts(builderXML: builderXML, title: title, over: widget)
    }

    /// Calls `action` once, after the window's first frame is painted.
    public func afterFirstPaint(_ action: @escaping @MainActor () -> Void) {
        widget.afterFirstPaint(action)
    }
}
