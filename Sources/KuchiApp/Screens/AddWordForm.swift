import GtkKit
import KuchiModel

/// The controls of "Add a Word" (``WordAdder``): the word, typed as it is written, in
/// kana or in romaji, with what the dictionary found for it to choose from; then its
/// reading, meaning, an example sentence with its translation, and the deck. They
/// scroll, so the dialog fits a window 294 px high (it is as tall as they are where
/// the screen has room).
struct AddWordForm: View {
    let adder: WordAdder

    var body: some View {
        ScrollView(.vertical) {
            VStack(spacing: 12) { fields }
        }
    }

    @ViewBuilder private var fields: some View {
        @Bindable var adder = adder
        TextField(tr("Word, reading or romaji"), text: $adder.word)
            .inputHints(.noSpellcheck)
            .accessibilityLabel(trc("field of a card", "Word"))
            .widgetName("add-word")
        // The entries found, in a space kept for them from the start (the dialog is as
        // tall as its form when it opens, and does not grow), scrolling within it.
        // Each is two lines that never wrap: a long meaning is cut short with "…" (the
        // whole of it in the tooltip and for a screen reader), so each row's height is
        // known before the dialog's width is, and none is cut at the bottom.
        ScrollView(.vertical, maximumHeight: 150) {
            VStack(spacing: 0) {
                Text(tr("What the dictionary finds for the word shows here."))
                    .cssClass("dim-label")
                    .wrapping(alignment: .start)
                    .visible { adder.suggestions.isEmpty && adder.dictionaryProblem == nil }
                ForEach({ adder.suggestionRows }, id: \.id) { row in
                    Button(action: { adder.choose(row.index) }) {
                        VStack(spacing: 2) {
                            Text(row.word)
                                .cssClass("heading")
                                .truncating()
                                .align(horizontal: .start)
                            Text(row.meaning)
                                .truncating()
                                .align(horizontal: .start)
                        }
                    }
                    .accessibilityLabel(row.title)
                    .help(row.title)
                    .cssClass("flat")
                    .widgetName("add-word-suggestion")
                }
            }
        }
        .frame(minHeight: 96)
        Text { adder.alreadyIn.isEmpty ? "" : tr("Already in {decks}", ["decks": adder.alreadyIn.joined(separator: ", ")]) }
            .cssClass("dim-label")
            .wrapping(alignment: .start)
            .visible { !adder.alreadyIn.isEmpty }
            .widgetName("add-word-already")
        Text { adder.dictionaryProblem ?? "" }
            .wrapping(alignment: .start)
            .visible { adder.dictionaryProblem != nil }
        TextField(tr("Reading in kana"), text: adder.typedReading)
            .inputHints(.noSpellcheck)
            .accessibilityLabel(tr("Reading"))
            .widgetName("add-reading")
        TextField(tr("Meaning"), text: adder.typedMeaning)
            .accessibilityLabel(tr("Meaning"))
            .widgetName("add-meaning")
        TextField(tr("Example sentence (optional)"), text: $adder.sentence)
            .inputHints(.noSpellcheck)
            .accessibilityLabel(tr("Example sentence"))
            .widgetName("add-sentence")
        TextField(tr("Its translation (optional)"), text: $adder.sentenceMeaning)
            .accessibilityLabel(tr("Translation of the example sentence"))
            .widgetName("add-sentence-meaning")
        Picker(tr("Deck"), selection: $adder.deckIndex, options: adder.decks.map(\.name))
            .widgetName("add-deck")
    }
}

extension WordAdder {
    /// One suggestion as the form lists it.
    struct SuggestionRow {
        let id: String
        let index: Int
        /// "猫舌 (ねこじた)".
        let word: String
        /// "dislike of very hot food or drink; …".
        let meaning: String
        /// Both, as a screen reader says the button: "猫舌 (ねこじた): dislike of …".
        var title: String { "\(word): \(meaning)" }
    }

    /// The suggestions: the word and its reading, then the meaning the form would take.
    var suggestionRows: [SuggestionRow] {
        suggestions.enumerated().map { index, match in
            let reading = match.reading == match.word ? "" : " (\(match.reading))"
            return SuggestionRow(
                id: "\(match.entry.id) \(match.word) \(match.reading)", index: index, word: "\(match.word)\(reading)",
                meaning: match.meaning)
        }
    }
}
