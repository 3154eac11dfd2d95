import FoundationEssentials

/// This device's imported deck moved to another id because another device imported a
/// different deck under the same one while the two were apart: both are kept, the
/// other's under the id, this one's (with the answers given here) under `to`.
public struct SyncDeckMove: Sendable, Equatable {
    /// The id both decks had; the other device's deck has it now.
    public var from: String
    /// This device's deck's new id.
    public var to: String
    /// The deck's name (both decks have it), and how the list of decks shows this
    /// device's now ("Core 2k (2)").
    public var name: String
    public var listedAs: String
    /// The device whose deck kept the id, and its name if it has sent one.
    public var device: String
    public var deviceName: String?

    public init(from: String, to: String, name: String, listedAs: String, device: String, deviceName: String?) {
        self.from = from
        self.to = to
        self.name = name
        self.listedAs = listedAs
        self.device = device
        self.deviceName = deviceName
    }

    /// The other device as the window names it: its name, else the start of its id.
    public var deviceLabel: String { deviceName ?? String(device.prefix(8)) }

    /// What the window and `kuchi --sync` tell the learner.
    public var notice: String {
        tr("Two different decks named “{name}” were imported on {device} and here: both are kept, this computer’s as “{listed}”, with its answers",
           ["name": name, "device": deviceLabel, "listed": listedAs])
    }
}
