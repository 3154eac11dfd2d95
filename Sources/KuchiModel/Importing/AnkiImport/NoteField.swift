/// One field of an Anki note as a Kuchi card can use it: the one place of the rules
/// both importers (packages and plain-text notes) follow.
///
/// - HTML becomes text (``HTMLText``): tags dropped, entities decoded, line breaks
///   between senses as "; ".
/// - `[sound:name.mp3]` never shows: it is taken out of the text, and its file name
///   kept (a package brings the file; a text file has none, so there it is dropped).
/// - A cloze deletion (`{{c1::…}}`) marks the note as a cloze note, which Kuchi cannot
///   ask; the importers skip and count those.
/// - An image (`<img …>`) leaves no text; a note whose word or meaning is only an
///   image is skipped and counted too.
/// - Anki's furigana notation (`日本語[にほんご]を 話[はな]す`) is split by
///   ``FuriganaNotation`` where the importer reads the word and the reading.
struct NoteField {
    /// The text as a person reads it, with no HTML and no sound tags.
    let text: String
    /// The files of its `[sound:…]` tags, in order.
    let sounds: [String]
    let hasImage: Bool
    let isCloze: Bool

    /// Reads `raw`; with `html` false (a plain-text export saying `#html:false`), tags
    /// and entities are text as written.
    init(_ raw: String, html: Bool = true) {
        var sounds: [String] = []
        var rest = Substring(raw)
        var withoutSounds = ""
        while let start = rest.firstRange(of: "[sound:") {
            withoutSounds += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "]") else {
                rest = rest[start.lowerBound...]
                break
            }
            let name = String(rest[start.upperBound..<end])
            sounds.append(html ? HTMLText(name).lines.joined() : name)
            // A space keeps the words on either side apart.
            withoutSounds += " "
            rest = rest[rest.index(after: end)...]
        }
        withoutSounds += rest
        isCloze = Self.hasCloze(raw)
        if html {
            let parsed = HTMLText(withoutSounds)
            text = parsed.text
            hasImage = parsed.hasImage
        } else {
            text = withoutSounds.split(whereSeparator: \.isNewline)
                .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                .filter { !$0.isEmpty }.joined(separator: "; ")
            hasImage = false
        }
        self.sounds = sounds
    }

    /// Whether `raw` holds a cloze deletion: `{{c` and a number, then `::`.
    static func hasCloze(_ raw: String) -> Bool {
        var rest = Substring(raw)
        while let start = rest.firstRange(of: "{{c") {
            let after = rest[start.upperBound...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, after.dropFirst(digits.count).hasPrefix("::") { return true }
            rest = after
        }
        return false
    }
}

extension NoteField {
    /// The card a note's cleaned word, reading and meaning make: furigana notation in
    /// the word or the reading is split (``FuriganaNotation``); a reading in kana is the
    /// reading, one in Latin letters the romaji, anything else none (a word in kana is
    /// then its own reading).
    static func card(word written: String, reading writtenReading: String, meaning: String, audio: String? = nil) -> Challenge {
        let notation = FuriganaNotation.split(written)
        let word = notation?.word ?? written
        let fromField = FuriganaNotation.split(writtenReading)?.reading ?? writtenReading
        let spoken = fromField.isEmpty ? notation?.reading ?? "" : fromField
        let reading = Kana.isReading(spoken) ? spoken : Kana.isReading(word) ? word : ""
        let isLatin = spoken.allSatisfy { $0.isASCII && ($0.isLetter || $0 == " " || $0 == "'" || $0 == "-") }
        return Challenge(
            question: word, reading: reading, romaji: !Kana.isReading(spoken) && isLatin ? spoken : "",
            answer: meaning, audio: audio)
    }
}
