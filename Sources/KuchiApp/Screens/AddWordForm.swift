import GtkKit
import KuchiModel

/// The controls of "Add a Word" (``WordAdder``): the word, typed as it is written, in
/// kana or in romaji, with what the dictionary found for it to choose from; then its
/// reading, meaning, an example sentence with its translation, and the deck.
struct AddWordForm: View {
    let adder: WordAdder

    var body: some View {
        @Bindable var adder = adder
        TextField(tr("Word, reading or romaji"), text: $adder.word)
            .inputHints(.noSpellcheck)
            .accessibilityLabel(trc("field of a card", "Word"))
            .widgetName("add-word")
        // The entries found scroll in their own space, so the fields below stay in view.
        ScrollView(.vertical, maximumHeight: 150) {
            ForEach({ adder.suggestionRows }, id: \.id) { row in
                // Two lines that wrap, so a long meaning never widens the dialog past a
                // narrow window.
                Button(action: { adder.choose(row.index) }) {
                    VStack(spacing: 2) {
                        Text(row.word)
                            .cssClass("heading")
                            .wrapping(alignment: .start)
                        Text(row.meaning)
                            .wrapping(alignment: .start)
                    }
                }
                .accessibilityLabel(row.title)
                .cssClass("flat")
                .widgetName("add-word-suggestion")
            }
        }
        .visible { !adder.suggestions.isEmpty }
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
