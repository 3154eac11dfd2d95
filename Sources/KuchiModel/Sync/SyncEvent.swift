/// One line of a device's sync log: something the learner did on that device.
///
/// Events are never changed or removed once written; an answer taken back is a
/// ``Body/retraction(of:)`` naming it. The folder's format is in `docs/sync-format.md`.
public struct SyncEvent: Sendable, Equatable {
    /// Unique among all devices' events (128 random bits, hex): the merge is a set
    /// union on it, so an event read twice, from a file and its conflict copy, counts once.
    public var id: String
    /// The device that wrote it (see ``SyncDevice``), from the line, never from a file name.
    public var device: String
    public var stamp: HLCStamp
    public var body: Body

    public init(id: String, device: String, stamp: HLCStamp, body: Body) {
        self.id = id
        self.device = device
        self.stamp = stamp
        self.body = body
    }

    /// What happened.
    public enum Body: Sendable, Equatable {
        /// An answer to `card` at `time` (milliseconds since 1970-01-01 UTC), which took
        /// `answerMilliseconds`.
        case review(card: CardID, rating: FSRSRating, time: Int64, answerMilliseconds: Int64)
        /// The review event `of` taken back (undo), on any device.
        case retraction(of: String)
        /// The card suspended or unsuspended (a register: the latest stamp wins).
        case suspension(card: CardID, isSuspended: Bool)
        /// One field of a card edited (a register per card and field).
        case cardField(card: CardID, field: String, value: String)
        /// A word of the learner's own decks (My Words, an imported deck): `json` is the
        /// card object as a deck file holds it, or nil: the word deleted (a register per
        /// card; its fields' later edits are ``cardField(card:field:value:)`` on top).
        case word(card: CardID, json: String?)
        /// One of the learner's settings (a register per key); `value` is JSON text.
        case setting(key: String, value: String)
        /// The name of the device that wrote it, as people call that computer (its host
        /// name): a register per device, which only that device writes.
        case deviceName(String)
        /// An imported deck as the learner has it (a register per deck id): its `name`,
        /// the SHA-256 of its file in the folder (`decks/<sha256>.json`), nil once the
        /// learner removed it, and its sounds and pictures, each name its cards use →
        /// the SHA-256 of its file (`media/<sha256>.<ext>`; `docs/sync-format.md`).
        case deck(id: String, name: String, sha256: String?, media: [String: String])
        /// A kind this Kuchi does not know (a newer one wrote it): kept in the folder,
        /// ignored by the merge.
        case unknown(kind: String)
    }

    /// The register the event writes, for the register kinds: one name per card's
    /// suspension, card's field, card (word), setting, or device's name.
    var register: String? {
        switch body {
        case .suspension(let card, _): "suspension\u{1F}\(card.deck)\u{1F}\(card.question)"
        case .cardField(let card, let field, _): "field\u{1F}\(card.deck)\u{1F}\(card.question)\u{1F}\(field)"
        case .word(let card, _): "word\u{1F}\(card.deck)\u{1F}\(card.question)"
        case .setting(let key, _): "setting\u{1F}\(key)"
        case .deviceName: Self.nameRegister(of: device)
        case .deck(let id, _, _, _): Self.deckRegister(id)
        case .review, .retraction, .unknown: nil
        }
    }

    /// The register that holds `device`'s name.
    static func nameRegister(of device: String) -> String { "device\u{1F}\(device)" }

    /// The register that holds the imported deck `id`.
    static func deckRegister(_ id: String) -> String { "deck\u{1F}\(id)" }

    /// A new event id: 128 random bits as 32 hexadecimal digits.
    package static func newID() -> String {
        var random = SystemRandomNumberGenerator()
        return hex(random.next()) + hex(random.next())
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension SyncEvent {
    /// Whether `self` wins a register against `other`: the later stamp, then the larger
    /// device id and event id, so every device picks the same winner.
    func isNewer(than other: (stamp: HLCStamp, device: String, id: String)) -> Bool {
        (stamp.wall, stamp.counter, device, id) > (other.stamp.wall, other.stamp.counter, other.device, other.id)
    }
}
