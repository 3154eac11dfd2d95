import GtkKit
import KuchiModel

/// The controls of the field dialog (``FieldMappingChoice``): which field of an Anki
/// note type is the word, the reading and the meaning.
struct FieldMappingForm: View {
    let imports: DeckImports

    var body: some View {
        Text { imports.fieldMappingChoice?.heading ?? "" }
            .cssClass("heading")
            .align(horizontal: .start)
        PreferencesGroup("") {
            ComboRow(trc("field of a card", "Word"), selection: binding(\.word), options: { imports.fieldMappingChoice?.fieldNames ?? [] })
                .widgetName("field-word")
            ComboRow(tr("Reading"), selection: binding(\.reading), options: { imports.fieldMappingChoice?.readingNames ?? [] })
                .widgetName("field-reading")
            ComboRow(tr("Meaning"), selection: binding(\.meaning), options: { imports.fieldMappingChoice?.fieldNames ?? [] })
                .widgetName("field-meaning")
        }
    }

    private func binding(_ field: ReferenceWritableKeyPath<FieldMappingChoice, Int>) -> Binding<Int> {
        Binding(
            get: { imports.fieldMappingChoice?[keyPath: field] ?? 0 },
            set: { imports.fieldMappingChoice?[keyPath: field] = $0 })
    }
}
