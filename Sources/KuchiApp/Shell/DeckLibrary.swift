import FoundationEssentials
import KuchiModel

/// Chooses and loads the deck to practise, falling back to Kuchi Basics.
enum DeckLibrary {
    struct Choice {
        let deck: Deck
        /// Set when the wanted deck could not be used: what, which file, what now.
        let problem: String?
    }

    /// How many of a deck's problems the window lists; `--check-deck` lists them all.
    static let problemsShown = 5

    /// The deck at `path` (from --deck) or the one named in the settings.
    static func load(path: LocalPath?, settingsDeck: String) -> Choice {
        let file: LocalPath
        if let path {
            file = path
        } else if settingsDeck == "kuchi-basics" {
            return Choice(deck: .kuchiBasics, problem: nil)
        } else if let decks = DataLocator.decksDirectory {
            file = LocalPath(decks.appendingPathComponent("\(settingsDeck).json"))
        } else {
            return Choice(
                deck: .kuchiBasics,
                problem: "Kuchi's decks were not found where it was installed, so Kuchi Basics is shown instead. "
                    + "Reinstalling Kuchi should bring them back.")
        }
        do {
            return Choice(deck: try DeckLoader.load(path: file), problem: nil)
        } catch {
            return Choice(deck: .kuchiBasics, problem: message(for: error, file: file))
        }
    }

    private static func message(for error: DeckError, file: LocalPath) -> String {
        var lines = ["The deck \(file) could not be used, so Kuchi Basics is shown instead. "
            + "Fix the problems below and open the deck again:"]
        lines += error.problems.prefix(problemsShown).map { "• " + PrintableText.escaping($0.description) }
        if error.problems.count > problemsShown {
            lines.append("… and more: run “kuchi --check-deck FILE” to list them all.")
        }
        return lines.joined(separator: "\n")
    }
}
