/// Anki's furigana notation: a reading in square brackets after the kanji it belongs
/// to, with a space before a run that does not start the text —
/// `日本語[にほんご]を 話[はな]す` is 日本語を話す read にほんごをはなす.
///
/// The base of a reading is the run of characters right before its `[`, back to a
/// space, the previous reading's `]` or the start; that space only separates, and is
/// dropped (Anki's own rule).
enum FuriganaNotation {
    /// The word and its reading, or nil when `text` uses no notation.
    static func split(_ text: String) -> (word: String, reading: String)? {
        var word = ""
        var reading = ""
        // Characters since the last space or reading: the base, if a `[` follows.
        var run = ""
        var found = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "[", !run.isEmpty, let close = text[index...].firstIndex(of: "]") {
                let ruby = text[text.index(after: index)..<close]
                if !ruby.isEmpty, !ruby.contains("[") {
                    word += run
                    reading += ruby
                    run = ""
                    found = true
                    index = text.index(after: close)
                    continue
                }
            }
            if character == " " {
                word += run
                reading += run
                run = ""
                // Kept only if no reading follows (handled by the next run), and only
                // between words: Japanese text has no spaces to keep.
                if let next = text[text.index(after: index)...].first, next != " ",
                   !Self.baseFollows(text[text.index(after: index)...])
                {
                    word += " "
                    reading += " "
                }
            } else {
                run.append(character)
            }
            index = text.index(after: index)
        }
        guard found else { return nil }
        word += run
        reading += run
        return (word, reading)
    }

    /// Whether the text after a space starts with a base and its reading.
    private static func baseFollows(_ text: Substring) -> Bool {
        guard let open = text.firstIndex(where: { $0 == "[" || $0 == " " }), text[open] == "[" else { return false }
        return open != text.startIndex && text[open...].contains("]")
    }
}
