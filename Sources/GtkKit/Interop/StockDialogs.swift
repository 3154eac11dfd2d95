import CGtk
import CGtkShim

/// GTK's stock dialogs, shown over a window.
@MainActor
enum StockDialogs {
    static func presentAbout(_ info: AboutInfo, over parent: WindowWidget) {
        // NB: GTK 4.8 exposes a plain about dialog as a "filler"; say it is a dialog.
        let raw = Widget.make(gtk_about_dialog_get_type(), role: .dialog)
        let about = OpaquePointer(raw)
        gtk_about_dialog_set_program_name(about, info.name)
        gtk_about_dialog_set_version(about, info.version)
        gtk_about_dialog_set_comments(about, info.comments)
        gtk_about_dialog_set_logo_icon_name(about, info.iconName)
        gtk_about_dialog_set_website(about, info.website)
        gtk_about_dialog_set_copyright(about, info.copyright)
        gtk_about_dialog_set_license(about, info.license)
        gtk_about_dialog_set_wrap_license(about, 1)
        withCStrings(info.developers) { gtk_about_dialog_set_authors(about, $0) }
        for (heading, lines) in info.credits {
            withCStrings(lines) { gtk_about_dialog_add_credit_section(about, heading, $0) }
        }
        present(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GtkWindow.self), over: parent)
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
