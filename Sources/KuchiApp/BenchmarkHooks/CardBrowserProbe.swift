import FoundationEssentials
import GtkKit
import KuchiModel

/// Kuchi's main window on a given deck and data folder, for gtkkit-bench's card
/// browser figures (`--cards`): the real models and the real browser page.
@_spi(Benchmark) @MainActor
public final class CardBrowserProbe {
    public let window: Window
    private let models: AppModels

    /// A registered learner with `deck` in use, the review history in `folder`, and
    /// Kuchi's bundled decks beside it when `withBundledDecks`.
    public init(deck: Deck, folder: URL, withBundledDecks: Bool = false) throws {
        models = try AppModels.registeredLearner(in: folder, bundledDecks: withBundledDecks ? DataLocator.decksDirectory : nil)
        models.decks.replaceCurrent(with: deck)
        Theme.install()
        window = MainWindow.make(application: nil, models: models)
        window.resize(width: 720, height: 640)
    }

    /// The database the probe's models use.
    public static func databasePath(in folder: URL) -> String {
        folder.appendingPathComponent("data").appendingPathComponent(AppModels.reviewDatabaseName).path
    }

    /// The name the schedule knows the deck in use by.
    public var deckKey: String { models.deckInUse.key }

    /// Builds the browser ahead now, as the window does on its own a little after its
    /// first frame.
    public func buildAhead() { models.cards.buildAhead() }

    /// Opens the card browser (Ctrl+B).
    public func open() { models.cards.open() }

    /// Back to Home.
    public func close() { models.state.screen = .home }

    public var browser: CardBrowser { models.cards.browser }

    /// Shows every deck's cards, or the deck in use's (the toggle beside the order).
    public func showEveryDeck(_ every: Bool) { models.cards.showsEveryDeck = every }
}
