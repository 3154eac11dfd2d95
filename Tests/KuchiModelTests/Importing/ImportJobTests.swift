import Foundation
import Testing
@testable import KuchiModel

/// An import is a bounded, cancellable job: a package whose collection would make SQLite
/// run forever, or hold millions of rows, is refused or capped at once with the package
/// named; Cancel stops it at the next look; nothing is left in the scratch or decks
/// folders; and a good package imports right after. The packages are generated here
/// (``TestCollection``). How long each takes is `store-bench --hostile`'s, in a release
/// build, with a 493 MiB collection too large to make in every test run; here a case
/// that could hang if broken has a time limit instead.
@Suite("An import is a bounded, cancellable job")
struct ImportJobTests {
    @Test("a collection whose notes are an endless view is refused at once, naming the package and the view",
          .timeLimit(.minutes(1)))
    func endlessNotesView() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let collection = try TestCollection(in: folder, replacing: ["notes": """
            CREATE VIEW notes AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)
            SELECT x AS id, 1700000000001 AS mid, 'word' || x || char(31) || char(31) || 'meaning' || x AS flds FROM n
            """])
        let package = try collection.package(named: "endless.apkg", in: folder)
        let expected = "endless.apkg: its entry 'collection.anki2' has a view, 'notes', which Anki never writes: Kuchi reads only plain tables from a package"
        #expect(try refusal(package, in: folder) == expected)
        // The window asks for the note types first: refused there too.
        #expect(throws: DeckError(problems: [DeckProblem(file: "endless.apkg", message: String(expected.dropFirst("endless.apkg: ".count)))])) {
            try DeckImporter.fieldMappings(of: LocalPath(package), scratch: LocalPath(folder))
        }
    }

    @Test("a review log that is a view of 20,000,000 rows is refused before a row is read", .timeLimit(.minutes(1)))
    func hugeReviewView() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let collection = try TestCollection(in: folder, replacing: ["revlog": """
            CREATE VIEW revlog AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20000000)
            SELECT x AS id, 11 AS cid, 3 AS ease, 5000 AS time, 1 AS type FROM n
            """])
        try collection.addGoodNotes()
        let package = try collection.package(named: "revlog-view.apkg", in: folder)
        #expect(try refusal(package, in: folder)
            == "revlog-view.apkg: its entry 'collection.anki2' has a view, 'revlog', which Anki never writes: Kuchi reads only plain tables from a package")
    }

    @Test("a collection with anything that computes as it is read is refused, naming it", arguments: [
        ("a trigger", "", "CREATE TRIGGER t AFTER INSERT ON cards BEGIN SELECT 1; END",
         "has a trigger, 't', which Anki never writes: Kuchi reads only plain tables from a package"),
        ("generated columns", "notes",
         "CREATE TABLE notes (id integer PRIMARY KEY, mid integer NOT NULL, raw text, flds text GENERATED ALWAYS AS (raw || raw))",
         "has a table, 'notes', that computes its rows (a virtual table or generated columns), which Anki never writes: Kuchi reads only plain tables from a package"),
        ("no review log", "revlog", "",
         "is not an Anki collection Kuchi can read (it has no table 'revlog')"),
        ("reviews keyed by something else", "revlog",
         "CREATE TABLE revlog (id integer NOT NULL, cid integer NOT NULL, ease integer NOT NULL, time integer NOT NULL, type integer NOT NULL)",
         "has a table, 'revlog', whose key is not its 'id' as Anki writes it, so Kuchi would have to sort it to read it"),
    ])
    func computedSchema(kind: String, table: String, sql: String, message: String) throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let collection = try TestCollection(in: folder, replacing: table.isEmpty ? [:] : [table: sql])
        if table.isEmpty { try collection.database.execute(sql) }
        if table != "notes" { try collection.addGoodNotes() }
        let package = try collection.package(named: "computed.apkg", in: folder)
        #expect(try refusal(package, in: folder) == "computed.apkg: its entry 'collection.anki2' " + message, "\(kind)")
    }

    @Test("a real review log of 300,000 rows is read whole, newest first, and given back oldest first")
    func manyReviewsAccepted() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let package = try Self.manyReviews(300_000, in: folder)
        let imported = try DeckImporter.read(LocalPath(package), scratch: LocalPath(folder))
        #expect(imported.reviews.count == 300_000)
        #expect(imported.reviews.first?.time == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(imported.reviews.last?.time == Date(timeIntervalSince1970: 1_700_000_000 + 299_999 * 60))
        #expect(imported.skipped.newestReviewsKept == nil && imported.skipped.sentence == nil)
    }

    @Test("past the review cap the newest are kept, oldest first, and the learner is told")
    func reviewsCapped() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let package = try Self.manyReviews(1_000, in: folder)
        var limits = DeckLimits.standard
        limits.maximumReviews = 300
        let imported = try DeckImporter.read(LocalPath(package), limits: limits, scratch: LocalPath(folder))
        #expect(imported.reviews.count == 300)
        #expect(imported.reviews.first?.time == Date(timeIntervalSince1970: 1_700_000_000 + 700 * 60))
        #expect(imported.reviews.last?.time == Date(timeIntervalSince1970: 1_700_000_000 + 999 * 60))
        #expect(imported.skipped.sentence == "Kept only the newest 300 reviews of its history; older ones were left out.")
        // Positive control: at the cap exactly, nothing is left out.
        limits.maximumReviews = 1_000
        #expect(try DeckImporter.read(LocalPath(package), limits: limits, scratch: LocalPath(folder)).skipped.newestReviewsKept == nil)
    }

    @Test("a package with more notes than a deck has cards is refused before the next note is read")
    func tooManyNotes() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let collection = try TestCollection(in: folder)
        try collection.addGoodNotes()
        let package = try collection.package(named: "many.apkg", in: folder)
        let limits = DeckLimits(maximumFileSize: 32 << 20, maximumCards: 3)
        let message = "its entry 'collection.anki2' holds more than 3 notes; a deck has at most 3 cards, so Kuchi stops reading there"
        #expect(throws: DeckError(problems: [DeckProblem(file: "many.apkg", message: message)])) {
            try DeckImporter.read(LocalPath(package), limits: limits, scratch: LocalPath(folder))
        }
        #expect(throws: DeckError(problems: [DeckProblem(file: "many.apkg", message: message)])) {
            try DeckImporter.fieldMappings(of: LocalPath(package), limits: limits, scratch: LocalPath(folder))
        }
        // Positive control: at the limit, the same package imports.
        #expect(try DeckImporter.read(LocalPath(package), limits: DeckLimits(maximumFileSize: 32 << 20, maximumCards: 4),
                                      scratch: LocalPath(folder)).deck.cards.count == 4)
    }

    @Test("a named pipe called .apkg is refused at once, before any library opens it", .timeLimit(.minutes(1)))
    func namedPipe() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let pipe = folder.appendingPathComponent("pipe.apkg")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        let refused = DeckError(problems: [DeckProblem(file: "pipe.apkg", message: "cannot be read: it is a named pipe, not a file")])
        #expect(DeckImporter.check(path: LocalPath(pipe), scratch: LocalPath(folder)) == .failure(refused))
        #expect(throws: refused) { try DeckImporter.fieldMappings(of: LocalPath(pipe), scratch: LocalPath(folder)) }
        #expect(try refusal(pipe, in: folder) == refused.description)
    }

    @Test("a note whose meaning is one letter under 20,000 accents is left out, named, and the rest imported",
          .timeLimit(.minutes(1)))
    func combiningMarkFlood() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let collection = try TestCollection(in: folder)
        try collection.addGoodNotes()
        try collection.addNote(id: 50, word: "洪水", meaning: "a" + String(repeating: "\u{301}", count: 20_000))
        try collection.addNote(id: 60, word: "\u{202E}evil", meaning: "bidi")
        let package = try collection.package(named: "flood.apkg", in: folder)
        let imported = try DeckImporter.read(LocalPath(package), scratch: LocalPath(folder))
        #expect(imported.deck.cards.map(\.question) == ["猫", "犬", "水", "鳥"])
        #expect(imported.skipped.unshowable == 2)
        #expect(imported.skipped.sentence == "Left out 2 notes whose text a card cannot show, the first note 5 (洪水), field “Meaning”: "
            + "one of its characters is made of 20,001 code points, such as a letter with accents stacked on it; at most 10.")
    }

    @Test("Cancel stops an import at the next look, whatever it is doing, and leaves nothing behind",
          arguments: [ImportProgress.Phase.unpacking, .readingNotes, .readingReviews])
    func cancelled(at phase: ImportProgress.Phase) throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let package = try Self.manyReviews(300_000, in: folder)
        let progress = ImportProgress { progress in
            // Called on the importing thread as the phase begins: as the learner pressing
            // Cancel at that moment would.
            if progress.phase == phase { progress.cancel() }
        }
        let message = try refusal(package, in: folder, progress: progress)
        #expect(message == "many-reviews.apkg: was not imported: the import was cancelled")
        #expect(progress.isCancelled && progress.phase == .finished)
    }

    @Test("an import cancelled before it starts does nothing; one with a fresh progress then imports")
    func cancelledBeforeStart() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let progress = ImportProgress()
        progress.cancel()
        let copy = folder.appendingPathComponent("vocab-modern.apkg")
        try FileManager.default.copyItem(at: AnkiFixtures.url("vocab-modern.apkg"), to: copy)
        #expect(try refusal(copy, in: folder, progress: progress) == "vocab-modern.apkg: was not imported: the import was cancelled")
    }

    @Test("the time budget stops a collection that takes too long to read, naming the package")
    func timeBudget() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let package = try Self.manyReviews(300_000, in: folder)
        var limits = DeckLimits.standard
        limits.maximumReadingTime = .milliseconds(1)
        let problems = try #require(Result { () throws(DeckError) in
            try DeckImporter.read(LocalPath(package), limits: limits, scratch: LocalPath(folder))
        }.failure).problems
        #expect(problems == [DeckProblem(file: "many-reviews.apkg", message: """
            took more than 0.001 seconds to read, so Kuchi stopped: a package's collection must read within that time \
            (this one is too large, or made to stall)
            """)])
    }

    @Test("an endless query stops once SQLite's progress handler says so", .timeLimit(.minutes(1)))
    func endlessQueryInterrupted() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        var calls = 0
        database.setProgressHandler(every: 1_000) {
            calls += 1
            return calls > 100
        }
        let error = try #require(throws: SQLiteError.self) {
            _ = try database.integer("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n")
        }
        #expect(error.primary == 9, "SQLITE_INTERRUPT")
        #expect(calls == 101, "asked every 1,000 steps until it said stop")
        // Positive control: a query that ends is not stopped by a handler that says go on.
        database.setProgressHandler(every: 1_000) { false }
        #expect(try database.integer("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000) SELECT count(*) FROM n") == 100_000)
    }

    @Test("packages unpack into Kuchi's own scratch folder, private and left empty")
    func scratchFolder() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder.appendingPathComponent("data/decks"))
        #expect(catalog.scratchFolder.standardized == folder.appendingPathComponent("data/scratch").standardized)
        let progress = ImportProgress()
        _ = try catalog.import(AnkiFixtures.path("vocab-modern.apkg"), progress: progress)
        #expect(progress.phase == .finished)
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog.scratchFolder.path) == [])
        let mode = try FileManager.default.attributesOfItem(atPath: catalog.scratchFolder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test("what an import killed half-way left in the scratch folder is removed, and nothing else")
    func scratchLeftovers() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder.appendingPathComponent("data/decks"))
        let scratch = try catalog.makeScratchFolder(for: "any.apkg")
        let url = try #require(scratch.url)
        try Data("half a collection".utf8).write(to: url.appendingPathComponent(".kuchi-anki-Xy12Zz"))
        try Data("someone else's".utf8).write(to: url.appendingPathComponent("notes.txt"))
        catalog.removeLeftovers()
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == ["notes.txt"])
    }

    @Test("sounds past the package's total are refused naming the sound, its entry and the limit; one too large alone too")
    func mediaBomb() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let collection = try TestCollection(in: folder)
        try collection.addNote(id: 10, word: "猫", meaning: "cat[sound:neko.mp3]")
        try collection.addNote(id: 20, word: "犬", meaning: "dog[sound:inu.mp3]")
        try collection.addNote(id: 30, word: "水", meaning: "water")
        let url = try collection.package(named: "sounds.apkg", in: folder)
        var zip = TestZip()
        zip.add("collection.anki2", try TestZip.entry("collection.anki2", of: url))
        zip.add("media", #"{"0": "neko.mp3", "1": "inu.mp3"}"#)
        zip.add("0", Data(repeating: 1, count: 600))
        zip.add("1", Data(repeating: 2, count: 600))
        try zip.data.write(to: url)
        var limits = DeckLimits.standard
        limits.maximumMediaSize = 1_000
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder.appendingPathComponent("decks"))
        #expect(throws: DeckError(problems: [DeckProblem(file: "sounds.apkg", message: """
            its sound 'inu.mp3' (entry '1') takes the package's sounds past 1000 bytes in all, the most a package may bring
            """)])) { try catalog.import(LocalPath(url), limits: limits) }
        limits.maximumMediaFileSize = 500
        #expect(throws: DeckError(problems: [DeckProblem(
            file: "sounds.apkg", message: "its sound 'neko.mp3' (entry '0') is too large: it unpacks to more than 500 bytes")])) {
            try catalog.import(LocalPath(url), limits: limits)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog.importedFolder.path) == [])
        // Positive control: within the limits, both sounds come along.
        let entry = try catalog.import(LocalPath(url)).entry
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog.mediaFolder(id: entry.id).path).sorted() == ["inu.mp3", "neko.mp3"])
    }

    // MARK: - Fixtures

    /// A package of four good notes, the first with `count` answers, one a minute.
    private static func manyReviews(_ count: Int, in folder: URL) throws -> URL {
        let collection = try TestCollection(in: folder)
        try collection.addGoodNotes()
        try collection.addReviews(count)
        return try collection.package(named: "many-reviews.apkg", in: folder)
    }

    /// The one problem importing `package` into a catalog of its own in `folder` gives;
    /// checks that the decks and scratch folders are left empty, then that a good package
    /// imports right after, into the same catalog.
    private func refusal(_ package: URL, in folder: URL, progress: ImportProgress = ImportProgress()) throws -> String {
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder.appendingPathComponent("data/decks"))
        do {
            _ = try catalog.import(LocalPath(package), progress: progress)
            Issue.record("imported \(package.lastPathComponent)")
            return ""
        } catch {
            let manager = FileManager.default
            #expect((try? manager.contentsOfDirectory(atPath: catalog.importedFolder.path)) ?? [] == [], "nothing left in the decks")
            #expect((try? manager.contentsOfDirectory(atPath: catalog.scratchFolder.path)) ?? [] == [], "nothing left in scratch")
            #expect(error.problems.count == 1)
            let good = try catalog.import(AnkiFixtures.path("vocab-modern.apkg"))
            #expect(good.imported.deck.cards.count == 6, "a good package imports right after")
            catalog.remove(id: good.entry.id)
            return error.description
        }
    }
}
