internal import CGtk
internal import CGtkShim

/// GTK's stock dialogs, shown over a window.
@MainActor
enum StockDialogs {
    static func presentAbout(_ info: AboutInfo, over parent: WindowWidget) {
        let about: UnsafeMutablePointer<GtkWidget> = adw_about_window_new()
        let window = OpaquePointer(UnsafeMutableRawPointer(about))
        adw_about_window_set_application_name(window, info.name)
        adw_about_window_set_version(window, info.version)
        adw_about_window_set_comments(window, info.comments)
        adw_about_window_set_application_icon(window, info.iconName)
        adw_about_window_set_website(window, info.website)
        adw_about_window_set_copyright(window, info.copyright)
        adw_about_window_set_license(window, info.license)
        adw_about_window_set_developer_name(window, info.developers.first ?? info.name)
        withCStrings(info.developers) { adw_about_window_set_developers(window, $0) }
        for (heading, lines) in info.credits {
            withCStrings(lines) { adw_about_window_add_credit_section(window, heading, $0) }
        }
        present(UnsafeMutableRawPointer(about).assumingMemoryBound(to: GtkWindow.self), over: parent)
    }

    /// A keyboard-shortcuts window from GtkBuilder XML whose top object has the id "shortcuts".
    static func presentShortcuts(builderXML: String, title: String, over parent: WindowWidget) {
        guard let object = gtkkit_builder_object(builderXML, "shortcuts") else { return }
        let shortcuts = object.assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_title(shortcuts, title)
        gtkkit_set_accessible_label(object, title)
        present(shortcuts, over: parent)
        // GTK's toplevel list keeps the window until it is closed.
        g_object_unref(object)
    }

    private static func present(_ window: UnsafeMutablePointer<GtkWindow>, over parent: WindowWidget) {
        gtk_window_set_transient_for(window, parent.window)
        gtk_window_set_modal(window, 1)
        gtk_window_present(window)
    }
}
