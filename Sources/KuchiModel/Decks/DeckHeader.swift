import FoundationEssentials

/// A deck file's top-level members other than its cards — its name above all — read
/// without reading the cards, so the deck list costs the same for ten decks of
/// 100,000 cards as for ten of ten.
///
/// Kuchi's deck files put "format", "name", "language", "license" and "attribution"
/// before "cards" (the generated decks, and imported ones as `DeckFile` writes
/// them): the first ``readLimit`` bytes are read and parsed up to "cards", and no
/// further. A deck imported by an earlier Kuchi has its keys in alphabetical order,
/// so its name comes after its cards: the cards are skipped without being built when
/// they fit in those bytes, and otherwise the members after the cards are read back
/// from the file's last ``readLimit`` bytes. Either way at most twice ``readLimit``
/// bytes are read, however large the file.
///
/// Nothing here checks the cards, or anything beyond what it reads: a deck that lists
/// by its name may still fail to load (``DeckLoader`` says why when it is chosen).
public struct DeckHeader: Sendable, Equatable {
    /// The "format" member, when it is a whole number.
    public var format: Int?
    /// The deck's name: text, not blank, that a card's field could hold (`TextCost`:
    /// at most ``DeckLimits/maximumTextLength`` characters, none stacked with accents,
    /// no control characters); a name that is not is no name, and the file is listed by
    /// its file name.
    public var name: String
    public var language: String?
    public var license: String?
    public var attribution: String?

    public init(format: Int? = nil, name: String, language: String? = nil, license: String? = nil, attribution: String? = nil) {
        self.format = format
        self.name = name
        self.language = language
        self.license = license
        self.attribution = attribution
    }

    /// How much of a file is read from its start (and, for a name after the cards,
    /// from its end): 64 KiB, far more than any header holds.
    public static let readLimit = 64 << 10

    /// The header of the deck file at `path`, or nil when it cannot be read: not a
    /// regular file, not a JSON object as far as it is read, or without a usable name.
    public static func read(path: LocalPath, limits: DeckLimits = .standard) -> DeckHeader? {
        guard let ends = try? BoundedRead.ends(of: path, count: readLimit) else { return nil }
        switch parse(head: ends.head, isWhole: ends.isWhole) {
        case .invalid:
            return nil
        case .header(let members):
            return header(from: members, limits: limits)
        case .cutShort(let members):
            // The name is after the cards, which go on past the head: read the end.
            guard let tail = try? ends.tail(), let trailing = parse(tail: tail.data) else { return nil }
            return header(from: members + trailing, limits: limits)
        }
    }

    public static func read(contentsOf url: URL, limits: DeckLimits = .standard) -> DeckHeader? {
        read(path: LocalPath(url), limits: limits)
    }

    /// What reading the start of a file gave.
    enum Head: Equatable {
        /// The members before "cards" once a name is among them, or all of them.
        case header([JSONValue.Member])
        /// The members read before the bytes ran out, with no name among them.
        case cutShort([JSONValue.Member])
        case invalid
    }

    /// Reads the top-level object in `head` (the first bytes of a file; all of it when
    /// `isWhole`) up to "cards" once the name is known, skipping "cards" before that.
    static func parse(head: Data, isWhole: Bool) -> Head {
        head.withUnsafeBytes { bytes -> Head in
            var reader = JSONReader(bytes: bytes)
            reader.valueBudget = DeckLimits.valuesOutsideCards
            var members: [JSONValue.Member] = []
            // Where the last member read ends: the bytes before it were parsed.
            var parsedEnd = reader.index
            // Every byte a member was read from must be UTF-8 (JSONReader expects its
            // input checked; only this much of it is checked here).
            func checked(_ outcome: Head) -> Head {
                let parsed = UnsafeRawBufferPointer(rebasing: bytes[0..<parsedEnd])
                return UTF8Validation.firstInvalidByte(in: parsed) == nil ? outcome : .invalid
            }
            do throws(JSONSyntaxError) {
                guard reader.peekContainer() == UInt8(ascii: "{") else { return .invalid }
                try reader.enterContainer()
                var first = true
                while let key = try reader.nextKey(first: first) {
                    first = false
                    if key == "cards" {
                        if members.contains(where: { $0.key == "name" }) { return checked(.header(members)) }
                        try reader.skipValue()
                        continue
                    }
                    members.append(JSONValue.Member(key: key, value: try reader.value()))
                    parsedEnd = reader.index
                }
                return checked(.header(members))
            } catch {
                // Valid as far as it goes, and stopped only by the end of the bytes
                // read (a literal or an escape needs at most 6 more bytes).
                guard !isWhole, error.offset + 6 >= bytes.count, case .syntax = error.kind else { return .invalid }
                let hasName = members.contains { $0.key == "name" }
                return checked(hasName ? .header(members) : .cutShort(members))
            }
        }
    }

    /// The members after the last container of the top-level object in `tail` (the
    /// last bytes of a file), read backwards from its closing brace: with keys in
    /// alphabetical order, the ones after "cards" ("format", "language", "license",
    /// "name"). Nil unless `tail` ends the object with members of text, numbers or
    /// literals reached from a container's end.
    static func parse(tail: Data) -> [JSONValue.Member]? {
        tail.withUnsafeBytes { bytes -> [JSONValue.Member]? in
            var scanner = TailScanner(bytes: bytes)
            return scanner.members()
        }
    }

    private static func header(from members: [JSONValue.Member], limits: DeckLimits) -> DeckHeader? {
        let document = JSONValue.object(members)
        guard let name = document["name"]?.stringValue, !name.trimmingWhitespace().isEmpty,
              TextCost.problem(in: name, limit: limits.maximumTextLength) == nil
        else { return nil }
        return DeckHeader(
            format: document["format"]?.numberValue.flatMap { Int(exactly: $0) }, name: name,
            language: document["language"]?.stringValue, license: document["license"]?.stringValue,
            attribution: document["attribution"]?.stringValue)
    }
}

/// Reads a JSON object's last members backwards from its end (``DeckHeader/parse(tail:)``).
///
/// Scanning back is safe for text because in valid JSON a quote inside a string is
/// always escaped: a quote preceded by an even number of backslashes opens or closes
/// one. Each value and key found is then read forwards by ``JSONReader``, which checks
/// it, and must end exactly where the scan began.
private struct TailScanner {
    let bytes: UnsafeRawBufferPointer
    var reader: JSONReader
    /// The byte being looked at, moving towards the start.
    var position: Int

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        reader = JSONReader(bytes: bytes)
        position = bytes.count - 1
    }

    mutating func members() -> [JSONValue.Member]? {
        skipWhitespaceBackwards()
        guard byte == UInt8(ascii: "}") else { return nil }
        position -= 1
        var members: [JSONValue.Member] = []
        // Every byte read forwards must be UTF-8; the tail may begin inside a character.
        var start = position + 1
        while true {
            skipWhitespaceBackwards()
            guard let last = byte else { return nil }
            // A container ends the run of trailing members: the cards, most likely.
            if last == UInt8(ascii: "]") || last == UInt8(ascii: "}") || (members.isEmpty && last == UInt8(ascii: "{")) {
                break
            }
            guard let value = readValueBackwards(), consume(UInt8(ascii: ":")), let key = readStringBackwards() else {
                return nil
            }
            members.insert(JSONValue.Member(key: key, value: value), at: 0)
            start = position + 1
            skipWhitespaceBackwards()
            if byte == UInt8(ascii: ",") {
                position -= 1
            } else if byte == UInt8(ascii: "{") {
                break
            } else {
                return nil
            }
        }
        let read = UnsafeRawBufferPointer(rebasing: bytes[start...])
        return UTF8Validation.firstInvalidByte(in: read) == nil ? members : nil
    }

    private var byte: UInt8? { position >= 0 && position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespaceBackwards() {
        while let byte, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position -= 1 }
    }

    /// Steps back over `expected` after white space, if it is there.
    private mutating func consume(_ expected: UInt8) -> Bool {
        skipWhitespaceBackwards()
        guard byte == expected else { return false }
        position -= 1
        return true
    }

    /// The text, number or literal ending at `position`.
    private mutating func readValueBackwards() -> JSONValue? {
        if byte == UInt8(ascii: "\"") { return readStringBackwards().map(JSONValue.string) }
        let end = position + 1
        while let byte, byte.isScalarCharacter { position -= 1 }
        let start = position + 1
        guard start < end else { return nil }
        reader.index = start
        guard let value = try? reader.value(), reader.index == end else { return nil }
        return value
    }

    /// The string whose closing quote is at `position` (after white space).
    private mutating func readStringBackwards() -> String? {
        skipWhitespaceBackwards()
        guard byte == UInt8(ascii: "\"") else { return nil }
        let end = position + 1
        var open = position - 1
        while open >= 0 {
            if bytes[open] == UInt8(ascii: "\"") {
                var backslashes = 0
                while open - backslashes - 1 >= 0, bytes[open - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                // Backslashes up to the start of the tail could continue before it.
                guard open - backslashes - 1 >= 0 else { return nil }
                if backslashes % 2 == 0 { break }
            }
            open -= 1
        }
        guard open >= 0 else { return nil }
        reader.index = open
        guard let text = try? reader.string(), reader.index == end else { return nil }
        position = open - 1
        return text
    }
}

extension UInt8 {
    /// Whether the byte can be part of a JSON number or literal.
    fileprivate var isScalarCharacter: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
            || self == UInt8(ascii: "-") || self == UInt8(ascii: "+") || self == UInt8(ascii: ".")
            || self == UInt8(ascii: "E")
    }
}
