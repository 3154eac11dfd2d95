// Passing over a value without building it, for readers that want only part of a
// document (DeckHeader.swift).
extension JSONReader {
    /// Moves past the next value, checking its syntax as ``value()`` does but
    /// building nothing: strings are scanned, not decoded, and containers are walked
    /// with the same depth limit.
    mutating func skipValue() throws(JSONSyntaxError) {
        skipWhitespace()
        guard let byte = peek() else { throw failure(tr("unexpected end of file")) }
        switch byte {
        case UInt8(ascii: "{"):
            try enterContainer()
            var first = true
            while try skipKey(first: first) {
                try skipValue()
                first = false
            }
        case UInt8(ascii: "["):
            try enterContainer()
            var first = true
            while try hasNextElement(first: first) {
                try skipValue()
                first = false
            }
        case UInt8(ascii: "\""):
            try skipString()
        default:
            // Numbers and literals are short: reading them is skipping them.
            _ = try value()
        }
    }

    /// Like ``nextKey(first:)``, without building the key: whether a member follows
    /// (its key and `:` consumed), or false at the closing `}`.
    private mutating func skipKey(first: Bool) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if !first {
            switch peek() {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; depth -= 1; return false
            default: throw failure(tr("expected ',' or '}'"))
            }
        } else if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return false
        }
        guard peek() == UInt8(ascii: "\"") else { throw failure(tr("expected a key in double quotes")) }
        try skipString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw failure(tr("expected ':' after the key")) }
        index += 1
        return true
    }

    /// Moves past a string starting at its opening quote, checking its escapes.
    private mutating func skipString() throws(JSONSyntaxError) {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw failure(tr("unterminated string")) }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    // Surrogate pairs are checked where strings are decoded; here only
                    // the four hex digits.
                    index += 1
                    guard index + 4 <= bytes.count else { throw failure(tr("incomplete \\u escape")) }
                    for _ in 0..<4 {
                        guard bytes[index].isHexDigit else { throw failure(tr("invalid \\u escape")) }
                        index += 1
                    }
                default:
                    throw failure(tr("invalid escape in a string"))
                }
            case 0..<0x20:
                throw failure(tr("control character in a string (use \\n, \\t, …)"))
            default:
                index += 1
            }
        }
        throw failure(tr("unterminated string"))
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
