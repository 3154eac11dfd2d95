import GtkKit
import KuchiModel

/// A page that shows the deck in use (Learn, Challenge, Statistics): while a large
/// deck loads in the background (``KuchiModel/DeckInUse/isLoading``), "Loading JLPT N1…" in its
/// place (and a spinner once that takes a while), so nothing of the deck before, or
/// of its empty stand-in, shows or can be answered; then the page itself, built once
/// the deck is there.
struct DeckLoading<Content: View>: View {
    let content: Content
    @Environment(DeckInUse.self) private var inUse

    init(@ViewBuilder content: () -> Content) { self.content = content() }

    var body: some View {
        If({ inUse.isLoading }) {
            StatusPage(
                iconName: { nil }, title: { tr("Loading {deck}…", ["deck": inUse.name]) },
                description: { tr("The deck’s words will be here in a moment.") }
            ) {
                If({ inUse.isLoadingSlowly }) { Spinner() }
            }
            .widgetName("deck-loading")
        } else: {
            content
        }
    }
}
