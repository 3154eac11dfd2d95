import Foundation
import Testing
@testable import KuchiModel

/// A package is untrusted input: every hostile one is refused with the file (and the
/// entry) named, within bounded time and memory, and leaves nothing behind.
@Suite("Hostile Anki packages")
struct AnkiPackageSafetyTests {
    @Test("a media name that leaves the deck's folder is refused, and nothing is written outside it",
          arguments: ["../escape.mp3", "/tmp/escape.mp3", "sub/escape.mp3", "..", ".hidden.mp3"])
    func escapingName(name: String) throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        var zip = try legacyPackage(media: [name])
        zip.add("0", AnkiFixtures.sound)
        let message = try refusal(zip, in: folder)
        #expect(message.hasPrefix("hostile.apkg: its media list names '"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escape.mp3").path))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/escape.mp3"))
        // Positive control: the same package with a plain name imports, its sound inside.
        try expectImports(try legacyPackage(media: ["taberu.mp3"]), in: folder)
    }

    @Test("a media entry that is a symbolic link is refused, naming the sound and its entry")
    func symlinkEntry() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        var zip = try legacyPackage(media: ["taberu.mp3"])
        zip.add("0", Data("/etc/passwd".utf8), mode: 0o120777)
        #expect(try refusal(zip, in: folder) == "hostile.apkg: its sound 'taberu.mp3' (entry '0') is not a file (a link or a folder)")
    }

    @Test("a zip bomb (an entry of zeros far past the limit) is refused as it unpacks")
    func zipBomb() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        // 1 GiB of zeros in 32 KiB of zstd; the limit is counted, the frame states no size.
        var zip = TestZip()
        zip.add("meta", Data([0x08, 0x03]))
        zip.add("collection.anki21b", TestZip.zstdZeros(blocks: 8_192))
        // How long the refusal takes is store-bench's ("--anki-bomb").
        let message = try refusal(zip, in: folder)
        #expect(message == "hostile.apkg: its entry 'collection.anki21b' is too large: it unpacks to more than 512 MiB")
        // And a deflated one Anki's own zip library made (tools/make-anki-fixtures.py).
        let limits = DeckLimits(maximumFileSize: 32 << 20, maximumCards: 1_000, maximumCollectionSize: 1 << 20)
        let scratch = folder.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        #expect(throws: DeckError(problems: [DeckProblem(
            file: "zip-bomb.apkg", message: "its entry 'collection.anki2' is too large: it unpacks to more than 1 MiB")])) {
            try DeckImporter.read(AnkiFixtures.path("zip-bomb.apkg"), limits: limits, scratch: LocalPath(scratch))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [], "the temporary file is gone")
    }

    @Test("a zstd frame that claims 1 GB is refused without trusting it")
    func claimedSize() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        var zip = TestZip()
        zip.add("meta", Data([0x08, 0x03]))
        zip.add("collection.anki21b", TestZip.zstdClaiming(1_000_000_000))
        let message = try refusal(zip, in: folder)
        #expect(message.hasPrefix("hostile.apkg: its entry 'collection.anki21b' is not valid zstd data ("), "\(message)")
    }

    @Test("a broken zstd frame, and one cut short, are refused naming the entry")
    func brokenZstd() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let good = try TestZip.entry("collection.anki21b", of: AnkiFixtures.url("vocab-modern.apkg"))
        var broken = TestZip()
        broken.add("meta", Data([0x08, 0x03]))
        broken.add("collection.anki21b", good.prefix(20) + Data(repeating: 0xA5, count: 200) + good.dropFirst(220))
        #expect(try refusal(broken, in: folder).hasPrefix("hostile.apkg: its entry 'collection.anki21b' is not valid zstd data"))
        var cut = TestZip()
        cut.add("meta", Data([0x08, 0x03]))
        cut.add("collection.anki21b", good.prefix(good.count / 2))
        #expect(try refusal(cut, in: folder)
            == "hostile.apkg: its entry 'collection.anki21b' is cut short: its zstd data ends inside a frame")
    }

    @Test("a truncated package is refused as damaged")
    func truncated() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let whole = try Data(contentsOf: AnkiFixtures.url("vocab-modern.apkg"))
        let url = folder.appendingPathComponent("cut.apkg")
        try whole.prefix(whole.count / 2).write(to: url)
        let problems = try #require(DeckImporter.check(path: LocalPath(url), scratch: LocalPath(folder)).failure).problems
        #expect(problems.count == 1 && problems[0].file == "cut.apkg", "\(problems)")
        #expect(problems[0].message.contains("zip archive") || problems[0].message.contains("damaged"), "\(problems)")
    }

    @Test("a collection that is not SQLite is refused naming the entry")
    func notSQLite() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        var zip = TestZip()
        zip.add("collection.anki2", String(repeating: "not a database ", count: 100))
        let message = try refusal(zip, in: folder)
        #expect(message.hasPrefix("hostile.apkg: its entry 'collection.anki2' is not an SQLite database"), "\(message)")
    }

    @Test("a file that is no zip at all is refused as not an Anki package")
    func notZip() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let url = folder.appendingPathComponent("text.apkg")
        try Data("ねこ\tcat\n".utf8).write(to: url)
        let message = try #require(DeckImporter.check(path: LocalPath(url)).failure).description
        #expect(message.hasPrefix("text.apkg: is not a zip archive Kuchi can read"), "\(message)")
    }

    @Test("a failed import leaves nothing in the decks' folder, not even a temporary one")
    func nothingHalfImported() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        // The notes read, then the sound's entry is a zstd frame cut short: media fail last.
        let modern = AnkiFixtures.url("vocab-modern.apkg")
        var zip = TestZip()
        for name in ["meta", "collection.anki21b", "media"] { zip.add(name, try TestZip.entry(name, of: modern)) }
        let sound = try TestZip.entry("1", of: modern)
        // Entries "0", "1", "2" as Anki numbered them; each one cut short.
        for number in 0..<3 { zip.add(String(number), sound.prefix(6)) }
        let url = folder.appendingPathComponent("hostile.apkg")
        try zip.data.write(to: url)
        let decks = folder.appendingPathComponent("decks")
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: decks)
        #expect(throws: DeckError.self) { try catalog.import(LocalPath(url)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: decks.path) == [])
        #expect(catalog.entries().map(\.origin) == [.builtIn])
    }

    @Test("what an import killed half-way left is removed by the next import, which still succeeds")
    func leftoversRemoved() throws {
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let decks = folder.appendingPathComponent("decks")
        try FileManager.default.createDirectory(at: decks.appendingPathComponent(".zoo.media.import-1"), withIntermediateDirectories: true)
        try Data("half a collection".utf8).write(to: decks.appendingPathComponent(".kuchi-anki-AbC123"))
        try Data("{}".utf8).write(to: decks.appendingPathComponent(".hidden-but-mine"))
        let entry = try DeckCatalog(bundledFolder: nil, importedFolder: decks).import(AnkiFixtures.path("vocab-modern.apkg")).entry
        #expect(try FileManager.default.contentsOfDirectory(atPath: decks.path).sorted()
            == [".hidden-but-mine", "\(entry.id).json", "\(entry.id).media"])
    }

    // MARK: - Fixtures

    /// A legacy package (Anki's collection.anki2, no meta) whose media list names `media`
    /// as entries "0", "1", …; the notes' sound is taberu.mp3.
    private func legacyPackage(media: [String]) throws -> TestZip {
        var zip = TestZip()
        zip.add("collection.anki2", try TestZip.entry("collection.anki2", of: AnkiFixtures.url("vocab-anki2.apkg")))
        let list = media.enumerated().map { "\"\($0.offset)\": \"\($0.element)\"" }.joined(separator: ", ")
        zip.add("media", "{\(list)}")
        return zip
    }

    /// The one problem importing `zip` as hostile.apkg gives; the decks' folder is left empty.
    private func refusal(_ zip: TestZip, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent("hostile.apkg")
        try zip.data.write(to: url)
        let decks = folder.appendingPathComponent("decks")
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: decks)
        do {
            _ = try catalog.import(LocalPath(url))
            Issue.record("imported a hostile package")
            return ""
        } catch {
            #expect(try FileManager.default.contentsOfDirectory(atPath: decks.path) == [], "nothing is left behind")
            #expect(error.problems.count == 1)
            return error.description
        }
    }

    private func expectImports(_ zip: TestZip, in folder: URL) throws {
        var zip = zip
        zip.add("0", AnkiFixtures.sound)
        let url = folder.appendingPathComponent("fine.apkg")
        try zip.data.write(to: url)
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder.appendingPathComponent("good"))
        let entry = try catalog.import(LocalPath(url)).entry
        #expect(try Data(contentsOf: catalog.mediaFolder(id: entry.id).appendingPathComponent("taberu.mp3")) == AnkiFixtures.sound)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
