import FoundationEssentials
import KuchiModel

/// `kuchi --check-deck FILE`: `ok: N cards`, or one line per problem. Every format
/// `--import-deck` takes is checked, the same way an import reads it (for an Anki
/// package, N is the notes kept).
///
/// Problems quote the deck's own text, which may hold anything; control characters are
/// escaped so each problem stays on one line and nothing reaches the terminal raw.
enum DeckCheck {
    static func run(path: LocalPath) -> Int32 {
        switch DeckImporter.check(path: path) {
        case .success(let count):
            print(trn("ok: {count} card", "ok: {count} cards", count))
            return 0
        case .failure(let error):
            for problem in error.problems { print(PrintableText.escaping(problem.description)) }
            return 1
        }
    }
}
