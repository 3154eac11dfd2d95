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
        let tags = Self.soundTags(in: raw, html: html)
        var withoutSounds = ""
        var start = raw.startIndex
        for tag in tags {
            withoutSounds += raw[start..<tag.range.lowerBound]
            // A space keeps the words on either side apart.
            withoutSounds += " "
            start = tag.range.upperBound
        }
        withoutSounds += raw[start...]
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
        sounds = tags.map(\.name)
    }

    /// The files of `raw`'s `[sound:…]` tags, in order, without cleaning the rest of it
    /// (a package's other fields may be kilobytes of HTML no card shows).
    static func sounds(in raw: String) -> [String] {
        soundTags(in: raw, html: true).map(\.name)
    }

    /// Each `[sound:name]` of `raw`, where it stands and its file name (HTML entities
    /// decoded when `html`); an unclosed tag ends the search. Found in the UTF-8 bytes:
    /// the tags are ASCII, so their bounds are character bounds too.
    private static func soundTags(in raw: String, html: Bool) -> [(range: Range<String.Index>, name: String)] {
        let opening = Array("[sound:".utf8)
        let utf8 = raw.utf8
        var tags: [(range: Range<String.Index>, name: String)] = []
        var searchFrom = utf8.startIndex
        while let start = firstIndex(of: opening, in: utf8, from: searchFrom) {
            let nameStart = utf8.index(start, offsetBy: opening.count)
            guard let end = utf8[nameStart...].firstIndex(of: UInt8(ascii: "]")) else { break }
            let name = String(raw[nameStart..<end])
            tags.append((start..<utf8.index(after: end), html ? HTMLText(name).lines.joined() : name))
            searchFrom = utf8.index(after: end)
        }
        return tags
    }

    /// Whether `raw` holds a cloze deletion: `{{c` and a number, then `::`.
    static func hasCloze(_ raw: String) -> Bool {
        let opening = Array("{{c".utf8)
        let utf8 = raw.utf8
        var searchFrom = utf8.startIndex
        while let start = firstIndex(of: opening, in: utf8, from: searchFrom) {
            let after = utf8.index(start, offsetBy: opening.count)
            let digits = utf8[after...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            if !digits.isEmpty, utf8[digits.endIndex...].starts(with: "::".utf8) { return true }
            searchFrom = after
        }
        return false
    }

    /// Where `pattern` (ASCII bytes) first starts in `utf8` at or after `from`.
    private static func firstIndex(of pattern: [UInt8], in utf8: String.UTF8View, from: String.Index) -> String.Index? {
        guard let first = pattern.first else { return nil }
        var index = from
        while let candidate = utf8[index...].firstIndex(of: first) {
            if utf8[candidate...].starts(with: pattern) { return candidate }
            index = utf8.index(after: candidate)
        }
        return nil
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
