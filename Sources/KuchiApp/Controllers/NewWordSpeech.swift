import GtkKit
import KuchiModel

/// "Speak new words": each Learn card is said aloud as it appears — a new card on the
/// Learn page, or the Learn page shown with its card.
@MainActor
enum NewWordSpeech {
    /// Follows the Learn page while the setting is on; cancel (or drop) the result to stop.
    static func follow(
        learn: LearnSession, state: AppState, users: UserManager, speaker: Speaker, decks: DeckChooser
    ) -> Tracking {
        var lastSaid: ShownCard?
        return track({ () -> ShownCard? in
            guard users.settings.speakNewWords, users.settings.learningEnabled, state.screen == .home,
                  state.homePage == .learn, let card = learn.current
            else { return nil }
            return ShownCard(position: learn.position, card: card)
        }, label: "speak new words") { shown in
            defer { lastSaid = shown }
            guard let shown, shown != lastSaid else { return }
            speaker.say(shown.card.spokenText, recording: decks.recordingPath(for: shown.card))
        }
    }

    /// A card where it stands in the round: the same word again later is a new appearance.
    struct ShownCard: Equatable {
        let position: Int
        let card: Challenge
    }
}
