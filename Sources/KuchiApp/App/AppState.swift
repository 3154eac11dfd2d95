import GtkKit
import Observation

/// Where the window is and what it has to tell: the screen, the Home page, the
/// challenge's step, the dialogs open, problems and brief news.
@MainActor @Observable
public final class AppState {
    /// Register until someone is registered, then Home; the card browser over Home.
    public enum Screen: Hashable, Sendable {
        case register, home, cards
    }

    /// What the card browser asks the learner to confirm.
    public enum CardConfirmation: Hashable, Sendable {
        case reset, delete
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
    /// The card browser's page is built before its first opening (in idle time, a few
    /// seconds after start-up: ``CardShelf/buildAhead()``), so that it opens at once.
    public var buildsCardsAhead = false
    /// The card browser shows the selected card's edit rather than the list.
    public var isEditingCard = false
    /// The card browser's question, while it asks.
    public var cardConfirmation: CardConfirmation?
    /// What is being exported, while the file chooser is open.
    var exporting: CardExport.Kind?
    /// A refused import (or edit, or export): the dialog's title and text, while it shows.
    public var importFailure: (title: String, message: String)?

    public init(screen: Screen, problems: [String] = []) {
        self.screen = screen
        self.problems = problems
    }

    /// Back from practice to the welcome, from a card's edit to the card browser, from
    /// the browser to Home (Escape, Alt+Left, the Back button); whether there was
    /// somewhere to go back to.
    @discardableResult
    public func goBack() -> Bool {
        if screen == .cards {
            if isEditingCard { isEditingCard = false } else { screen = .home }
            return true
        }
        guard screen == .home, homePage == .challenge, challengeStep != .welcome else { return false }
        challengeStep = .welcome
        return true
    }
}
