import FoundationEssentials
import KuchiModel

/// `kuchi --check-deck FILE`: `ok: N cards`, or one line per problem. Every format
/// `--import-deck` takes is checked, the same way an import reads it (for an Anki
/// package, N is the notes kept).
///
/// Problems quote the deck's own text, which may hold anything; control characters are
/// escaped so each problem stays on one line and nothing reaches the terminal raw.
enum DeckCheck {
    /// An Anki package is unpacked in `catalog`'s scratch folder (in Kuchi's data folder,
    /// never /tmp), and nothing of it is left there.
    static func run(path: LocalPath, catalog: DeckCatalog) -> Int32 {
        let result = Result { () throws(DeckError) -> LocalPath in
            try catalog.makeScratchFolder(for: "\(path.lastComponent)")
        }.flatMap { scratch in DeckImporter.check(path: path, scratch: scratch) }
        switch result {
        case .success(let count):
            print(trn("ok: {count} card", "ok: {count} cards", count))
            return 0
        case .failure(let error):
            for problem in error.problems { print(PrintableText.escaping(problem.description)) }
            return 1
        }
    }
}
