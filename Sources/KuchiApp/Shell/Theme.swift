import GtkKit
import KuchiModel

/// Kuchi's CSS and its light or dark style.
@MainActor
enum Theme {
    static func install() {
        Style.addCSS("""
            .question { font-size: 48px; font-weight: 700; padding: 6px 18px; }
            .question.compact { font-size: 32px; padding: 4px 8px; }
            .choice { min-width: 128px; padding: 8px 12px; }
            .app-logo { -gtk-icon-size: 128px; }
            .app-logo.compact { -gtk-icon-size: 48px; }
            .problem-banner { background-color: alpha(@warning_color, 0.15); }
            label.success, image.success { color: @success_color; }
            label.error, image.error { color: @error_color; }
            """)
    }

    /// Lets the app icon be found when Kuchi runs from its source tree.
    // NB: not at start-up: adding a search path makes GTK rescan every icon
    // folder, which cost a third of the start-up time; images pick the icon
    // up when the theme reports the change.
    static func addSourceTreeIcons() {
        if let icons = DataLocator.iconsDirectory { Style.addIconSearchPath(icons.path) }
    }

    /// Light, dark, or whatever the desktop prefers.
    static func apply(_ appearance: Appearance) {
        switch appearance {
        case .light: Style.preferDark(false)
        case .dark: Style.preferDark(true)
        case .system: Style.followDesktopColorScheme()
        }
    }
}
