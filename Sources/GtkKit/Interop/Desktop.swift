internal import CGtk
internal import CGtkShim
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

/// Light or dark.
public enum ColorScheme: Sendable {
    case followSystem, light, dark
}

/// Process-wide look: icon lookup paths, application CSS and the light or dark style.
@MainActor
public enum Style {
    /// Lets icons under `path` (an hicolor-style tree) be found by name.
    public static func addIconSearchPath(_ path: String) {
        guard let display = gdk_display_get_default() else { return }
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), path)
    }

    /// Light, dark, or what the desktop prefers (GNOME's setting on the host, the
    /// Settings portal in a Flatpak), applied at once, through libadwaita.
    public static func setColorScheme(_ scheme: ColorScheme) {
        let manager = adw_style_manager_get_default()
        let wanted: AdwColorScheme = switch scheme {
        case .followSystem: ADW_COLOR_SCHEME_DEFAULT
        case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
        case .dark: ADW_COLOR_SCHEME_FORCE_DARK
        }
        // NB: a change reloads the theme; the same value again costs nothing then.
        if adw_style_manager_get_color_scheme(manager) != wanted { adw_style_manager_set_color_scheme(manager, wanted) }
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
