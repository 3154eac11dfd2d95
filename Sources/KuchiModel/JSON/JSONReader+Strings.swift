// Strings are most of a deck file, so they get the fast path and their own file.
extension JSONReader {
    /// Reads a string starting at its opening quote.
    mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: most strings have no escapes and are copied straight from the input.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure(tr("control character in a string (use \\n, \\t, …)")) }
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &buffer)
            case 0..<0x20:
                throw failure(tr("control character in a string (use \\n, \\t, …)"))
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw failure(tr("unterminated string"))
    }

    private mutating func escape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        index += 1
        guard index < bytes.count else { throw failure(tr("unterminated string")) }
        let replacement: UInt8? = switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes[index]
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let replacement {
            buffer.append(replacement)
            index += 1
            return
        }
        guard bytes[index] == UInt8(ascii: "u") else { throw failure(tr("invalid escape in a string")) }
        var scalar = try hexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by an escaped low one; together they
            // make one character outside the Basic Multilingual Plane.
            guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure(tr("unpaired surrogate in a \\u escape"))
            }
            index += 1
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw failure(tr("unpaired surrogate in a \\u escape")) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw failure(tr("unpaired surrogate in a \\u escape")) }
        UTF8.encode(unicode) { buffer.append($0) }
    }

    /// Reads "uXXXX" (the index is on the "u").
    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        index += 1
        guard index + 4 <= bytes.count else { throw failure(tr("incomplete \\u escape")) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: throw failure(tr("invalid \\u escape"))
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
