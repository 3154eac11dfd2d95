import FoundationEssentials

/// A strict JSON (RFC 8259) parser for deck and settings files.
///
/// Foundation's parsers take over a second for a 100,000-card deck on Linux and report
/// errors by byte offset at best; this one is several times faster and says what it
/// expected where. Input must be UTF-8 (a leading byte-order mark is skipped); nesting is
/// capped so a hostile file cannot exhaust the stack, and ``JSONReader/valueBudget``
/// caps how many values one parse may build, so memory follows the input's size, not
/// what a pathological document would expand to.
enum JSONParser {
    static let maximumDepth = 256

    /// Parses a whole document, building at most `valueBudget` values.
    static func parse(_ data: Data, valueBudget: Int = .max) throws(JSONSyntaxError) -> JSONValue {
        try read(data) { (reader: inout JSONReader) throws(JSONSyntaxError) -> JSONValue in
            reader.valueBudget = valueBudget
            return try reader.document()
        }
    }

    /// Runs `body` with a reader over `data`, once the data is known to be UTF-8.
    static func read<Result>(
        _ data: Data, _ body: (inout JSONReader) throws(JSONSyntaxError) -> Result
    ) throws(JSONSyntaxError) -> Result {
        if let offset = UTF8Validation.firstInvalidByte(in: data) {
            throw JSONSyntaxError(kind: .invalidUTF8, offset: offset)
        }
        let outcome: Swift.Result<Result, JSONSyntaxError> = data.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes: bytes)
            return Swift.Result { () throws(JSONSyntaxError) -> Result in try body(&reader) }
        }
        return try outcome.get()
    }
}

/// The cursor over the input; one per parse.
///
/// Besides whole values it reads objects and arrays one member or element at a time,
/// so a caller can turn each element of a long list into its own type and drop the
/// parsed tree before reading the next (see ``DeckLoader``).
struct JSONReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var depth = 0
    /// How many more values may be built; parsing fails when it runs out.
    var valueBudget = Int.max

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        let value = try self.value()
        try end()
        return value
    }

    /// Checks that only whitespace follows the document.
    mutating func end() throws(JSONSyntaxError) {
        skipWhitespace()
        if index < bytes.count { throw failure(tr("unexpected text after the end of the document")) }
    }

    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure(tr("unexpected end of file")) }
        valueBudget -= 1
        if valueBudget < 0 { throw JSONSyntaxError(kind: .tooManyValues, offset: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure(tr("invalid value"))
        }
    }

    /// Whether the next value is an object or an array (after whitespace).
    mutating func peekContainer() -> UInt8? {
        skipWhitespace()
        guard let byte = peek(), byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else { return nil }
        return byte
    }

    /// Consumes the opening `{` or `[` of a container.
    mutating func enterContainer() throws(JSONSyntaxError) {
        skipWhitespace()
        depth += 1
        if depth > JSONParser.maximumDepth { throw failure(tr("nested more than {depth} levels deep", ["depth": "\(JSONParser.maximumDepth)"])) }
        index += 1
    }

    /// The next member's key (the `:` consumed), or nil at the closing `}`.
    mutating func nextKey(first: Bool) throws(JSONSyntaxError) -> String? {
        skipWhitespace()
        if !first {
            switch peek() {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; depth -= 1; return nil
            default: throw failure(tr("expected ',' or '}'"))
            }
        } else if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return nil
        }
        guard peek() == UInt8(ascii: "\"") else { throw failure(tr("expected a key in double quotes")) }
        let key = try string()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw failure(tr("expected ':' after the key")) }
        index += 1
        return key
    }

    /// Whether another element follows (its `,` consumed), or false at the closing `]`.
    mutating func hasNextElement(first: Bool) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return false
        }
        if !first {
            guard peek() == UInt8(ascii: ",") else { throw failure(tr("expected ',' or ']'")) }
            index += 1
        }
        return true
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        var members: [JSONValue.Member] = []
        var first = true
        while let key = try nextKey(first: first) {
            members.append(JSONValue.Member(key: key, value: try value()))
            first = false
        }
        return .object(members)
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        var first = true
        while try hasNextElement(first: first) {
            elements.append(try value())
            first = false
        }
        return .array(elements)
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        if peek() == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw failure(tr("invalid number"))
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw failure(tr("invalid number")) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw failure(tr("invalid number")) }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            index = start
            throw failure(tr("number out of range"))
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
            throw failure(tr("invalid value"))
        }
        index += count
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
        JSONSyntaxError(kind: .syntax(index < bytes.count ? reason : tr("unexpected end of file")), offset: index)
    }
}
