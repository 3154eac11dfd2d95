import FoundationEssentials
import KuchiModel
#if canImport(Glibc)
import Glibc
#endif

/// `kuchi --sync`: merges the sync folder set in settings.json (`"syncFolder"`) once,
/// without a window, and prints one line ("synced: 5 new reviews from 1 other
/// device"), the only line on standard output, which outside checks read; damaged
/// lines it skipped, decks another device sent that do not load, and the files a deck
/// still waits for are listed on standard error, each naming its file and line or card. The
/// folder's words and card edits are applied to every deck
/// (``KuchiModel/DeckCatalog/applySyncedCards(_:)``); one that cannot be is listed on
/// standard error too. Exits 1 with the reason, naming the folder, when it cannot sync.
enum SyncCommand {
    @MainActor
    static func run(storage: UserStore, databaseName: String, catalog: DeckCatalog) -> Int32 {
        var settings = Settings()
        switch storage.loadSettings() {
        case .loaded(let loaded): settings = loaded
        case .missing: break
        case .unusable(let problem):
            return fail(problem.description)
        }
        guard let folder = settings.syncFolder else {
            return fail(tr("no sync folder is set: add \"syncFolder\": \"/path/to/folder\" to {file}", [
                "file": storage.location.settingsFile.path,
            ]))
        }
        let database = storage.location.dataDirectory.appendingPathComponent(databaseName).path
        do throws(SyncError) {
            let store: ReviewStore
            do {
                store = try ReviewStore(path: database)
            } catch {
                throw SyncError(folder: folder, kind: .store(error))
            }
            let sync = try SyncFolder(folder: folder, dataDirectory: storage.location.dataDirectory, store: store)
            sync.catalog = catalog
            let report = try sync.merge(settings: settings, scheduler: StudyPlanner.scheduler(settings, fuzz: false))
            for problem in report.problems { printError(PrintableText.escaping(problem.description)) }
            for problem in report.deckProblems { printError(PrintableText.escaping(problem.description)) }
            for problem in catalog.applySyncedCards(try sync.syncedCards()).problems {
                printError(PrintableText.escaping(problem.description))
            }
            if let updated = report.settings {
                do {
                    try storage.saveSettings(updated)
                } catch {
                    // Merged, but the settings it brought are not kept: the next run merges them again.
                    throw SyncError(folder: folder, kind: .write(error))
                }
            }
            print(report.summary)
            if let waiting = report.waiting { printError(waiting) }
            for move in report.movedDecks { printError(move.notice) }
            return 0
        } catch {
            return fail(error.description)
        }
    }

    private static func fail(_ reason: String) -> Int32 {
        printError("kuchi: " + PrintableText.escaping(reason))
        return 1
    }

    private static func printError(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
    }
}
