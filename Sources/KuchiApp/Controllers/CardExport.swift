import FoundationEssentials
import KuchiModel
#if canImport(Glibc)
import Glibc
#endif

/// Exporting the deck in use, with the learner's edits, as a Kuchi deck file, and its
/// review log as the FSRS optimizer's CSV: from the window's menu (``CardShelf``) and
/// from the command line (`--export-deck FILE`, `--export-reviews FILE`, answered in
/// the launching process). Both write atomically and durably, only where `cp` would
/// write (``NamedFile``: no missing folder made, no symbolic link, folder, pipe or
/// read-only file replaced), and say what they wrote, or why not, naming the file.
enum CardExport {
    /// What can be exported.
    enum Kind: Sendable {
        case deck, reviews

        /// The file chooser's title.
        var title: String { self == .deck ? tr("Export Deck") : tr("Export Reviews") }

        /// The file name proposed for the deck `id`.
        func fileName(deck id: String?) -> String {
            let stem = id ?? "deck"
            return self == .deck ? "\(stem).json" : "\(stem)-reviews.csv"
        }
    }

    /// Writes `deck` to `path`; says what was written.
    static func write(_ deck: Deck, to path: LocalPath) throws(ExportError) -> String {
        let data: Data
        do {
            data = try deck.encoded()
        } catch {
            throw ExportError(path: path, reason: error.error.words)
        }
        try save(data, to: path)
        return trn("Wrote {count} card of “{deck}” to {file}", "Wrote {count} cards of “{deck}” to {file}", deck.cards.count,
                   ["deck": deck.name, "file": "\(path)"])
    }

    /// Writes `reviews` of the deck called `name` to `path`; says what was written.
    static func write(_ reviews: [ExportedReview], of name: String, to path: LocalPath) throws(ExportError) -> String {
        try save(ReviewLogCSV.encode(reviews), to: path)
        return trn("Wrote {count} review of “{deck}” to {file}", "Wrote {count} reviews of “{deck}” to {file}", reviews.count,
                   ["deck": name, "file": "\(path)"])
    }

    /// Writes `data` to `path` by ``NamedFile``'s rule, the command line's and the file
    /// chooser's alike: only where `cp` would write it, and never through a symbolic link.
    private static func save(_ data: Data, to path: LocalPath) throws(ExportError) {
        do {
            try NamedFile.write(data, to: path)
        } catch {
            throw ExportError(path: path, reason: error.reason)
        }
    }

    /// `kuchi --export-deck FILE` / `--export-reviews FILE`: the deck chosen in
    /// Settings, with the learner's edits, or its reviews. Prints one line and returns
    /// 0, or prints why not, naming the file, and returns 1.
    @MainActor
    static func run(_ kind: Kind, to path: LocalPath, storage: UserStore, catalog: DeckCatalog) -> Int32 {
        let id: String
        if case .loaded(let settings) = storage.loadSettings() { id = settings.deck } else { id = Settings().deck }
        do throws(ExportError) {
            // A name the export could not be written to is refused before the work.
            do {
                try NamedFile.check(path)
            } catch {
                throw ExportError(path: path, reason: error.reason)
            }
            let deck: Deck
            do {
                deck = try catalog.load(id: id)
            } catch {
                throw ExportError(path: path, reason: tr("the deck {deck} could not be read: {reason}", [
                    "deck": id, "reason": error.problems.first?.description ?? "",
                ]))
            }
            switch kind {
            case .deck:
                print(try write(deck, to: path))
            case .reviews:
                let database = storage.location.dataDirectory.appendingPathComponent(AppModels.reviewDatabaseName)
                var reviews: [ExportedReview] = []
                // No database yet: no reviews, and none is made for it.
                if FileManager.default.fileExists(atPath: database.path) {
                    do {
                        let store = try ReviewStore(path: database.path)
                        reviews = try store.exportedReviews(
                            decks: PracticeDirection.allCases.map { $0.scheduleKey(for: id) })
                    } catch {
                        throw ExportError(path: path, reason: tr("the review history could not be read: {reason}", ["reason": error.description]))
                    }
                }
                print(try write(reviews, of: deck.name, to: path))
            }
            return 0
        } catch {
            var line = "kuchi" + ": " + error.description + "\n"
            line.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
            return 1
        }
    }
}

/// Why an export did not happen, naming the file.
struct ExportError: Error, CustomStringConvertible {
    let path: LocalPath
    let reason: String
    var description: String { tr("could not export to {file}: {reason}", ["file": "\(path)", "reason": reason]) }
}
