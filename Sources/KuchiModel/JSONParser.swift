import FoundationEssentials

/// A strict JSON (RFC 8259) parser for deck and settings files.
///
/// Foundation's parsers take over a second for a 100,000-card deck on Linux and report
/// errors by byte offset at best; this one is several times faster and says what it
/// expected where. Input must be UTF-8 (a leading byte-order mark is skipped); nesting is
/// capped so a hostile file cannot exhaust the stack.
enum JSONParser {
    static let maximumDepth = 256

    static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        if let offset = UTF8Validation.firstInvalidByte(in: data) {
            throw JSONSyntaxError(kind: .invalidUTF8, offset: offset)
        }
        let result: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes: bytes)
            return Result { () throws(JSONSyntaxError) -> JSONValue in try reader.document() }
        }
        return try result.get()
    }
}

/// The cursor over the input; one per parse.
struct JSONReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var depth = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        let value = try self.value()
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected text after the end of the document") }
        return value
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("invalid value")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var members: [JSONValue.Member] = []
        members.reserveCapacity(4)  // a card's fields, without regrowing
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
            let key = try string()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
            index += 1
            members.append(JSONValue.Member(key: key, value: try value()))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; depth -= 1; return .object(members)
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; depth -= 1; return .array(elements)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        if peek() == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw failure("invalid number")
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw failure("invalid number") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw failure("invalid number") }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            index = start
            throw failure("number out of range")
        }
        return number
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: count)
        guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
            throw failure("invalid value")
        }
        index += count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maximumDepth { throw failure("nested more than \(JSONParser.maximumDepth) levels deep") }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    func failure(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(kind: .syntax(index < bytes.count ? reason : "unexpected end of file"), offset: index)
    }
}
