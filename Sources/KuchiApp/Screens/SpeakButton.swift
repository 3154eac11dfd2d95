import GtkKit
import KuchiModel

/// Says a word aloud: an icon button that plays the card's own recording, if it has
/// one, or asks the ``Speaker`` to say what `text` reads (a card's
/// ``KuchiModel/Challenge/spokenText``). Where neither can be, it is insensitive, and its
/// tooltip, which a screen reader reads as its description, says why and what to
/// install.
struct SpeakButton: View {
    @Environment(Speaker.self) private var speaker
    private let text: @MainActor () -> String
    private let recording: @MainActor () -> String?

    /// - Parameter recording: the path of the card's own sound file, if it has one.
    init(text: @escaping @MainActor () -> String, recording: @escaping @MainActor () -> String? = { nil }) {
        self.text = text
        self.recording = recording
    }

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
