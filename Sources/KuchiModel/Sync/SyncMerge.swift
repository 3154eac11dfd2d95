import FoundationEssentials

/// The log files of a sync folder and how far each was read (``SyncFolder/pendingLogs()``),
/// to be read on any thread: reading and decoding 300,000 lines takes a second or more,
/// which the window's thread must not wait for.
public struct SyncPendingLogs: Sendable {
    let folder: URL
    let files: [(file: String, mark: SyncFileMark)]
    /// This installation's device id when the files were listed.
    let device: String

    /// How many bytes the files hold past where the last merge stopped (a file that was
    /// replaced is read whole, so this can be short of what is read): what the app
    /// looks at to tell a merge of a few lines from a long one.
    public var newBytes: Int64 {
        files.reduce(0) { total, entry in
            let size = Int64(BoundedRead.size(of: LocalPath(folder.appendingPathComponent(entry.file))) ?? 0)
            return total + max(0, size - entry.mark.offset)
        }
    }

    /// Reads and decodes every file on from its mark, and groups the events as the
    /// merge takes them. Pure: touches neither the store nor the folder's state.
    public func read() -> SyncLogsRead {
        var logs = SyncLogsRead()
        var devices = Set<String>()
        for (file, mark) in files {
            let read = SyncLogReader.read(file, in: folder, from: mark)
            logs.problems += read.problems
            for event in read.events {
                if event.device == device { logs.ownDeviceEvents.append(event.id) } else { devices.insert(event.device) }
            }
            logs.eventCount += read.events.count
            logs.batch.add(read.events)
            logs.marks.append((file, read.mark))
        }
        logs.otherDevices = devices.count
        logs.cards = logs.batch.reviews.keys.sorted { ($0.deck, $0.question) < ($1.deck, $1.question) }
        return logs
    }
}

/// What ``SyncPendingLogs/read()`` found: the new events of every file, grouped for the
/// merge, and how far each file has now been read.
public struct SyncLogsRead: Sendable {
    /// The lines read (every event, this device's too).
    public internal(set) var eventCount = 0
    /// The devices other than this one whose events were read.
    public internal(set) var otherDevices = 0
    var batch = SyncMergeBatch()
    /// The cards with reviews, in a fixed order (deck, then word): the steps' order.
    var cards: [CardID] = []
    /// The ids of events that name this installation's device: any it did not write
    /// come from a copy of it.
    var ownDeviceEvents: [String] = []
    var problems: [SyncProblem] = []
    var marks: [(file: String, mark: SyncFileMark)] = []

    init() {}
}

/// A merge in steps (``SyncFolder/beginMerge(_:scheduler:)``): each ``step(settings:events:)``
/// is one transaction that replays a few cards whole; the last one merges the other
/// events (undos, suspensions, settings, names), saves how far each file was read and
/// sends this device's changes. Between steps the store is consistent, every card as
/// a merge of fewer lines would leave it; a merge stopped there (Kuchi quit or killed)
/// is finished by the next one, which reads the same lines again and finds the cards
/// already replayed: a step is idempotent.
///
/// Not `Sendable`, like the ``SyncFolder`` it merges into: step where the store is used.
public final class SyncMerge {
    /// The lines read (every event, this device's too).
    public let eventCount: Int
    /// The devices other than this one whose events were read.
    public let otherDevices: Int
    /// Cards replayed so far, of ``cardCount``.
    public private(set) var cardsDone = 0
    /// The cards with reviews to replay.
    public var cardCount: Int { logs.cards.count }
    /// Whether the last step ran.
    public private(set) var isFinished = false

    /// The events a step takes by default (a card's replay rewrites all its reviews, so
    /// this counts the new ones). In `store-bench --sync` on the 2-core machine under
    /// load (load average 6-8), steps of 1,000 took 40 ms at the median and 11.0 s in
    /// all (the merge at once 9.6 s in the same run); steps of 250, 14 ms and 26.2 s
    /// (8.9 s at once): each step's commit costs a few milliseconds, and a window
    /// drawing at 60 Hz waits for one step at a time. Steps of 500, at load 2.1: 6.6 ms
    /// at the median, 18 ms at the 95th percentile, 5.8 s in all (4.5 s at once).
    public static let eventsPerStep = 500

    private let sync: SyncFolder
    private let logs: SyncLogsRead
    private let scheduler: FSRSScheduler
    private var report = SyncReport()
    private var reviewsByDevice: [String: Int] = [:]
    private var filled = 0

    init(sync: SyncFolder, logs: SyncLogsRead, replacedDevice: String?, scheduler: FSRSScheduler) {
        self.sync = sync
        self.logs = logs
        self.scheduler = scheduler
        eventCount = logs.eventCount
        otherDevices = logs.otherDevices
        report.replacedDevice = replacedDevice
        report.problems = logs.problems
    }

    /// Runs the next step: the next cards whose new reviews come to at least `events`
    /// (one card at least), or, when the rest comes to fewer, the last step with them.
    /// Returns the report after the last step, nil before. `settings` are this device's
    /// settings now (the last step sends those changed here and takes those changed
    /// elsewhere, as ``SyncFolder/merge(settings:scheduler:)`` does).
    public func step(settings: Settings, events: Int = eventsPerStep) throws(SyncError) -> SyncReport? {
        guard !isFinished else { return report }
        var end = cardsDone
        var count = 0
        while end < logs.cards.count, count < events {
            count += logs.batch.reviews[logs.cards[end]]?.count ?? 0
            end += 1
        }
        if end < logs.cards.count {
            let done = try sync.mergeStep(logs.cards[cardsDone..<end], of: logs.batch, scheduler: scheduler)
            filled += done.filled
            reviewsByDevice.merge(done.added, uniquingKeysWith: +)
            cardsDone = end
            return nil
        }
        let merged = try sync.finishMerge(
            logs, replaying: logs.cards[cardsDone...], settings: settings, filledBefore: filled, report: &report,
            scheduler: scheduler)
        reviewsByDevice.merge(merged.reviewsByDevice, uniquingKeysWith: +)
        cardsDone = logs.cards.count
        isFinished = true
        let others = reviewsByDevice.filter { $0.key != sync.device && $0.key != report.replacedDevice }
        report.newReviews = others.values.reduce(0, +)
        report.otherDevices = others.count
        return report
    }
}
