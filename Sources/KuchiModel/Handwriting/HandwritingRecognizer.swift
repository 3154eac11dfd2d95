import CZinnia
import FoundationEssentials
import Glibc

/// A character as written: its strokes in the order written, each the points the pen
/// passed through, in a box `width`×`height` (the pad's size, in its own units).
public struct HandwrittenCharacter: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var x: Int
        public var y: Int

        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    public var width: Int
    public var height: Int
    public var strokes: [[Point]]

    public init(width: Int, height: Int, strokes: [[Point]] = []) {
        self.width = width
        self.height = height
        self.strokes = strokes
    }
}

/// One reading of a handwritten character: the character, and Zinnia's score for it
/// (higher is likelier; comparable only within one recognition).
public struct HandwritingCandidate: Sendable, Equatable {
    public var character: String
    public var score: Float
}

/// Why handwriting cannot be read here: the library or the model is missing.
public struct HandwritingUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// libzinnia is not installed (or is not Zinnia).
        case noLibrary
        /// No Japanese model was found, or it could not be opened.
        case noModel
    }

    public var reason: Reason
    /// What was tried, and what it said.
    public var detail: String

    /// The sentence the window shows.
    public var description: String {
        switch reason {
        case .noLibrary:
            tr("Writing needs Zinnia: install libzinnia0 and tegaki-zinnia-japanese.")
        case .noModel:
            tr("Writing needs Zinnia's Japanese model: install tegaki-zinnia-japanese.")
        }
    }
}

/// Reads handwritten characters with Zinnia and the Tegaki Japanese model (see the
/// folder's README): ``candidates(for:limit:)`` gives the likeliest characters, best
/// first.
public final class HandwritingRecognizer {
    /// Where the Japanese model is looked for, in order: Debian's package, then a
    /// Flatpak's /app.
    public static let modelPaths = [
        "/usr/share/tegaki/models/zinnia/handwriting-ja.model",
        "/app/share/tegaki/models/zinnia/handwriting-ja.model",
    ]

    private let handle: OpaquePointer

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        kuchi_handwriting_close(handle)
    }

    /// Loads `library` and the first of `models` that exists.
    public static func open(
        library: String = "libzinnia.so.0", models: [String] = modelPaths
    ) -> Result<HandwritingRecognizer, HandwritingUnavailable> {
        guard let model = models.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            // The library's absence is the likelier reason to say: it is checked first.
            if case .failure(let missing) = open(library: library, model: "/dev/null"), missing.reason == .noLibrary {
                return .failure(missing)
            }
            return .failure(HandwritingUnavailable(reason: .noModel, detail: "none of \(models.joined(separator: ", "))"))
        }
        return open(library: library, model: model)
    }

    private static func open(library: String, model: String) -> Result<HandwritingRecognizer, HandwritingUnavailable> {
        var status = KUCHI_HANDWRITING_READY
        var detail: UnsafeMutablePointer<CChar>?
        let handle = kuchi_handwriting_open(library, model, &status, &detail)
        let words = detail.map { String(cString: $0) } ?? ""
        free(detail)
        guard let handle else {
            return .failure(HandwritingUnavailable(reason: status == KUCHI_HANDWRITING_NO_MODEL ? .noModel : .noLibrary, detail: words))
        }
        return .success(HandwritingRecognizer(handle: handle))
    }

    /// The `limit` likeliest characters for `character`, best first; none for a
    /// character with no stroke.
    ///
    /// Each stroke is first reduced to the points that shape it (its ends and corners,
    /// within 6 % of the pad's longer side), as the model's writers gave them.
    public func candidates(for character: HandwrittenCharacter, limit: Int = 10) -> [HandwritingCandidate] {
        candidates(for: character, limit: limit, tolerance: Self.tolerance)
    }

    // Why strokes are simplified here, and how much. Zinnia reduces every stroke to
    // vertices itself (feature.cpp, getVertex: split at the point farthest from the
    // chord's line while its squared distance exceeds 0.001 of the unit box, about 3.2 %
    // of the side) and learns from the vectors between them. Its callers hand over every
    // point (ibus-zinnia, Tegaki's ZinniaRecognizer), but the Tomoe data the Japanese
    // model was trained on gives each stroke as a few hand-placed vertices in a 300 box:
    // two for a straight stroke, one more per corner, one in the middle of the curve of ノ.
    // A pointer's trail along a curve splits at 3.2 % into several vertices the model
    // never saw; simplified within 6 % it keeps a curve's middle and each corner, as Tomoe
    // does. Measured on the N5–N3 kanji traced from KanjiVG (`store-bench --handwriting`),
    // among the first three: 94.8 % handing every point; 94.8–94.9 % within 1–3 %
    // (Zinnia's own split repeats ours: measured to the line, as feature.cpp does, 1 %
    // gave exactly the unsimplified result); 95.6–96.2 % from 4 to 7 %; 95.4 % at 8 %,
    // where shapes start to lose corners. 6 % is the middle of that plateau (96.2 %, first
    // candidate 85.8 → 88.7 %), not a value tuned to one kanji, and holds from a 150 to a
    // 600 pad with a point every 1 to 8 units of 300 (96.2–96.6 %, against 94.4–95.4 %
    // unsimplified). A shaky hand, nearer the pad's real strokes, gains more: 90.7 %
    // unsimplified, 95.8 % so. The distance is to the chord's segment, not its line, so
    // that a stroke that turns back along itself keeps its turn.
    /// The share of the pad's longer side a point may lie off its stroke's simplified
    /// shape and be left out.
    package static let tolerance = 0.06

    /// ``candidates(for:limit:)`` with each stroke simplified within `tolerance` (a
    /// share of the pad's longer side; 0 hands every point over): what the benchmark
    /// compares tolerances with.
    package func candidates(
        for character: HandwrittenCharacter, limit: Int, tolerance: Double
    ) -> [HandwritingCandidate] {
        let within = tolerance * Double(max(character.width, character.height))
        var strokes: [Int32] = []
        var xs: [Int32] = []
        var ys: [Int32] = []
        for (index, stroke) in character.strokes.enumerated() {
            for point in within > 0 ? StrokeSimplification.simplified(stroke, tolerance: within) : stroke {
                strokes.append(Int32(index))
                xs.append(Int32(clamping: point.x))
                ys.append(Int32(clamping: point.y))
            }
        }
        guard !strokes.isEmpty, limit > 0 else { return [] }
        var values = [UnsafeMutablePointer<CChar>?](repeating: nil, count: limit)
        var scores = [Float](repeating: 0, count: limit)
        let count = kuchi_handwriting_recognize(
            handle, Int32(clamping: character.width), Int32(clamping: character.height), strokes, xs, ys, strokes.count,
            limit, &values, &scores)
        return (0..<count).compactMap { index in
            guard let value = values[index] else { return nil }
            defer { free(value) }
            return HandwritingCandidate(character: String(cString: value), score: scores[index])
        }
    }
}
