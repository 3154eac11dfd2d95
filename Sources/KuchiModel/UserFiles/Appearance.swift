/// Light or dark style, or whatever the desktop prefers.
public enum Appearance: String, Codable, Sendable, CaseIterable {
    case system
    case light
    case dark
}

/// How a word's reading is shown ("Readings" in Settings): as furigana over the kanji it
/// belongs to, on a line below the word, in romaji, or not at all.
public enum ReadingDisplay: String, Codable, Sendable, CaseIterable {
    case furigana
    case below
    case romaji
    case hidden

    /// How readings show on a card turned or answered (`revealed`) or not: a hidden
    /// reading shows then, as furigana.
    public func shown(revealed: Bool) -> ReadingDisplay {
        self == .hidden && revealed ? .furigana : self
    }
}
