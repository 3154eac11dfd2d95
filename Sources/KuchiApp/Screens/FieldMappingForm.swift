import GtkKit
import KuchiModel

/// The controls of the field dialog (``FieldMappingChoice``): which field of an Anki
/// note type is the word, the reading and the meaning.
struct FieldMappingForm: View {
    let decks: DeckShelf

    var body: some View {
        Text { decks.fieldMappingChoice?.heading ?? "" }
            .cssClass("heading")
            .align(horizontal: .start)
        PreferencesGroup("") {
            ComboRow(trc("field of a card", "Word"), selection: binding(\.word), options: { decks.fieldMappingChoice?.fieldNames ?? [] })
                .widgetName("field-word")
            ComboRow(tr("Reading"), selection: binding(\.reading), options: { decks.fieldMappingChoice?.readingNames ?? [] })
                .widgetName("field-reading")
            ComboRow(tr("Meaning"), selection: binding(\.meaning), options: { decks.fieldMappingChoice?.fieldNames ?? [] })
                .widgetName("field-meaning")
        }
    }

    private func binding(_ field: ReferenceWritableKeyPath<FieldMappingChoice, Int>) -> Binding<Int> {
        Binding(
            get: { decks.fieldMappingChoice?[keyPath: field] ?? 0 },
            set: { decks.fieldMappingChoice?[keyPath: field] = $0 })
    }
}
