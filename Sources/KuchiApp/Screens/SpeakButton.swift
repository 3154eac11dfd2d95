import GtkKit
import KuchiModel

/// Says a card's word aloud: an icon button that plays the card's own recording, if it
/// has one (``DeckChooser/recordingPath(for:)``), or asks the ``Speaker`` to say its
/// reading (``KuchiModel/Challenge/spokenText``). Where neither can be, it is
/// insensitive, and its tooltip, which a screen reader reads as its description, says
/// why and what to install.
struct SpeakButton: View {
    @Environment(Speaker.self) private var speaker
    @Environment(DeckChooser.self) private var decks
    private let card: @MainActor () -> Challenge?

    init(card: @escaping @MainActor () -> Challenge?) {
        self.card = card
    }

    private func text() -> String { card()?.spokenText ?? "" }
    private func recording() -> String? { decks.recordingPath(for: card()) }

    var body: some View {
        Button(iconName: "audio-volume-high-symbolic", title: Self.title) { speaker.say(text(), recording: recording()) }
            .enabled { recording() != nil || (reason == nil && !text().isEmpty) }
            .help { recording() != nil ? Self.title : reason ?? Self.title }
            // The first screen that can speak finds out, once shown, whether it can: Kuchi
            // starts no speech-dispatcher for anyone who never opens one.
            .onAppear { speaker.prepare() }
            .cssClass("flat", "circular")
            .widgetName("speak")
    }

    /// Its accessible name, and its tooltip while it can speak.
    static var title: String { tr("Say the Word") }

    private var reason: String? {
        guard case .unavailable(let reason) = speaker.availability else { return nil }
        return reason
    }
}
