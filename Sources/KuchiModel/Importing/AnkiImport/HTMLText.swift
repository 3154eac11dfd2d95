/// Text from an HTML field as a person reads it: tags dropped (`<b>`, `<span>`…),
/// entities decoded, and each line break (`<br>`, a `<div>` or `<p>`, a list item,
/// a newline) kept as one, with the runs of spaces inside a line folded.
///
/// Anki's editor writes HTML this simple; anything fancier (scripts, styles, comments)
/// only needs to come out as harmless text.
struct HTMLText {
    /// The lines, each trimmed, empty ones dropped.
    private(set) var lines: [String] = []
    /// Whether the HTML holds an image (`<img …>`).
    private(set) var hasImage = false

    init(_ html: String) {
        var line = ""
        var tag: String?
        var entity: String?
        func breakLine() {
            let folded = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !folded.isEmpty { lines.append(folded) }
            line = ""
        }
        for character in html {
            if var pending = tag {
                if character == ">" {
                    let name = Self.tagName(pending)
                    if Self.breakingTags.contains(name) { breakLine() }
                    if name == "img" { hasImage = true }
                    tag = nil
                } else if pending.count < 16 {
                    pending.append(character)
                    tag = pending
                }
                continue
            }
            if var pending = entity {
                if character == ";" {
                    line += Self.decode(pending) ?? "&\(pending);"
                    entity = nil
                    continue
                }
                if pending.count < 10, character.isLetter || character.isNumber || character == "#" {
                    pending.append(character)
                    entity = pending
                    continue
                }
                line += "&" + pending
                entity = nil
            }
            switch character {
            case "<": tag = ""
            case "&": entity = ""
            case "\n", "\r\n", "\r": breakLine()
            default: line.append(character)
            }
        }
        if let entity { line += "&" + entity }
        breakLine()
    }

    /// The lines as one line: "to eat<br>to consume" → "to eat; to consume".
    var text: String { lines.joined(separator: "; ") }

    /// Tags that end a line where they stand.
    private static let breakingTags: Set<String> = ["br", "div", "/div", "p", "/p", "li", "tr", "hr"]

    /// "img src=…" → "img"; "/DIV" → "/div"; "br/" → "br".
    private static func tagName(_ tag: String) -> String {
        let closing = tag.hasPrefix("/")
        let name = tag.dropFirst(closing ? 1 : 0).prefix { $0.isLetter || $0.isNumber }.lowercased()
        return closing ? "/" + name : name
    }

    static func decode(_ entity: String) -> String? {
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
