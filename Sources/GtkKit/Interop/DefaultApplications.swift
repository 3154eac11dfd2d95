internal import CGtk
internal import CGtkShim
import FoundationEssentials

/// The applications the user chose for each kind of URL: a web page in the browser,
/// `mailto:` in the mail program.
@MainActor
enum DefaultApplications {
    /// Opens `url` in the user's application for it, over the window that has the focus
    /// (the one the click or key that asked for it came from), so the desktop can raise
    /// the application over it. In a Flatpak GLib passes the URL to the OpenURI portal.
    static func open(_ url: URL) {
        // NB: GTK 4.8 has no GtkUriLauncher (4.10); gtk_show_uri reports a failure
        // itself, in a dialog of the desktop's, so there is nothing to return.
        gtk_show_uri(focusedWindow(), url.absoluteString, guint32(GDK_CURRENT_TIME))
    }

    /// The toplevel window that is active, if any.
    private static func focusedWindow() -> UnsafeMutablePointer<GtkWindow>? {
        // safe: GTK's list of toplevels exists for the life of the process.
        let toplevels = gtk_window_get_toplevels()!
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            g_object_unref(item)
            let window = item.assumingMemoryBound(to: GtkWindow.self)
            if gtk_window_is_active(window) != 0 { return window }
        }
        return nil
    }
}
