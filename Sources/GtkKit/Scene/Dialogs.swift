internal import CGtk

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

    /// Runs `action` once, `delay` from now, unless the window has gone by then: the
    /// timer, and what `action` holds, go with the window (work the window schedules for
    /// later, such as building a page ahead, never outlives it).
    public func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) {
        var pending = true
        let source = MainLoop.timeout(delay) {
            pending = false
            action()
        }
        whenDestroyed {
            if pending { g_source_remove(source) }
        }
    }
}
