/// A note's fields as a dictionary app sends them, made a Kuchi card by the Anki
/// importer's own rules (``NoteField``): HTML becomes text, `[sound:…]` the card's
/// sound, and furigana notation (`猫舌[ねこじた]`) the word and its reading.
struct AnkiConnectNoteFields {
    /// The first field's word (Word, without its furigana): all AnkiConnect asks of a
    /// note to be addable, and what its duplicate check compares. Empty when not sent.
    let word: String
    /// The card, or nil when a field a card needs is empty: its Word or its Meaning. A
    /// Sentence may come without its Sentence Meaning (Yomitan knows no translation):
    /// the card shows the sentence alone.
    let card: Challenge?

    /// Fields by name as sent (any case; names Kuchi's note type lacks are ignored, as
    /// Anki does). Yomitan checks a note by its first field alone.
    init(_ fields: [String: String]) {
        func raw(_ name: String) -> String {
            fields.first { $0.key.lowercased() == name.lowercased() }?.value ?? ""
        }
        let word = NoteField(raw(AnkiNote.fieldNames[0]))
        let reading = NoteField(raw("Reading"))
        let meaning = NoteField(raw("Meaning"))
        let sentence = NoteField(raw("Sentence"))
        let sentenceMeaning = NoteField(raw("Sentence Meaning"))
        self.word = FuriganaNotation.split(word.text)?.word ?? word.text
        // The Audio field's sound, else the first sound in any field (Yomitan may put
        // it beside the word).
        let sounds = NoteField(raw("Audio")).sounds + word.sounds + reading.sounds + meaning.sounds + sentence.sounds
        let audio = sounds.first { MediaName.isSafe($0) }
        guard !word.text.isEmpty, !meaning.text.isEmpty else {
            card = nil
            return
        }
        var made = NoteField.card(word: word.text, reading: reading.text, meaning: meaning.text, audio: audio)
        let spoken = FuriganaNotation.split(sentence.text)?.word ?? sentence.text
        if !spoken.isEmpty {
            made = Challenge(
                question: made.question, reading: made.reading, romaji: made.romaji, answer: made.answer,
                examples: [Example(ja: spoken, en: sentenceMeaning.text)], audio: made.audio)
        }
        card = made
    }

    /// A field's value as a query compares it: cleaned as when a note is added (the
    /// word without its furigana).
    static func cleaned(_ value: String, field: String) -> String {
        switch field.lowercased() {
        case "audio", "picture": return value
        default: break
        }
        let text = NoteField(value).text
        switch field.lowercased() {
        case "word", "sentence": return FuriganaNotation.split(text)?.word ?? text
        case "reading": return FuriganaNotation.split(text)?.reading ?? text
        default: return text
        }
    }
}
