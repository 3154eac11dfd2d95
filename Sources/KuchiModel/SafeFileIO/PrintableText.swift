/// Text from files and the command line made safe to print and to show.
///
/// A deck or a file name can hold anything: escape sequences that would repaint a
/// terminal, newlines that would split one problem over several lines, bidirectional
/// overrides that reorder what is read, or a single 100,000-character word that takes a
/// label minutes to wrap. Every message that quotes such text passes it through here.
public enum PrintableText {
    /// `text` with control characters written as escapes: `\n`, `\t`, `\r`, `\u{1B}`.
    public static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars { append(scalar, to: &result) }
        return result
    }

    /// Bytes as text: UTF-8 sequences as they are, other bytes as `\xNN`, controls escaped.
    public static func escaping(bytes: [UInt8]) -> String {
        var result = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                append(Unicode.UTF8.decode(encoded), to: &result)
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] { result += "\\x" + hex(byte, digits: 2) }
                offset += length
            case .emptyInput:
                return result
            }
        }
    }

    /// `text` escaped and cut to at most `limit` characters, ending in "…" when cut.
    public static func quoting(_ text: String, limit: Int = 60) -> String {
        let escaped = escaping(text)
        guard escaped.count > limit else { return escaped }
        return String(escaped.prefix(max(limit - 1, 0))) + "…"
    }

    /// Whether `scalar` is escaped when printed: a control character, a bidirectional
    /// embedding, override or isolate, or a line or paragraph separator. A card's text
    /// may hold none of them (``TextCost``).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Bidirectional embeddings, overrides and isolates; line and paragraph separators.
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        guard needsEscape(scalar) else {
            result.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default: result += "\\u{" + hex(scalar.value, digits: scalar.value > 0xFF ? 4 : 2) + "}"
        }
    }

    private static func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
