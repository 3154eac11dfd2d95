import CGtk
import CGtkShim
import FoundationEssentials

extension Window {
    /// Shows the About dialog for this window.
    public func presentAbout(_ info: AboutInfo) {
        // NB: GTK 4.8 exposes a plain about dialog as a "filler"; say it is a dialog.
        guard let dialog = gtkkit_widget_new_with_role(gtk_about_dialog_get_type(), GTK_ACCESSIBLE_ROLE_DIALOG)
        else { return }
        let about = UnsafeMutableRawPointer(dialog)
        let window = OpaquePointer(dialog)
        gtk_about_dialog_set_program_name(window, info.name)
        gtk_about_dialog_set_version(window, info.version)
        gtk_about_dialog_set_comments(window, info.comments)
        gtk_about_dialog_set_logo_icon_name(window, info.iconName)
        gtk_about_dialog_set_website(window, info.website)
        gtk_about_dialog_set_copyright(window, info.copyright)
        gtk_about_dialog_set_license(window, info.license)
        gtk_about_dialog_set_wrap_license(window, 1)
        withCStrings(info.developers) { gtk_about_dialog_set_authors(window, $0) }
        for (heading, lines) in info.credits {
            withCStrings(lines) { gtk_about_dialog_add_credit_section(window, heading, $0) }
        }
        let gtkDialog = about.assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_transient_for(gtkDialog, gtkWindow)
        gtk_window_set_modal(gtkDialog, 1)
        gtk_window_present(gtkDialog)
    }

    /// Shows a keyboard-shortcuts window built from GtkBuilder XML whose
    /// top object has the id "shortcuts".
    public func presentShortcuts(builderXML: String, title: String = "Keyboard Shortcuts") {
        guard let object = gtkkit_builder_object(builderXML, "shortcuts") else { return }
        let shortcuts = object.assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_title(shortcuts, title)
        gtkkit_set_accessible_label(object, title)
        gtk_window_set_transient_for(shortcuts, gtkWindow)
        gtk_window_set_modal(shortcuts, 1)
        gtk_window_present(shortcuts)
        // GTK's toplevel list keeps the window until it is closed.
        g_object_unref(object)
    }

    /// Calls `action` once, after the window's first frame is painted.
    public func afterFirstPaint(_ action: @escaping @MainActor () -> Void) {
        let box = VoidAction(action)
        gtkkit_after_first_paint(widget.pointer, { data in
            MainActor.assumeIsolated {
                // safe: the C side hands back the pointer given to it, never NULL.
                let closure = Unmanaged<VoidAction>.fromOpaque(data!).takeRetainedValue()
                closure.function()
            }
        }, box.retainedPointer())
    }
}

/// Runs `body` with a NULL-terminated C array of copies of `strings`.
func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
    pointers.append(nil)
    defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    // safe: the array holds at least the terminating nil, so its buffer has an address.
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
