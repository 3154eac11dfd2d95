/// Reads "Notes in Plain Text" as Anki exports them: one note a line, fields split
/// by a separator (tab by default), optionally quoted, with `#key:value` header lines
/// at the top (`#separator:comma`, `#html:true`, `#columns:…`).
struct PlainTextNotes {
    /// One line's fields, and where it was.
    struct Note {
        let line: Int
        let fields: [String]
    }

    private(set) var notes: [Note] = []

    /// Splits `text` (already known to be UTF-8); `defaultSeparator` applies when no
    /// header names one.
    init(_ text: String, defaultSeparator: Character?) {
        var separator = defaultSeparator
        var html = false
        var inHeader = true
        var lineNumber = 0
        // NB: "\r\n" is one Character in Swift, so it is matched as a whole.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            if inHeader, line.hasPrefix("#") {
                let header = line.dropFirst().split(separator: ":", maxSplits: 1).map { String($0) }
                if header.count == 2, header[0] == "separator" { separator = Self.separator(named: header[1]) }
                if header.count == 2, header[0] == "html" { html = header[1].lowercased() == "true" }
                continue
            }
            inHeader = false
            if line.allSatisfy(\.isWhitespace) { continue }
            let split = separator ?? (line.contains("\t") ? "\t" : ",")
            let fields = Self.fields(of: line, separatedBy: split).map { field in
                html || field.contains("<") || field.contains("&") ? HTMLText.plain(field) : field
            }
            notes.append(Note(line: lineNumber, fields: fields.map { $0.trimmingWhitespace() }))
        }
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

    /// A line's fields: split at `separator` outside double quotes; `""` inside
    /// quotes is one quote.
    private static func fields(of line: Substring, separatedBy separator: Character) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            index = line.index(after: index)
            if quoted {
                if character == "\"" {
                    if index < line.endIndex, line[index] == "\"" {
                        field.append("\"")
                        index = line.index(after: index)
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"", field.isEmpty {
                quoted = true
            } else if character == separator {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}

/// Text from an HTML field as a person reads it: tags dropped, entities decoded,
/// line breaks as spaces.
enum HTMLText {
    static func plain(_ html: String) -> String {
        var text = ""
        var inTag = false
        var entity: String?
        for character in html {
            if var pending = entity {
                if character == ";" {
                    text += decode(pending) ?? "&\(pending);"
                    entity = nil
                } else if pending.count < 10, character.isLetter || character.isNumber || character == "#" {
                    pending.append(character)
                    entity = pending
                } else {
                    text += "&" + pending
                    entity = nil
                    text.append(character)
                }
                continue
            }
            switch character {
            case "<": inTag = true
            case ">" where inTag:
                inTag = false
                text.append(" ")
            case "&" where !inTag: entity = ""
            default: if !inTag { text.append(character) }
            }
        }
        if let entity { text += "&" + entity }
        // Tags become spaces (a <br> between two words); fold the runs they leave.
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func decode(_ entity: String) -> String? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return " "
        default:
            guard entity.hasPrefix("#") else { return nil }
            let digits = entity.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}
