/// What one sync brought and sent.
public struct SyncReport: Sendable, Equatable {
    /// Reviews from other devices new to this one, and how many devices they came from.
    public var newReviews = 0
    public var otherDevices = 0
    /// Answers taken back on another device (or before, on this one) newly applied.
    public var retractions = 0
    /// Suspensions changed by another device.
    public var suspensions = 0
    /// The settings as another device's later changes left them; nil if none changed.
    /// The app saves them and uses them from now on.
    public var settings: Settings?
    /// Card fields changed by another device.
    public var fields: [SyncCardField] = []
    /// The decks whose words or card fields another device changed, sorted: the app
    /// applies them (``DeckCatalog/applySyncedCards(_:)``) and shows the decks again.
    public var cardDecks: [String] = []
    /// What was changed both here and on another device, one per setting or card, with
    /// which change is kept (the later).
    public var clashes: [SyncClash] = []
    /// Imported decks another device sent, now installed here (new, or another version
    /// of one), by id.
    public var installedDecks: [String] = []
    /// Imported decks removed here because another device removed them, by id.
    public var removedDecks: [String] = []
    /// This device's imported decks moved to an id of their own, with their answers,
    /// because another device's different deck took their id (``SyncDeckMove/notice``).
    public var movedDecks: [SyncDeckMove] = []
    /// Files of decks to install that are not in the folder yet, or are there without
    /// the bytes their names say (a copy still arriving, or torn), relative to the
    /// folder: their deck waits, and is tried again at every merge.
    public var waitingFiles: [String] = []
    /// Why a deck another device sent was not installed: it does not load (each problem
    /// names the folder's file and the card) or names a sound wrongly.
    public var deckProblems: [DeckProblem] = []
    /// This device's events written to its log.
    public var sent = 0
    /// Events of kinds this Kuchi does not know, left in the folder and ignored.
    public var unknownEvents = 0
    /// Lines skipped because they were damaged, each naming its file and line.
    public var problems: [SyncProblem] = []
    /// The device id this installation had before it found a copy of itself writing the
    /// same log (a restored backup, a cloned disk) and took a new one; nil if it did not.
    public var replacedDevice: String?

    public init() {}

    /// One line for the command line: "synced: 5 new reviews from 1 other device".
    public var summary: String {
        tr("synced: {reviews} from {devices}", ["reviews": reviewsText, "devices": devicesText])
    }

    /// What came, for the window: "5 new reviews from 1 other device".
    public var details: String {
        tr("{reviews} from {devices}", ["reviews": reviewsText, "devices": devicesText])
    }

    /// The files still arriving, for the command line and the window: "Waiting for 3
    /// files of a deck still being copied"; nil if none.
    public var waiting: String? {
        guard !waitingFiles.isEmpty else { return nil }
        return trn("Waiting for {count} file of a deck still being copied", "Waiting for {count} files of a deck still being copied",
                   waitingFiles.count)
    }

    private var reviewsText: String { trn("{count} new review", "{count} new reviews", newReviews) }
    private var devicesText: String { trn("{count} other device", "{count} other devices", otherDevices) }
}
