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
    public func candidates(for character: HandwrittenCharacter, limit: Int = 10) -> [HandwritingCandidate] {
        var strokes: [Int32] = []
        var xs: [Int32] = []
        var ys: [Int32] = []
        for (index, stroke) in character.strokes.enumerated() {
            for point in stroke {
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
