/// Reads "Notes in Plain Text" as Anki exports them: one note a record, fields split
/// by a separator (tab by default), quoted per RFC 4180 (a field in double quotes may
/// hold the separator, doubled quotes and line breaks), after `#key:value` header lines:
/// `#separator:`, `#html:`, `#columns:`, and `#notetype column:N`, `#deck column:N`,
/// `#tags column:N`, `#guid column:N`, whose columns are dropped, so the fields left are
/// the note's own.
struct PlainTextNotes {
    /// One note's fields, and the line it starts on.
    struct Note {
        let line: Int
        let fields: [String]
    }

    /// A character a text file must not hold (NUL and the other controls but tab and
    /// line breaks), and its line.
    struct ControlCharacter: Error {
        let line: Int
        let scalar: Unicode.Scalar
    }

    private(set) var notes: [Note] = []
    /// Whether the fields are HTML (`#html:true`), or nil when no header says.
    private(set) var html: Bool?
    /// The note's field names (`#columns:`, without the dropped columns), if given.
    private(set) var columns: [String]?

    /// Splits `text` (already known to be UTF-8); `defaultSeparator` applies when no
    /// header names one.
    init(_ text: String, defaultSeparator: Character?) throws(ControlCharacter) {
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        var line = 1
        for scalar in text.unicodeScalars {
            if scalar == "\n" { line += 1 }
            if scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar) || scalar.value == 0x7F {
                throw ControlCharacter(line: line, scalar: scalar)
            }
        }
        var body = Substring(text)
        var separator = defaultSeparator
        var dropped = Set<Int>()
        var names: String?
        line = 1
        while body.hasPrefix("#") {
            let end = body.firstIndex(where: \.isNewline) ?? body.endIndex
            let header = body[body.index(after: body.startIndex)..<end].split(separator: ":", maxSplits: 1).map(String.init)
            body = end < body.endIndex ? body[body.index(after: end)...] : ""
            line += 1
            guard header.count == 2 else { continue }
            let value = header[1].trimmingWhitespace()
            switch header[0].lowercased() {
            case "separator": separator = Self.separator(named: value)
            case "html": html = value.lowercased() == "true"
            case "columns": names = value
            case "notetype column", "deck column", "tags column", "guid column":
                if let column = Int(value), column >= 1 { dropped.insert(column - 1) }
            default: break
            }
        }
        let split = separator ?? (body.prefix { !$0.isNewline }.contains("\t") ? "\t" : ",")
        // Split once every header is read: `#columns:` may come before `#separator:`.
        columns = names.map { Self.dropping(dropped, from: $0.split(separator: split, omittingEmptySubsequences: false).map(String.init)) }
        for record in Self.records(body, separator: split, firstLine: line) {
            if record.fields.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { continue }
            notes.append(Note(line: record.line, fields: Self.dropping(dropped, from: record.fields)))
        }
    }

    private static func dropping(_ columns: Set<Int>, from fields: [String]) -> [String] {
        fields.enumerated().filter { !columns.contains($0.offset) }.map(\.element)
    }

    /// Anki's names for separators, or the character itself.
    private static func separator(named name: String) -> Character? {
        switch name.lowercased() {
        case "tab": "\t"
        case "comma": ","
        case "semicolon": ";"
        case "pipe": "|"
        case "space": " "
        case "colon": ":"
        default: name.count == 1 ? name.first : nil
        }
    }

    /// The records of `text`: fields split at `separator` and records at line breaks,
    /// both outside double quotes; a field that starts with a quote runs to the closing
    /// one, and `""` inside it is one quote.
    private static func records(
        _ text: Substring, separator: Character, firstLine: Int
    ) -> [(line: Int, fields: [String])] {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var wasQuoted = false
        var line = firstLine
        var recordLine = firstLine
        var index = text.startIndex
        func endField() {
            fields.append(field)
            field = ""
            wasQuoted = false
        }
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if quoted {
                if character == "\"" {
                    if index < text.endIndex, text[index] == "\"" {
                        field.append("\"")
                        index = text.index(after: index)
                    } else {
                        quoted = false
                    }
                } else {
                    // NB: "\r\n" is one Character in Swift; inside quotes it is kept as "\n".
                    if character.isNewline { line += 1 }
                    field.append(character.isNewline ? "\n" : character)
                }
            } else if character == "\"", field.isEmpty, !wasQuoted {
                quoted = true
                wasQuoted = true
            } else if character == separator {
                endField()
            } else if character.isNewline {
                endField()
                records.append((recordLine, fields))
                fields = []
                line += 1
                recordLine = line
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted {
            endField()
            records.append((recordLine, fields))
        }
        return records
    }
}
