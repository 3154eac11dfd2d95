import FoundationEssentials

/// One thing changed both here and on another device: a setting, a card's suspension,
/// a card's field or a word of the learner's own decks. The register keeps the later
/// change by its hybrid clock stamp, on every device alike; the window says so ("also
/// changed on laptop at 10:02"), so a learner whose change here was replaced knows why.
///
/// A merge reports a clash when another device's value for a register differs from the
/// one this device wrote last, whichever of the two is kept.
public struct SyncClash: Sendable, Equatable {
    /// What both devices changed.
    public enum Subject: Sendable, Equatable {
        /// A synced setting, by its key in settings.json.
        case setting(key: String)
        /// Whether a card is suspended.
        case suspension(CardID)
        /// One field of a card.
        case field(CardID, field: String)
        /// A word of the learner's own decks: added, changed or deleted.
        case word(CardID)
    }

    public var subject: Subject
    /// The other device's id, and its name if it has sent one (its host name).
    public var device: String
    public var deviceName: String?
    /// When the other device made its change (its stamp's wall time).
    public var changedAt: Date
    /// Whether this device's change is the later one and so stays; if not, the other
    /// device's is used from now on.
    public var keptHere: Bool

    public init(subject: Subject, device: String, deviceName: String?, changedAt: Date, keptHere: Bool) {
        self.subject = subject
        self.device = device
        self.deviceName = deviceName
        self.changedAt = changedAt
        self.keptHere = keptHere
    }

    /// The other device as the window names it: its name, else the start of its id.
    public var deviceLabel: String { deviceName ?? String(device.prefix(8)) }
}

extension SyncClash {
    func keeping(here: Bool) -> SyncClash {
        var clash = self
        clash.keptHere = here
        return clash
    }
}
