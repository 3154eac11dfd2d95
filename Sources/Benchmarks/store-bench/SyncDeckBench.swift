import BenchSupport
import Foundation
import KuchiModel

/// `store-bench --sync-deck`: an imported deck of 1,000 cards, each with a sound of
/// 16 KiB (about 16 MiB in all, a typical Anki vocabulary package's), carried across:
/// the first device's merge puts the deck and its sounds in the folder (hashing and
/// copying each, then the `deck` event), the folder is copied as a synchronizer would
/// (not timed), and the second device's merge checks every file against its name and
/// installs the deck. Medians of three runs, each into fresh folders.
enum SyncDeckBench {
    static let cards = 1_000
    static let soundBytes = 16 << 10

    static func table() throws -> Table {
        var table = Table("Sync: a 1,000-card deck with its sounds carried to another device")
        var sends: [Double] = []
        var installs: [Double] = []
        for _ in 0..<3 {
            let (send, install) = try run()
            sends.append(send)
            installs.append(install)
        }
        func text(_ values: [Double]) -> String {
            "\(String(format: "%.0f", median(values))) ms median of 3 (\(values.map { String(format: "%.0f", $0) }.joined(separator: ", ")))"
        }
        table.add("sending device: deck and \(cards.formatted()) sounds of \(soundBytes >> 10) KiB into the folder", text(sends))
        table.add("receiving device: every file checked and the deck installed", text(installs))
        table.add("together", "\(String(format: "%.0f", median(sends) + median(installs))) ms")
        return table
    }

    /// One run: the milliseconds of the sending merge and of the receiving one.
    private static func run() throws -> (Double, Double) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-sync-deck-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        var devices: [(sync: SyncFolder, catalog: DeckCatalog, folder: URL)] = []
        for name in ["desktop", "laptop"] {
            let data = root.appendingPathComponent(name), folder = root.appendingPathComponent(name + "-folder")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            let store = try ReviewStore(path: data.appendingPathComponent("kuchi.sqlite3").path)
            let sync = try SyncFolder(folder: folder.path, dataDirectory: data, store: store)
            let catalog = DeckCatalog(bundledFolder: nil, importedFolder: data.appendingPathComponent("decks"))
            sync.catalog = catalog
            devices.append((sync, catalog, folder))
        }
        // The deck as an import leaves it: its file and its sounds' folder.
        let (sender, receiver) = (devices[0], devices[1])
        let media = sender.catalog.mediaFolder(id: "bench-deck")
        try manager.createDirectory(at: media, withIntermediateDirectories: true)
        var cardsJSON: [String] = []
        var random = SystemRandomNumberGenerator()
        for index in 0..<cards {
            let sound = (0..<soundBytes).map { _ in UInt8.random(in: 0...255, using: &random) }
            try Data(sound).write(to: media.appendingPathComponent("w\(index).mp3"))
            cardsJSON.append(#"{"question": "語\#(index)", "reading": "ご", "answer": "word \#(index)", "audio": "w\#(index).mp3"}"#)
        }
        let deck = #"{"format": 2, "name": "Bench deck", "language": "ja", "cards": [\#(cardsJSON.joined(separator: ",\n"))]}"#
        try Data(deck.utf8).write(to: sender.catalog.importedFolder.appendingPathComponent("bench-deck.json"))
        let scheduler = FSRSScheduler(desiredRetention: 0.9, fuzz: false)

        var start = Measure.now()
        _ = try sender.sync.merge(settings: Settings(), scheduler: scheduler)
        let send = Double(Measure.now() - start) / 1e6
        // The synchronizer's part.
        try manager.removeItem(at: receiver.folder)
        try manager.copyItem(at: sender.folder, to: receiver.folder)
        start = Measure.now()
        let report = try receiver.sync.merge(settings: Settings(), scheduler: scheduler)
        let install = Double(Measure.now() - start) / 1e6
        precondition(report.installedDecks == ["bench-deck"], "the deck was not installed: \(report.waitingFiles) \(report.deckProblems)")  // safe: a benchmark's own check
        let sounds = try manager.contentsOfDirectory(atPath: receiver.catalog.mediaFolder(id: "bench-deck").path)
        precondition(sounds.count == cards, "\(sounds.count) sounds installed")  // safe: a benchmark's own check
        return (send, install)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
