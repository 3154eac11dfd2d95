import KuchiModel

/// What the confirmation of removing an imported deck says: what goes (its cards and
/// sounds, here and, sync on, on the other computers) and what stays (the answers
/// given, which the statistics count).
@MainActor
enum DeckRemoval {
    /// The message naming `deck` and its `cards`; `syncing` whether sync is on.
    static func message(_ deck: DeckEntry?, cards: Int, syncing: Bool) -> String {
        let name = deck?.name ?? "", count = trn("{count} card", "{count} cards", cards)
        let goes = syncing
            ? tr("“{deck}” and its {cards}, with their sounds, are removed from this computer and from the computers you sync with.",
                 ["deck": name, "cards": count])
            : tr("“{deck}” and its {cards}, with their sounds, are removed from this computer.", ["deck": name, "cards": count])
        return goes + " " + tr("Your answers stay in your statistics. To use the deck again, import it again.")
    }
}
