import GtkKit
import KuchiModel

/// Ctrl+Z (`app.undo`): takes back the last answer, once.
///
/// A toast says what was taken back. None offers "Undo" after each answer: GNOME's
/// guidelines keep undo toasts for actions that destroy something, and an answer
/// destroys nothing (the schedule corrects itself at the card's next review), while a
/// toast per flash card, every few seconds, would queue up and cover the Remembered and
/// Not Yet buttons of a small window.
extension AppModels {
    /// Takes back the last answer of the page showing, Learn or a Challenge session, and
    /// says which card it was in a toast. Elsewhere, or with nothing to take back,
    /// nothing happens; an entry with the keyboard focus undoes its own last edit instead
    /// (an app accelerator gets the key before the entry does).
    func undoLastAnswer(in window: Window) {
        if window.undoInFocusedText() { return }
        guard state.screen == .home else { return }
        let card: Challenge?
        do {
            switch (state.homePage, state.challengeStep) {
            case (.learn, _): card = try learn.undoLastAnswer()
            case (.challenge, .typing): card = try typing.undoLastAnswer()
            case (.challenge, .practice): card = try challenges.undoLastAnswer()
            default: return
            }
        } catch {
            state.problems.append(
                tr("Your last answer could not be taken back: {reason}. It stays as you gave it; Ctrl+Z tries again.", ["reason": error.description]))
            return
        }
        if let card { state.toaster.show(tr("Took back your answer to {word}", ["word": card.question])) }
    }
}
