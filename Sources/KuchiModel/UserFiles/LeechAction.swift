/// What Kuchi does when a card becomes a leech (``Leech``): settings.json's `"leeches"`.
public enum LeechAction: String, Codable, Sendable, CaseIterable {
    /// Says so after the answer, and the card stays in the schedule.
    case tell
    /// Says so, and suspends the card (every direction of its word) until the learner
    /// unsuspends it in the card browser.
    case suspend
}
