import GtkKit

/// Says a word aloud: an icon button asking the ``Speaker`` to say what `text` reads
/// (a card's ``KuchiModel/Challenge/spokenText``). Where Japanese cannot be spoken it is
/// insensitive, and its tooltip, which a screen reader reads as its description, says
/// why and what to install.
struct SpeakButton: View {
    @Environment(Speaker.self) private var speaker
    private let text: @MainActor () -> String

    init(text: @escaping @MainActor () -> String) {
        self.text = text
    }

    var body: some View {
        Button(iconName: "audio-volume-high-symbolic", title: Self.title) { speaker.say(text()) }
            .enabled { reason == nil && !text().isEmpty }
            .help { reason ?? Self.title }
            // The first screen that can speak finds out, once shown, whether it can: Kuchi
            // starts no speech-dispatcher for anyone who never opens one.
            .onAppear { speaker.prepare() }
            .cssClass("flat", "circular")
            .widgetName("speak")
    }

    /// Its accessible name, and its tooltip while it can speak.
    static let title = "Say the Word"

    private var reason: String? {
        guard case .unavailable(let reason) = speaker.availability else { return nil }
        return reason
    }
}
