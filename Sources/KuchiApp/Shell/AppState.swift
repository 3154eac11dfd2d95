import GtkKit
import Observation

/// Where the window is and what it has to tell: the screen, the Home page, the
/// challenge's step, the dialogs open, problems and brief news.
@MainActor @Observable
public final class AppState {
    /// Register until someone is registered, then Home.
    public enum Screen: Hashable, Sendable {
        case register, home
    }

    /// Home's pages.
    public enum HomePage: Hashable, Sendable {
        case learn, challenge, statistics, settings
    }

    /// The Challenge page: the welcome with Start, or the practice session.
    public enum ChallengeStep: Hashable, Sendable {
        case welcome, practice, typing
    }

    public var screen: Screen
    public var homePage = HomePage.challenge
    public var challengeStep = ChallengeStep.welcome
    /// Problems with data (a deck that could not be used), shown in a banner.
    public var problems: [String]
    /// Brief news: a deck imported, a profile forgotten.
    public let toaster = Toaster()
    /// Dialogs and the file chooser, open while true.
    public var isChoosingDeckFile = false
    public var isConfirmingForget = false
    /// A refused import: the dialog's title and text, while it shows.
    public var importFailure: (title: String, message: String)?

    public init(screen: Screen, problems: [String] = []) {
        self.screen = screen
        self.problems = problems
    }

    /// Back from practice to the welcome (Escape, Alt+Left, the Back button);
    /// whether there was somewhere to go back to.
    @discardableResult
    public func goBack() -> Bool {
        guard screen == .home, homePage == .challenge, challengeStep != .welcome else { return false }
        challengeStep = .welcome
        return true
    }
}
