import GtkKit
import KuchiModel

/// The header bar's title: Home's view switcher in a wide window, else "Kuchi"
/// and the deck in use.
// NB: the header bar is built beside the content, not inside it, so it gets the
// models directly rather than from the content's environment.
struct HomeTitle: View {
    let link: ViewStackLink
    let state: AppState
    let inUse: DeckInUse
    @Environment(\.horizontalSizeClass) private var horizontalSizeClass

    var body: some View {
        ViewSwitcherTitle(
            link: link, title: "Kuchi", subtitle: { inUse.name },
            showsSwitcher: { state.screen == .home && horizontalSizeClass == .regular })
            .widgetName("home-title")
    }
}
