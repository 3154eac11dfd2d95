internal import CGtk

/// The default look of a GtkKit view GTK's theme knows nothing of (the bar chart's
/// colour, the heat map's squares): CSS added once per display, at theme priority, so
/// an app's own CSS (application priority) overrides it.
@MainActor
enum DefaultStyle {
    /// The views whose CSS each display has, by name.
    private static var installed: [String: OpaquePointer] = [:]

    /// Adds `css` under `name` to the default display, once.
    static func install(_ name: String, css: @autoclosure () -> String) {
        guard let display = gdk_display_get_default(), installed[name] != display else { return }
        installed[name] = display
        // safe: GTK constructors abort on out-of-memory; they never return NULL.
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css(), -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_THEME))
        g_object_unref(provider)
    }

    /// libadwaita's accent colour once `adw_init` ran, as every GtkKit `Application`
    /// does; else GTK's older name for it (an unknown name would paint white).
    static var accent: String { adw_is_initialized() != 0 ? "accent_color" : "theme_selected_bg_color" }
    /// The same for the accent as a background.
    static var accentBackground: String { adw_is_initialized() != 0 ? "accent_bg_color" : "theme_selected_bg_color" }
}
