import CGtk
import CGtkShim
import FoundationEssentials

/// The XDG user directories, as GLib reports them (Flatpak redirects them into the
/// sandbox's own folders).
public enum UserDirectories {
    /// `$XDG_CONFIG_HOME`, usually ~/.config.
    public static var config: URL {
        URL(fileURLWithPath: String(cString: g_get_user_config_dir()), isDirectory: true)
    }

    /// `$XDG_DATA_HOME`, usually ~/.local/share.
    public static var data: URL {
        URL(fileURLWithPath: String(cString: g_get_user_data_dir()), isDirectory: true)
    }
}

/// Process-wide look: icon lookup paths, application CSS and the light or dark style.
@MainActor
public enum Style {
    /// Lets icons under `path` (an hicolor-style tree) be found by name.
    public static func addIconSearchPath(_ path: String) {
        guard let display = gdk_display_get_default() else { return }
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), path)
    }

    /// Asks GTK for its dark style (true) or light style (false).
    public static func preferDark(_ dark: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        let object = UnsafeMutableRawPointer(settings)
        let property = "gtk-application-prefer-dark-theme"
        // NB: setting the property, even to its current value, reloads the
        // whole theme (a quarter of start-up); only a change is worth that.
        guard (gtkkit_get_boolean_property(object, property) != 0) != dark else { return }
        gtkkit_set_boolean_property(object, property, dark ? 1 : 0)
    }

    /// Follows the desktop's light/dark preference, now and as it changes
    /// (GNOME's setting on the host, the Settings portal in a Flatpak).
    public static func followDesktopColorScheme() {
        gtkkit_watch_color_scheme({ scheme, _ in
            MainActor.assumeIsolated { Style.preferDark(scheme == 1) }
        }, nil)
    }

    /// Adds application-wide CSS.
    public static func addCSS(_ css: String) {
        guard let display = gdk_display_get_default() else { return }
        // safe: GTK constructors abort on out-of-memory; they never return NULL.
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
