import Foundation
import KuchiModel

/// One installation of Kuchi for the sync tests: its data folder (database and device
/// id), its own copy of the shared folder (as a synchronizer keeps one per computer),
/// its settings and its wall clock, which a test can step back.
final class SyncTestDevice {
    static let deck = "jlpt-n5"
    static let scheduler = FSRSScheduler(desiredRetention: 0.9, fuzz: false)

    let data: URL
    let folder: URL
    var store: ReviewStore
    var sync: SyncFolder
    var settings = Settings()
    /// The device's wall clock, in milliseconds.
    var wall: Int64 = 1_767_225_600_000
    /// What the device calls itself in the folder.
    let name: String
    /// Makes the reader a test wants (the negative control skips conflict copies).
    var readerFilter: ((String) -> Bool)?

    /// A new installation under `root/name`, syncing through `root/name-folder`.
    init(root: URL, name: String) throws {
        self.name = name
        data = root.appendingPathComponent(name)
        folder = root.appendingPathComponent(name + "-folder")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try ReviewStore(path: data.appendingPathComponent("kuchi.sqlite3").path)
        sync = try SyncFolder(folder: folder.path, dataDirectory: data, store: store, now: { Date() })
        try reopen()
    }

    /// A copy of `other` (its data folder and its copy of the folder, as a cloned disk
    /// or a restored backup has), under `root/name`.
    init(cloning other: SyncTestDevice, root: URL, name: String) throws {
        self.name = name
        data = root.appendingPathComponent(name)
        folder = root.appendingPathComponent(name + "-folder")
        try FileManager.default.copyItem(at: other.data, to: data)
        try FileManager.default.copyItem(at: other.folder, to: folder)
        store = try ReviewStore(path: data.appendingPathComponent("kuchi.sqlite3").path)
        sync = try SyncFolder(folder: folder.path, dataDirectory: data, store: store, now: { Date() })
        settings = other.settings
        wall = other.wall
        try reopen()
    }

    /// Opens the store and the folder again, as a new run of Kuchi does.
    func reopen() throws {
        store = try ReviewStore(path: data.appendingPathComponent("kuchi.sqlite3").path)
        sync = try SyncFolder(folder: folder.path, dataDirectory: data, store: store, deviceName: name, now: { [unowned self] in
            Date(timeIntervalSince1970: Double(self.wall) / 1000)
        })
        if let readerFilter { sync.reader = SyncLogReader(folder: folder, accepts: readerFilter) }
        sync.catalog = catalog
    }

    /// Answers `word` with `rating` now (the clock moves on a second first); returns the review's id.
    @discardableResult
    func review(_ word: String, _ rating: FSRSRating = .good) throws -> Int64 {
        wall += 1000
        let time = Date(timeIntervalSince1970: Double(wall) / 1000)
        return try store.record(CardID(deck: Self.deck, question: word), rating: rating, time: time, answerTime: .milliseconds(1500)) {
            Self.scheduler.review($0 ?? FSRSCard(due: time), rating: rating, at: time)
        }.reviewID
    }

    /// Takes back `word`'s latest review, whichever device made it; false if it has none.
    @discardableResult
    func undoLatest(of word: String) throws -> Bool {
        guard let latest = try store.reviews(of: CardID(deck: Self.deck, question: word)).last else { return false }
        try store.undo(reviewID: latest.id)
        return true
    }

    func suspend(_ word: String, _ isSuspended: Bool = true) throws {
        try store.setSuspended(isSuspended, card: CardID(deck: Self.deck, question: word))
    }

    /// Merges the folder (and sends); takes the settings other devices changed.
    @discardableResult
    func merge() throws -> SyncReport {
        let report = try sync.merge(settings: settings, scheduler: Self.scheduler)
        if let updated = report.settings { settings = updated }
        return report
    }

    /// What sync must make the same on every device: each card's reviews (time and
    /// rating) and state, the suspended words, the synced settings, the words and
    /// card fields.
    func synced(words: [String]) throws -> SyncedState {
        var cards: [String: SyncedState.Card] = [:]
        for word in words {
            let card = CardID(deck: Self.deck, question: word)
            let reviews = try store.reviews(of: card).sorted { $0.review.time < $1.review.time }
                .map { "\($0.review.time.timeIntervalSince1970)/\($0.review.rating.rawValue)" }
            if !reviews.isEmpty { cards[word] = SyncedState.Card(reviews: reviews, state: try store.card(card)) }
        }
        return SyncedState(
            cards: cards, suspended: try store.schedule(deck: Self.deck).suspended, settings: settings.syncedValues,
            ownCards: try sync.syncedCards())
    }
}

/// The synced part of one device's state, compared between devices.
struct SyncedState: Equatable, CustomStringConvertible {
    struct Card: Equatable {
        var reviews: [String]
        var state: FSRSCard?
    }

    var cards: [String: Card]
    var suspended: Set<String>
    var settings: [String: String]
    /// The `word` and `field` registers.
    var ownCards: SyncedCards

    var reviewCount: Int { cards.values.reduce(0) { $0 + $1.reviews.count } }

    var description: String {
        "\(reviewCount) reviews of \(cards.count) cards, suspended \(suspended.sorted()), settings \(settings.sorted { $0.key < $1.key }), \(ownCards.words.count) words, \(ownCards.fields.count) edited cards"
    }
}

/// Copies every file of `source`'s log folders into `destination` as a synchronizer
/// finishes doing: a file the destination lacks or has an older (shorter, prefix)
/// version of is replaced; two versions that each have lines the other lacks become a
/// conflict: the source's wins and the destination's is kept as a Syncthing conflict copy.
func copyFolder(from source: URL, to destination: URL, conflictTag: String = "20260101-000000-WINNER1") throws {
    for file in logFiles(in: source) {
        try copyFile(file, from: source, to: destination, conflictTag: conflictTag)
    }
}

/// The log files under `folder` (relative paths), temporary ones included.
func logFiles(in folder: URL) -> [String] {
    let devices = folder.appendingPathComponent("devices")
    var files: [String] = []
    for device in (try? FileManager.default.contentsOfDirectory(atPath: devices.path)) ?? [] {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: devices.appendingPathComponent(device + "/log").path)) ?? [] {
            files.append("devices/\(device)/log/\(name)")
        }
    }
    return files.sorted()
}

/// Copies one file as ``copyFolder(from:to:conflictTag:)`` does; `prefix` copies only that many bytes (a torn snapshot).
func copyFile(_ file: String, from source: URL, to destination: URL, prefix: Int? = nil, conflictTag: String = "20260101-000000-WINNER1") throws {
    let name = (file as NSString).lastPathComponent
    guard !name.hasPrefix(".") else { return }
    var bytes = try Data(contentsOf: source.appendingPathComponent(file))
    if let prefix { bytes = bytes.prefix(prefix) }
    let target = destination.appendingPathComponent(file)
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    if let existing = try? Data(contentsOf: target) {
        if bytes.starts(with: existing) {
            // An older version of the same file: replaced.
        } else if existing.starts(with: bytes) {
            return  // The destination's is newer.
        } else {
            let stem = (name as NSString).deletingPathExtension
            let conflict = target.deletingLastPathComponent().appendingPathComponent("\(stem).sync-conflict-\(conflictTag).jsonl")
            if !FileManager.default.fileExists(atPath: conflict.path) { try existing.write(to: conflict) }
        }
    }
    try bytes.write(to: target, options: .atomic)
}
