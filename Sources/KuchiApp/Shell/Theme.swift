import GtkKit
import KuchiModel

/// Kuchi's CSS and its light or dark style.
@MainActor
enum Theme {
    static func install() {
        if let icons = DataLocator.iconsDirectory { Style.addIconSearchPath(icons.path) }
        Style.addCSS("""
            .question { font-size: 48px; font-weight: 700; padding: 6px 18px; }
            .choice { min-width: 150px; padding: 8px 16px; }
            .problem-banner { background-color: alpha(@warning_color, 0.15); }
            label.success, image.success { color: @success_color; }
            label.error, image.error { color: @error_color; }
            """)
    }

    /// Light, dark, or whatever the desktop prefers.
    static func apply(_ appearance: Appearance) {
        switch appearance {
        case .light: Style.preferDark(false)
        case .dark: Style.preferDark(true)
        case .system: Style.preferDark(Style.desktopPrefersDark ?? false)
        }
    }
}
