import KuchiModel
import Observation

/// An Anki package whose field names do not say which field is the word, the reading
/// and the meaning: the learner chooses in a dialog, one note type at a time, before
/// the import (``DeckImports/importDeck(_:)``).
@MainActor @Observable
final class FieldMappingChoice {
    /// The package being imported.
    let path: LocalPath
    /// Every note type's mapping: those the names settled, and those chosen so far.
    private(set) var mappings: [AnkiFieldMapping]
    /// The position in ``mappings`` of the note type asked now.
    private(set) var asking: Int
    /// The fields chosen in the dialog: indices into the note type's fields; for the
    /// reading, 0 is "none" and 1 the first field.
    var word = 0
    var reading = 0
    var meaning = 1

    /// Nil when the names say it all and nothing needs asking.
    init?(path: LocalPath, mappings: [AnkiFieldMapping]) {
        guard let first = mappings.firstIndex(where: \.isGuessed) else { return nil }
        self.path = path
        self.mappings = mappings
        asking = first
        show(mappings[first])
    }

    var current: AnkiFieldMapping { mappings[asking] }

    /// The dialog's text: it stays while the dialog shows, so it names no note type.
    static var title: String { tr("Which Field Is the Word?") }
    static var message: String {
        tr("The fields of this Anki package do not say which one holds the Japanese word, its reading and its meaning. Choose them for each type of note.")
    }

    /// The form's heading, which follows the note type asked.
    var heading: String { tr("Note type “{name}”", ["name": current.notetype]) }

    var fieldNames: [String] { current.fields }
    var readingNames: [String] { [trc("no field", "None")] + current.fields }

    /// Keeps the fields chosen for this note type and asks the next unsettled one;
    /// returns whether every note type is settled.
    func confirm() -> Bool {
        mappings[asking] = current.choosing(word: word, reading: reading == 0 ? nil : reading - 1, meaning: meaning)
        guard let next = mappings.indices.first(where: { $0 > asking && mappings[$0].isGuessed }) else { return true }
        asking = next
        show(mappings[next])
        return false
    }

    private func show(_ mapping: AnkiFieldMapping) {
        word = mapping.word
        reading = mapping.reading.map { $0 + 1 } ?? 0
        meaning = mapping.meaning
    }
}
