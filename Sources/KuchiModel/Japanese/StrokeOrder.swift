import FoundationEssentials

/// How one kanji is written: its strokes in order, as KanjiVG draws them.
public struct KanjiStrokes: Equatable, Sendable {
    /// The side of the square KanjiVG draws in (its view box is 0 0 109 109).
    public static let boxSize = 109.0

    public let character: Character
    /// The strokes in the order they are written, each an ``SVGPath`` in the box.
    public let strokes: [SVGPath]
    /// Where KanjiVG puts each stroke's number (the baseline's start), in the box.
    public let numberPlaces: [SVGPath.Point]

    public var strokeCount: Int { strokes.count }

    public init(character: Character, strokes: [SVGPath], numberPlaces: [SVGPath.Point]) {
        self.character = character
        self.strokes = strokes
        self.numberPlaces = numberPlaces
    }
}

/// The stroke order of the kanji in Kuchi's decks: `strokes/strokes.json`, which
/// `tools/make-strokes.py` makes from KanjiVG.
///
/// ```json
/// {"format": 1, "source": "KanjiVG 20260714", "license": "CC BY-SA 3.0", "attribution": "…",
///  "kanji": {"一": {"strokes": ["M11,54.25c3.19,0.62,…"], "numbers": [[4.25, 54.13]]}}}
/// ```
///
/// Reading the file checks its shape; a kanji's paths are parsed when it is first asked
/// for (``strokes(of:)``), so that opening the file costs one JSON parse. Bad data
/// throws a ``StrokeDataError`` naming the file and the place.
public struct StrokeOrder: Sendable {
    public static let format = 1

    /// The file's name, for errors.
    public let file: String
    private let entries: [Character: Entry]

    private struct Entry: Sendable {
        let strokes: [String]
        let numbers: [SVGPath.Point]
    }

    /// Reads the stroke data in `data`, calling it `file` in errors.
    public init(data: Data, file: String) throws(StrokeDataError) {
        self.file = file
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            let place = JSONSyntaxError.location(ofByte: error.offset, in: data)
            throw StrokeDataError(file: file, place: place, reason: "not valid JSON")
        }
        guard case .object = root else {
            throw StrokeDataError(file: file, place: "the top level", reason: "expected an object")
        }
        guard root["format"]?.numberValue == Double(Self.format) else {
            throw StrokeDataError(file: file, place: "“format”", reason: "expected format \(Self.format)")
        }
        guard case .object(let members)? = root["kanji"] else {
            throw StrokeDataError(file: file, place: "“kanji”", reason: "expected an object of kanji")
        }
        var entries: [Character: Entry] = [:]
        for member in members {
            guard member.key.count == 1, let character = member.key.first else {
                throw StrokeDataError(file: file, place: "kanji “\(member.key)”", reason: "expected one character as the key")
            }
            guard case .array(let strokeValues)? = member.value["strokes"], !strokeValues.isEmpty else {
                throw StrokeDataError(file: file, place: "kanji “\(member.key)”", reason: "expected a list of strokes")
            }
            var strokes: [String] = []
            for (index, value) in strokeValues.enumerated() {
                guard let path = value.stringValue else {
                    throw StrokeDataError(file: file, place: "kanji “\(member.key)”, stroke \(index + 1)", reason: "expected path data")
                }
                strokes.append(path)
            }
            guard case .array(let numberValues)? = member.value["numbers"], numberValues.count == strokes.count else {
                throw StrokeDataError(file: file, place: "kanji “\(member.key)”", reason: "expected a number place for each of its \(strokes.count) strokes")
            }
            var numbers: [SVGPath.Point] = []
            for (index, value) in numberValues.enumerated() {
                guard case .array(let pair) = value, pair.count == 2, let x = pair[0].numberValue, let y = pair[1].numberValue else {
                    throw StrokeDataError(file: file, place: "kanji “\(member.key)”, number \(index + 1)", reason: "expected [x, y]")
                }
                numbers.append(SVGPath.Point(x: x, y: y))
            }
            entries[character] = Entry(strokes: strokes, numbers: numbers)
        }
        self.entries = entries
    }

    /// How many kanji the file has.
    public var count: Int { entries.count }

    /// The kanji the file has, in code point order.
    public var characters: [Character] { entries.keys.sorted() }

    /// Whether the file has `character`.
    public func contains(_ character: Character) -> Bool { entries[character] != nil }

    /// The strokes of `character`, or nil when the file does not have it.
    ///
    /// - Throws: ``StrokeDataError`` when one of its paths cannot be read, naming the
    ///   kanji, the stroke and the character in its path data.
    public func strokes(of character: Character) throws(StrokeDataError) -> KanjiStrokes? {
        guard let entry = entries[character] else { return nil }
        var paths: [SVGPath] = []
        for (index, data) in entry.strokes.enumerated() {
            do {
                paths.append(try SVGPath(parsing: data))
            } catch {
                throw StrokeDataError(file: file, place: "kanji “\(character)”, stroke \(index + 1), \(error.place)",
                                      reason: error.reason)
            }
        }
        return KanjiStrokes(character: character, strokes: paths, numberPlaces: entry.numbers)
    }

    /// The kanji of `text` in order, each once, that the file has.
    public func kanji(in text: String) -> [Character] {
        var seen: Set<Character> = []
        return text.filter { entries[$0] != nil && seen.insert($0).inserted }.map { $0 }
    }
}

/// Stroke data that could not be read: which file, where in it, and why.
public struct StrokeDataError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    /// "line 3, column 7", or "kanji “語”, stroke 3, character 12".
    public let place: String
    public let reason: String

    public init(file: String, place: String, reason: String) {
        self.file = file
        self.place = place
        self.reason = reason
    }

    /// "strokes.json: kanji “語”, stroke 3, character 12: expected a number".
    public var description: String { "\(file): \(place): \(reason)" }
}
