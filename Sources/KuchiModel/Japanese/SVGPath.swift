/// SVG path data (the `d` of a `<path>`) as absolute cubic Bézier curves: what KanjiVG
/// gives for each stroke of a kanji.
///
/// ```swift
/// let stroke = try SVGPath(parsing: "M11,54.25c3.19,0.62,6.25,0.75,9.73,0.5")
/// stroke.subpaths[0].curves[0].end  // (20.73, 54.75)
/// ```
///
/// It reads the commands KanjiVG writes, absolute and relative: moveto (`M`/`m`, whose
/// further pairs are linetos), lineto (`L`/`l`, `H`/`h`, `V`/`v`), cubic curves (`C`/`c`)
/// and their smooth form (`S`/`s`, the first control point the reflection of the last
/// curve's second), and closepath (`Z`/`z`). Numbers follow SVG's grammar, separators
/// optional where a sign or a second point ends a number (`-1.5-2` is two numbers,
/// `.5.5` too). Lines become cubic curves with their control points on the line, so a
/// drawing needs one primitive. Quadratic curves and arcs are refused: KanjiVG has none.
public struct SVGPath: Equatable, Sendable {
    /// A point in the path's coordinates (KanjiVG's: a 109×109 box, y downwards).
    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// One cubic Bézier curve, from the end of the one before it (or the subpath's start).
    public struct Curve: Equatable, Sendable {
        public var control1: Point
        public var control2: Point
        public var end: Point

        public init(control1: Point, control2: Point, end: Point) {
            self.control1 = control1
            self.control2 = control2
            self.end = end
        }
    }

    /// A run of curves from one moveto; a closepath ends it with a line to its start.
    public struct Subpath: Equatable, Sendable {
        public var start: Point
        public var curves: [Curve]

        public init(start: Point, curves: [Curve]) {
            self.start = start
            self.curves = curves
        }
    }

    public var subpaths: [Subpath]

    public init(subpaths: [Subpath]) {
        self.subpaths = subpaths
    }

    /// Parses `text`, SVG path data.
    ///
    /// - Throws: ``SVGPathError`` at the first character that does not fit, with what was
    ///   expected there: an unknown or unsupported command, a missing number, a path that
    ///   does not start with a moveto, or an empty one.
    public init(parsing text: String) throws(SVGPathError) {
        var reader = SVGPathReader(text: Array(text.utf8))
        subpaths = try reader.path()
    }
}

/// Why and where path data could not be read: the offset (in characters of the data, from
/// 0) and what was expected there.
public struct SVGPathError: Error, Equatable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// "character 12", where in the path data.
    public var place: String { "character \(offset + 1)" }

    /// "character 12: expected a number".
    public var description: String { "\(place): \(reason)" }
}

/// The cursor over one path's data. Path data is ASCII, so a byte is a character.
private struct SVGPathReader {
    typealias Point = SVGPath.Point
    let text: [UInt8]
    var index = 0
    var subpaths: [SVGPath.Subpath] = []
    var current = Point(x: 0, y: 0)
    /// The last curve's second control point, for a smooth curve after it.
    var lastControl: Point?

    init(text: [UInt8]) {
        self.text = text
    }

    mutating func path() throws(SVGPathError) -> [SVGPath.Subpath] {
        skipSeparators()
        guard index < text.count else { throw SVGPathError(offset: 0, reason: "empty path data") }
        guard text[index] == UInt8(ascii: "M") || text[index] == UInt8(ascii: "m") else {
            throw SVGPathError(offset: index, reason: "expected the path to start with M or m")
        }
        while index < text.count {
            let commandOffset = index
            let command = text[index]
            index += 1
            try run(command, at: commandOffset)
            skipSeparators()
        }
        return subpaths
    }

    /// One command and the further argument groups that repeat it.
    private mutating func run(_ command: UInt8, at offset: Int) throws(SVGPathError) {
        let relative = command >= UInt8(ascii: "a")
        switch command | 0x20 {  // lower case
        case UInt8(ascii: "m"):
            var target = try point(relative: relative)
            subpaths.append(SVGPath.Subpath(start: target, curves: []))
            current = target
            lastControl = nil
            // Further pairs after a moveto are linetos (relative after m).
            while startsNumber() {
                target = try point(relative: relative)
                line(to: target)
            }
        case UInt8(ascii: "l"):
            repeat { line(to: try point(relative: relative)) } while startsNumber()
        case UInt8(ascii: "h"):
            repeat {
                let x = try number()
                line(to: Point(x: relative ? current.x + x : x, y: current.y))
            } while startsNumber()
        case UInt8(ascii: "v"):
            repeat {
                let y = try number()
                line(to: Point(x: current.x, y: relative ? current.y + y : y))
            } while startsNumber()
        case UInt8(ascii: "c"):
            repeat {
                let control1 = try point(relative: relative)
                let control2 = try point(relative: relative)
                curve(control1, control2, try point(relative: relative))
            } while startsNumber()
        case UInt8(ascii: "s"):
            repeat {
                // The reflection of the last curve's second control point about the
                // current point; the current point itself after anything else.
                let control1 = lastControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let control2 = try point(relative: relative)
                curve(control1, control2, try point(relative: relative))
            } while startsNumber()
        case UInt8(ascii: "z"):
            if let start = subpaths.last?.start, start != current { line(to: start) }
            lastControl = nil
        default:
            let shown = command >= 0x21 && command < 0x7F ? "‘\(Character(Unicode.Scalar(command)))’" : "byte \(command)"
            throw SVGPathError(offset: offset, reason: "unknown or unsupported path command \(shown)")
        }
    }

    private mutating func line(to target: Point) {
        // A straight cubic: its control points a third and two thirds along the line.
        let control1 = Point(x: current.x + (target.x - current.x) / 3, y: current.y + (target.y - current.y) / 3)
        let control2 = Point(x: current.x + 2 * (target.x - current.x) / 3, y: current.y + 2 * (target.y - current.y) / 3)
        curve(control1, control2, target)
        lastControl = nil
    }

    private mutating func curve(_ control1: Point, _ control2: Point, _ end: Point) {
        // A path starts with a moveto (path() checks), so there is a subpath to add to.
        subpaths[subpaths.count - 1].curves.append(SVGPath.Curve(control1: control1, control2: control2, end: end))
        current = end
        lastControl = control2
    }

    /// A coordinate pair, made absolute against the current point when relative. All
    /// points of one relative segment are relative to where the segment begins, so the
    /// current point moves only after its last point.
    private mutating func point(relative: Bool) throws(SVGPathError) -> Point {
        let x = try number()
        let y = try number()
        return relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
    }

    private mutating func startsNumber() -> Bool {
        skipSeparators()
        guard index < text.count else { return false }
        let byte = text[index]
        return byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A number: sign, digits, a fraction, an exponent. It ends where its grammar does,
    /// so `-1.5-2` is -1.5 then -2 and `.5.5` is 0.5 then 0.5.
    private mutating func number() throws(SVGPathError) -> Double {
        skipSeparators()
        let start = index
        if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
        let integerDigits = digits()
        var fractionDigits = 0
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = digits()
        }
        guard integerDigits + fractionDigits > 0 else {
            index = start
            throw SVGPathError(offset: start, reason: index < text.count ? "expected a number" : "expected a number, found the end")
        }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            let mark = index
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
            if digits() == 0 { index = mark }  // an "e" that starts no exponent is not ours
        }
        guard let value = Double(String(decoding: text[start..<index], as: UTF8.self)), value.isFinite else {
            throw SVGPathError(offset: start, reason: "expected a finite number")
        }
        return value
    }

    private mutating func digits() -> Int {
        let start = index
        while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
        return index - start
    }

    private mutating func skipSeparators() {
        while index < text.count,
              text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: ",") || text[index] == UInt8(ascii: "\t")
                || text[index] == UInt8(ascii: "\n") || text[index] == UInt8(ascii: "\r") {
            index += 1
        }
    }
}
