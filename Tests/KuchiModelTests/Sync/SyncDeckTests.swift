import Foundation
@testable import KuchiModel
import Testing

@Suite("Sync: imported decks and their media, content-addressed")
struct SyncDeckTests {
    /// Imports the Anki fixture `package` on `device`, with its review history, as the
    /// app does (the history replayed before the deck is listed); returns its id.
    @discardableResult
    static func importPackage(_ package: String = "vocab-modern.apkg", on device: SyncTestDevice) throws -> String {
        let store = device.store
        let taken = try device.sync.syncedDeckIDs()
        return try device.catalog.import(AnkiFixtures.path(package), takenIDs: taken) { id, imported throws(DeckError) in
            do throws(ReviewStoreError) {
                _ = try store.importHistory(imported.reviews, deck: id, scheduler: SyncTestDevice.scheduler, unlistedFile: id)
            } catch {
                throw DeckError(problems: [DeckProblem(file: package, message: error.description)])
            }
        }.entry.id
    }

    /// The files of `device`'s deck `id`: the deck file's bytes and each sound's.
    static func files(of id: String, on device: SyncTestDevice) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let deck = device.catalog.importedFile(id: id) else { return files }
        files["\(id).json"] = try Data(contentsOf: deck)
        let media = device.catalog.mediaFolder(id: id)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? [] {
            files[name] = try Data(contentsOf: media.appendingPathComponent(name))
        }
        return files
    }

    static func reviewTimes(_ id: String, _ word: String, on device: SyncTestDevice) throws -> [Double] {
        try device.store.reviews(of: CardID(deck: id, question: word)).map(\.review.time.timeIntervalSince1970).sorted()
    }

    @Test("an Anki package imported on one device arrives on the other: the deck file and its sounds byte for byte, and its review history")
    func importedPackageArrives() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let id = try Self.importPackage(on: desktop)
        let sent = try desktop.merge()
        #expect(sent.sent > 0)
        let deckFiles = try FileManager.default.contentsOfDirectory(atPath: desktop.folder.appendingPathComponent("decks").path)
        #expect(deckFiles.count == 1 && deckFiles[0].hasSuffix(".json"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: desktop.folder.appendingPathComponent("media").path) .count == 1)

        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyContent(from: desktop.folder, to: laptop.folder)
        let report = try laptop.merge()
        #expect(report.installedDecks == [id])
        #expect(report.waitingFiles.isEmpty && report.deckProblems.isEmpty)
        let original = try Self.files(of: id, on: desktop)
        #expect(original["taberu.mp3"] == AnkiFixtures.sound)
        #expect(try Self.files(of: id, on: laptop) == original)
        #expect(laptop.catalog.entries().contains { $0.id == id && $0.origin == .imported })
        #expect(try laptop.catalog.load(id: id).cards.map(\.question) == desktop.catalog.load(id: id).cards.map(\.question))
        // The package's history came as review events of deck + word: the same on both.
        let words = try desktop.catalog.load(id: id).cards.map(\.question)
        let withHistory = try words.filter { try !Self.reviewTimes(id, $0, on: desktop).isEmpty }
        #expect(!withHistory.isEmpty, "the fixture has a history")
        for word in words { #expect(try Self.reviewTimes(id, word, on: laptop) == Self.reviewTimes(id, word, on: desktop), "\(word)") }
        // Installed once: the next merge leaves it.
        #expect(try laptop.merge().installedDecks.isEmpty)
    }

    @Test("a torn copy of a deck or of a sound (half its bytes) is not installed; the deck is once the rest has arrived",
          arguments: ["deck", "media"])
    func tornCopyWaits(kind: String) throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let id = try Self.importPackage(on: desktop)
        try desktop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyContent(from: desktop.folder, to: laptop.folder)
        let torn = try FileManager.default.contentsOfDirectory(atPath: laptop.folder.appendingPathComponent(kind == "deck" ? "decks" : "media").path)[0]
        let file = laptop.folder.appendingPathComponent((kind == "deck" ? "decks/" : "media/") + torn)
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count / 2).write(to: file)

        let waiting = try laptop.merge()
        #expect(waiting.installedDecks.isEmpty)
        #expect(waiting.waitingFiles == [(kind == "deck" ? "decks/" : "media/") + torn])
        #expect(waiting.waiting == "Waiting for 1 file of a deck still being copied", "what the window and kuchi --sync say")
        #expect(laptop.catalog.importedFile(id: id) == nil, "not listed")
        #expect(!FileManager.default.fileExists(atPath: laptop.catalog.mediaFolder(id: id).path), "no sounds either")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: laptop.catalog.importedFolder.path)) ?? []).allSatisfy { !$0.hasPrefix(".") },
                "no staging folder left")

        try whole.write(to: file)
        let arrived = try laptop.merge()
        #expect(arrived.installedDecks == [id])
        #expect(arrived.waitingFiles.isEmpty)
        #expect(arrived.waiting == nil)
        #expect(try Self.files(of: id, on: laptop) == Self.files(of: id, on: desktop))
    }

    @Test("a missing file waits too; a deck whose file does not load is reported, naming the file and the card, and not installed")
    func missingAndBadDecks() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let id = try Self.importPackage(on: desktop)
        try desktop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        // The log has come, the deck's files not yet.
        let waiting = try laptop.merge()
        #expect(waiting.installedDecks.isEmpty)
        #expect(waiting.waitingFiles.count == 2)
        #expect(waiting.waiting == "Waiting for 2 files of a deck still being copied")

        // A device sends a deck file that is not a deck Kuchi loads (by its name's rules it is whole).
        let bad = Data(#"{"name":"Broken","cards":[{"question":"犬","answer":"dog"},{"question":"猫"},{"question":"鳥","answer":"bird"},{"question":"魚","answer":"fish"}]}"#.utf8)
        let digest = SHA256.hex(bad)
        try FileManager.default.createDirectory(at: laptop.folder.appendingPathComponent("decks"), withIntermediateDirectories: true)
        try bad.write(to: laptop.folder.appendingPathComponent(SyncContentFile.deck(digest)))
        _ = try desktop.store.noteDecks([.deck(id: "broken", name: "Broken", sha256: digest, media: [:])], device: desktop.sync.device, now: 1)
        _ = try desktop.sync.flushOutbox(1)
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyContent(from: desktop.folder, to: laptop.folder)
        let report = try laptop.merge()
        #expect(report.installedDecks == [id], "the good deck is installed")
        #expect(!report.deckProblems.isEmpty && report.deckProblems.allSatisfy { $0.file == SyncContentFile.deck(digest) })
        #expect(report.deckProblems.contains { $0.card == 2 && $0.message == "missing 'answer'" }, "\(report.deckProblems)")
        #expect(laptop.catalog.importedFile(id: "broken") == nil)
    }

    @Test("the same package imported on both devices while apart is one deck on both, stored once in the folder")
    func sameDeckOnBoth() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let id = try Self.importPackage(on: desktop)
        #expect(try Self.importPackage(on: laptop) == id)
        try desktop.merge()
        try laptop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyContent(from: desktop.folder, to: laptop.folder)
        try copyFolder(from: laptop.folder, to: desktop.folder)
        try copyContent(from: laptop.folder, to: desktop.folder)
        let fromDesktop = try laptop.merge(), fromLaptop = try desktop.merge()
        #expect(fromDesktop.installedDecks.isEmpty && fromLaptop.installedDecks.isEmpty, "nothing to install: the same bytes")
        for device in [desktop, laptop] {
            #expect(device.catalog.entries().filter { $0.origin == .imported }.map(\.id) == [id])
            #expect(try FileManager.default.contentsOfDirectory(atPath: device.folder.appendingPathComponent("decks").path).count == 1)
        }
    }

    @Test("a removal reaches the other device; a deck imported later takes another id than the removed one")
    func removalReachesTheOther() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let id = try Self.importPackage(on: desktop)
        try desktop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyContent(from: desktop.folder, to: laptop.folder)
        #expect(try laptop.merge().installedDecks == [id])

        try laptop.sync.noteDeckRemoved(id: id, name: "vocab-modern")
        laptop.catalog.remove(id: id)
        try copyFolder(from: laptop.folder, to: desktop.folder)
        let report = try desktop.merge()
        #expect(report.removedDecks == [id])
        #expect(desktop.catalog.importedFile(id: id) == nil)
        #expect(!FileManager.default.fileExists(atPath: desktop.catalog.mediaFolder(id: id).path))
        // The removed deck is not sent again by the device that still had it, and a new import does not reuse its id.
        #expect(try laptop.merge().installedDecks.isEmpty)
        #expect(try Self.importPackage(on: desktop) != id)
    }

    @Test("a removal noted while sync is off (in the database only) is sent at the next merge, and the folder does not bring the deck back",
          arguments: [true, false])
    func removalWhileOffIsSentLater(noted: Bool) throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        let id = try Self.importPackage(on: desktop)
        try desktop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyContent(from: desktop.folder, to: laptop.folder)
        #expect(try laptop.merge().installedDecks == [id])

        // Sync off on the laptop: the app notes the removal in the database alone.
        if noted { try laptop.store.noteDeckRemoved(id: id, name: "vocab-modern", device: laptop.sync.device, now: Date()) }
        laptop.catalog.remove(id: id)
        let next = try laptop.merge()
        if noted {
            #expect(next.installedDecks.isEmpty, "not brought back")
            try copyFolder(from: laptop.folder, to: desktop.folder)
            #expect(try desktop.merge().removedDecks == [id])
            #expect(desktop.catalog.importedFile(id: id) == nil)
        } else {
            // Control: a removal not noted is undone by the folder's register.
            #expect(next.installedDecks == [id])
        }
    }

    @Test("a kill between an import and its event loses nothing: the next merge sends the deck")
    func importBeforeSyncIsSent() throws {
        let root = try TemporaryFolder()
        let desktop = try SyncTestDevice(root: root.url, name: "desktop")
        let laptop = try SyncTestDevice(root: root.url, name: "laptop")
        // Imported with no merge after it (Kuchi killed, or sync switched on later).
        let id = try Self.importPackage(on: desktop)
        try desktop.reopen()
        try desktop.merge()
        try copyFolder(from: desktop.folder, to: laptop.folder)
        try copyContent(from: desktop.folder, to: laptop.folder)
        #expect(try laptop.merge().installedDecks == [id])
    }

    @Test("a content file is written once under its digest, through a hidden name, and not again; a torn one at its name is replaced")
    func contentFilesAreWrittenOnce() throws {
        let root = try TemporaryFolder()
        let source = root.url.appendingPathComponent("neko.mp3"), folder = root.url.appendingPathComponent("folder")
        try Data(AnkiFixtures.sound).write(to: source)
        let digest = try SyncContentFile.put(LocalPath(source), in: folder) { SyncContentFile.media($0, name: "neko.mp3") }
        #expect(digest == SHA256.hex(AnkiFixtures.sound))
        let target = folder.appendingPathComponent("media/\(digest).mp3")
        #expect(try Data(contentsOf: target) == AnkiFixtures.sound)
        let inode = try FileManager.default.attributesOfItem(atPath: target.path)[.systemFileNumber] as? Int
        _ = try SyncContentFile.put(LocalPath(source), in: folder) { SyncContentFile.media($0, name: "neko.mp3") }
        #expect(try FileManager.default.attributesOfItem(atPath: target.path)[.systemFileNumber] as? Int == inode, "not rewritten")
        try AnkiFixtures.sound.prefix(10).write(to: target)
        _ = try SyncContentFile.put(LocalPath(source), in: folder) { SyncContentFile.media($0, name: "neko.mp3") }
        #expect(try Data(contentsOf: target) == AnkiFixtures.sound)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("media").path) == ["\(digest).mp3"],
                "no temporary file left")
        // A copy that expects other bytes writes nothing.
        #expect(try !SyncContentFile.copy(LocalPath(source), to: root.url.appendingPathComponent("copy"), expecting: SHA256.hex([1])))
        #expect(!FileManager.default.fileExists(atPath: root.url.appendingPathComponent("copy").path))
    }

    @Test("a deck line reads back as written, a removal as null, and a wrong digest is refused")
    func deckLines() throws {
        let digest = SHA256.hex(Array("deck".utf8)), sound = SHA256.hex(Array("sound".utf8))
        for sha256 in [digest, nil] {
            let event = SyncEvent(
                id: SyncEvent.newID(), device: "D", stamp: HLCStamp(wall: 5, counter: 0),
                body: .deck(id: "core-2k", name: "Core 2k", sha256: sha256, media: sha256 == nil ? [:] : ["neko.mp3": sound]))
            #expect(try SyncLine.decode(ArraySlice(SyncLine.encode(event))) == event)
            #expect(event.register == "deck\u{1F}core-2k")
        }
        let line = #"{"id":"1","dev":"D","hlc":[5,0],"kind":"deck","deck":"x","name":"X","sha256":"abc","media":{}"#
        let sum = String(CRC32.checksum(Array(line.utf8)), radix: 16)
        let whole = line + ",\"sum\":\"\(String(repeating: "0", count: 8 - sum.count))\(sum)\"}"
        #expect(throws: SyncLine.Problem.self) { try SyncLine.decode(ArraySlice(Array(whole.utf8))) }
        #expect(SyncContentFile.media(sound, name: "Neko.MP3") == "media/\(sound).mp3")
        #expect(SyncContentFile.media(sound, name: "neko") == "media/\(sound)")
    }
}

/// Copies the content-addressed files (`decks/`, `media/`) of `source` into
/// `destination` that it lacks, as a synchronizer does; temporary names are not copied.
func copyContent(from source: URL, to destination: URL) throws {
    for file in contentFiles(in: source) {
        let target = destination.appendingPathComponent(file)
        guard !FileManager.default.fileExists(atPath: target.path) else { continue }
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source.appendingPathComponent(file), to: target)
    }
}

/// The content-addressed files under `folder`, relative, without temporary ones.
func contentFiles(in folder: URL) -> [String] {
    ["decks", "media"].flatMap { kind in
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)) ?? [])
            .filter { !$0.hasPrefix(".") }.map { "\(kind)/\($0)" }
    }.sorted()
}
