import GtkKit
import KuchiModel

/// A card's word with its reading, as the "Readings" setting says: furigana over the
/// kanji, a line below, romaji, or nothing (until the card is turned or answered); and,
/// as the "Pitch Accent" setting says, the pitch accent over the kana reading, its name
/// in a tooltip and for a screen reader.
/// The line below stays when empty, so the word does not move when it fills; and the
/// word is laid out both as it shows before the reveal and after, and takes the room
/// of the larger, so a reading that appears (Readings on Hidden) moves nothing.
struct WordView: View {
    /// The card, or nil for nothing to show.
    let card: @MainActor () -> Challenge?
    /// Whether the card is turned or its question answered: a hidden reading shows then.
    let revealed: @MainActor () -> Bool
    /// The CSS class of the line below the word.
    let lineClass: String
    @Environment(UserManager.self) private var users

    var body: some View {
        PageStack(selection: revealed, keepsLargestSize: true) {
            Page(false) { word(revealed: false) }
            Page(true) { word(revealed: true) }
        }
    }

    private func word(revealed: Bool) -> some View {
        VStack(spacing: 4) {
            FuriganaWord(presentation: { presentation(revealed: revealed) }, showsPitch: true)
                .help { presentation(revealed: revealed).pitchNote }
                .widgetName("word")
            // A RubyText without rubies, as a label is, but for the pitch accent's line.
            RubyText(overlines: { presentation(revealed: revealed).linePitch.map(RubyText.Overline.init) }) {
                let line = presentation(revealed: revealed).line
                return line.isEmpty ? [] : [RubyText.Segment(base: line, ruby: nil)]
            }
            .cssClass(lineClass)
            .widgetName("reading")
        }
    }

    private func presentation(revealed: Bool) -> ReadingPresentation {
        guard let card = card() else { return .empty }
        return ReadingPresentation(
            card, display: users.settings.readings, revealed: revealed, showsPitch: users.settings.pitchAccent)
    }
}

/// A card's first example sentence, its word in bold, with the readings of its kanji
/// words as the "Readings" setting shows the card's (``ExamplePresentation``: furigana,
/// or the sentence in kana on a line below), and (when `translated`) its translation;
/// nothing when the card has none. A screen reader reads the sentence once, not its
/// furigana after it.
struct ExampleView: View {
    let card: @MainActor () -> Challenge?
    var translated = true
    @Environment(UserManager.self) private var users

    var body: some View {
        VStack(spacing: 2) {
            RubyText {
                presentation.sentence.map { RubyText.Segment(base: $0.text, ruby: $0.reading, isEmphasised: $0.isCardWord) }
            }
            .accessibilityLabel { presentation.spoken }
            .cssClass("example")
            .widgetName("example")
            Text { presentation.line }
                .cssClass("example-reading", "dim-label")
                .wrapping()
                .visible { !presentation.line.isEmpty }
                .widgetName("example-reading")
            Text { translated ? card()?.examples.first?.en ?? "" : "" }
                .cssClass("example-translation", "dim-label")
                .wrapping()
                .visible { translated && !(card()?.examples.first?.en.isEmpty ?? true) }
                .widgetName("example-translation")
        }
    }

    // Shown on the card's back only: revealed.
    private var presentation: ExamplePresentation {
        guard let card = card(), let example = card.examples.first else { return .empty }
        return ExamplePresentation(example, card: card, display: users.settings.readings, revealed: true)
    }
}

extension Example {
    /// The sentence with `card`'s word in bold.
    func styled(for card: Challenge) -> StyledText {
        guard let range = wordRange(of: card) else { return StyledText(ja) }
        return StyledText(String(ja[..<range.lowerBound])) + StyledText(String(ja[range])).emphasised()
            + StyledText(String(ja[range.upperBound...]))
    }
}

/// A word as its ``ReadingPresentation`` sets it: the reading over each kanji run, and
/// "食べる, たべる" for a screen reader. The word of ``WordView`` and of the card
/// browser's rows.
struct FuriganaWord: View {
    let presentation: @MainActor () -> ReadingPresentation
    /// Whether the presentation's pitch accent is drawn over the word's reading.
    var showsPitch = false

    var body: some View {
        RubyText(overlines: { showsPitch ? presentation().wordPitch.map(RubyText.Overline.init) : [] }) {
            presentation().word.map { RubyText.Segment(base: $0.text, ruby: $0.reading) }
        }
        .accessibilityLabel { presentation().spoken }
    }
}

extension RubyText.Overline {
    /// The line over a stretch of high morae, turning down where the pitch drops.
    init(_ run: PitchAccent.HighRun) { self.init(characters: run.scalars, dropsAtEnd: run.dropsAfter) }
}
