/// Anki's rule for a leech, a card the learner keeps forgetting: its 8th lapse (Again on
/// a card in review), then every 4th after it (the 12th, the 16th…). Each of those
/// lapses tells the learner (and suspends the card, if they chose so:
/// ``Settings/leechAction``); the card browser's Leeches filter lists every card with 8
/// lapses or more, to edit, suspend or reset.
///
/// An Again while the card is still learning or relearning is not a lapse, as in Anki:
/// it forgot nothing it had learnt.
public enum Leech {
    /// The lapse at which a card first counts as a leech.
    public static let threshold = 8
    /// Lapses between the later warnings.
    public static let interval = 4

    /// Whether the lapse numbered `lapses` (from 1) makes the card a leech, or says so
    /// again.
    public static func isWarning(lapses: Int) -> Bool {
        lapses >= threshold && (lapses - threshold) % interval == 0
    }
}
