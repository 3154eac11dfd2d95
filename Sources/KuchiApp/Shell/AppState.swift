import Observation

/// Which screen the window shows, and what went wrong that the user should know.
@MainActor @Observable
public final class AppState {
    public enum Screen: Hashable, Sendable {
        case register, welcome, practice
    }

    public var screen: Screen
    /// Problems with data (a bad deck, a corrupt file), shown in a banner.
    public var problems: [String]

    public init(screen: Screen, problems: [String] = []) {
        self.screen = screen
        self.problems = problems
    }
}
