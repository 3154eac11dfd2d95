import GtkKit

private struct QuestionsPerSessionKey: EnvironmentKey {
    static let defaultValue = 5
}

extension EnvironmentValues {
    /// How many correct answers end a practice session (set from the settings
    /// on the practice screen, read by the score).
    public var questionsPerSession: Int {
        get { self[QuestionsPerSessionKey.self] }
        set { self[QuestionsPerSessionKey.self] = newValue }
    }
}
