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
        ForEach({ adder.suggestionRows }, id: \.id) { row in
            Button(row.title) { adder.choose(row.index) }
                .cssClass("flat")
                .widgetName("add-word-suggestion")
        }
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
        /// "猫舌 (ねこじた): being unable to eat hot food".
        let title: String
    }

    /// The suggestions, each a line short enough for a narrow window.
    var suggestionRows: [SuggestionRow] {
        suggestions.enumerated().map { index, match in
            let reading = match.reading == match.word ? "" : " (\(match.reading))"
            var meaning = match.meaning
            if meaning.count > 36 { meaning = String(meaning.prefix(35)) + "…" }
            return SuggestionRow(id: "\(match.entry.id) \(match.word) \(match.reading)", index: index, title: "\(match.word)\(reading): \(meaning)")
        }
    }
}
