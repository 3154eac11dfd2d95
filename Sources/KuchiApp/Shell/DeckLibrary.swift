import FoundationEssentials
import KuchiModel

/// Chooses and loads the deck to practise, falling back to Kuchi Basics.
enum DeckLibrary {
    struct Choice {
        let deck: Deck
        /// Set when the wanted deck could not be used.
        let problem: String?
    }

    /// The deck at `path` (from --deck) or the one named in the settings.
    static func load(path: String?, settingsDeck: String) -> Choice {
        let url: URL
        if let path {
            url = URL(fileURLWithPath: path)
        } else if settingsDeck == "kuchi-basics" {
            return Choice(deck: .kuchiBasics, problem: nil)
        } else if let decks = DataLocator.decksDirectory {
            url = decks.appendingPathComponent("\(settingsDeck).json")
        } else {
            return Choice(deck: .kuchiBasics, problem: "Kuchi's decks were not found; using Kuchi Basics.")
        }
        do {
            return Choice(deck: try DeckLoader.load(contentsOf: url), problem: nil)
        } catch {
            let details = error.problems.map(\.description).joined(separator: "\n")
            return Choice(deck: .kuchiBasics, problem: "This deck could not be used, so Kuchi Basics is shown instead.\n\(details)")
        }
    }
}
