import GtkKit
import KuchiModel

// NB: the key SPEC §3 names; the practice page sets it from its session's length, the
// one place that number is known, and its default is the setting's one default, not a
// copy of it.
private struct QuestionsPerSessionKey: EnvironmentKey {
    static let defaultValue = Settings.defaultQuestionsPerSession
}

extension EnvironmentValues {
    /// How many correct answers end the practice session on show: the practice page
    /// sets it from ``ChallengesViewModel/length`` (the setting, capped by what the
    /// schedule holds today), and the score reads its total from it, as in the seeds
    /// (a custom key read by the score view).
    public var questionsPerSession: Int {
        get { self[QuestionsPerSessionKey.self] }
        set { self[QuestionsPerSessionKey.self] = newValue }
    }
}
