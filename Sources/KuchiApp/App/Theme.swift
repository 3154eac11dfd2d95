import GtkKit
import KuchiModel

/// Kuchi's CSS and its light or dark style.
@MainActor
enum Theme {
    private static var isInstalled = false

    /// Adds Kuchi's CSS to the display, once.
    static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        var css = """
            .question { font-size: 48px; font-weight: 700; padding: 6px 18px; }
            .question.compact { font-size: 26px; padding: 4px 8px; }
            .question .question-reading { font-size: 20px; font-weight: 400; opacity: 0.7; }
            .question.compact .question-reading { font-size: 14px; }
            .choice { min-width: 112px; padding: 8px 12px; }
            .title-1.compact-title { font-size: 20pt; }
            .choice-key { font-weight: 700; opacity: 0.7; font-feature-settings: "tnum"; }
            .app-logo { -gtk-icon-size: 128px; }
            .problem-banner { background-color: alpha(@warning_color, 0.15); }
            /* A status page in a short window: less room around it, a smaller title. */
            statuspage.compact > scrolledwindow > viewport > box { margin: 12px; border-spacing: 8px; }
            statuspage.compact .title { font-size: 20pt; }
            image.success { color: @success_color; }
            label.error, image.error { color: @error_color; }
            /* Text needs 4.5:1 against the window: libadwaita's light green is just short of it. */
            label.success { color: shade(@success_color, 0.85); }
            .flash-card { border-radius: 12px; padding: 24px; box-shadow: 0 2px 6px alpha(black, 0.25); }
            .flash-card.compact { padding: 12px; }
            .flash-card .card-word { font-size: 40px; font-weight: 700; }
            .flash-card.compact .card-word { font-size: 28px; }
            .flash-card .card-reading { font-size: 20px; }
            .flash-card .card-meaning { font-size: 18px; }
            .flash-card .example { font-size: 16px; }
            .card-browser-word { font-size: 18px; }
            /* The writing pad's candidates: characters to tell apart at a glance. */
            .handwriting-candidate { font-size: 22px; min-width: 36px; padding: 0 4px; }
            /* The card table's rows start and end where its column titles do. */
            #card-list row { padding-left: 0; padding-right: 0; }
            /* Dimmed text on a coloured card would fall under 4.5:1. */
            .flash-card .example-translation, .flash-card .example-reading { opacity: 0.9; }
            """
        for colour in CardColour.all {
            // Yellow is light: its text is dark, every other card's is white.
            let text = colour.name == "Yellow" ? "rgba(0, 0, 0, 0.85)" : "white"
            css += "\n.flash-card.\(colour.cssClass) { background-color: \(colour.hex); color: \(text); }"
        }
        Style.addCSS(css)
    }

    /// Lets the app icon be found when Kuchi runs from its source tree.
    // NB: not at start-up: adding a search path makes GTK rescan every icon
    // folder, which cost a third of the start-up time; images pick the icon
    // up when the theme reports the change.
    static func addSourceTreeIcons() {
        if let icons = DataLocator.iconsDirectory { Style.addIconSearchPath(icons.path) }
    }

    /// Applies the appearance setting now and whenever it changes.
    static func follow(_ users: UserManager) -> Tracking {
        track({ users.settings.appearance }, label: "appearance") { appearance in
            switch appearance {
            case .light: Style.setColorScheme(.light)
            case .dark: Style.setColorScheme(.dark)
            case .system: Style.setColorScheme(.followSystem)
            }
        }
    }
}
