import GtkKit
import KuchiModel

// NB: the key SPEC §3 names; the practice page sets it from its session, and its
// default is the setting's one default, not a copy of it.
private struct QuestionsPerSessionKey: EnvironmentKey {
    static let defaultValue = Settings.defaultQuestionsPerSession
}

extension EnvironmentValues {
    /// How many correct answers end a practice session (set from the settings
    /// on the practice screen, read by the score).
    public var questionsPerSession: Int {
        get { self[QuestionsPerSessionKey.self] }
        set { self[QuestionsPerSessionKey.self] = newValue }
    }
}
