import Foundation
import Testing
@testable import KuchiModel

/// Zinnia through its loader, with the Tegaki Japanese model Debian ships: characters
/// written as a learner would, in a 300×300 pad, read back; and what it says when the
/// library or the model is missing.
@Suite(
    "Handwriting",
    .enabled("needs libzinnia0 and tegaki-zinnia-japanese") {
        HandwritingRecognizer.modelPaths.contains { FileManager.default.fileExists(atPath: $0) }
    })
struct HandwritingRecognizerTests {
    typealias Point = HandwrittenCharacter.Point

    /// A stroke from `start` to `end` through `steps` points, as a pen moves.
    static func line(_ start: (Int, Int), _ end: (Int, Int), steps: Int = 12) -> [Point] {
        (0...steps).map { step in
            Point(x: start.0 + (end.0 - start.0) * step / steps, y: start.1 + (end.1 - start.1) * step / steps)
        }
    }

    /// Characters written stroke by stroke in the right order, as a learner writes them.
    static let written: [(String, [[Point]])] = [
        ("一", [line((40, 150), (260, 150))]),
        ("十", [line((40, 140), (260, 140)), line((150, 40), (150, 270))]),
        ("人", [line((150, 30), (70, 150)) + line((70, 150), (40, 260)).dropFirst(), line((130, 100), (260, 260))]),
        ("大", [line((50, 110), (250, 110)), line((150, 40), (60, 260)), line((145, 125), (250, 260))]),
        // Smaller than the box: written as large as the box, it is 囗, the enclosure.
        ("口", [line((100, 100), (100, 210)), line((100, 100), (200, 100)) + line((200, 100), (200, 210)).dropFirst(),
               line((100, 205), (200, 205))]),
        ("川", [line((80, 60), (60, 240)), line((150, 80), (150, 220)), line((230, 50), (230, 270))]),
    ]

    @Test("simple kanji written in order are read back, each its best candidate")
    func recognisesWrittenKanji() throws {
        let recognizer = try HandwritingRecognizer.open().get()
        for (expected, strokes) in Self.written {
            let candidates = recognizer.candidates(for: HandwrittenCharacter(width: 300, height: 300, strokes: strokes))
            #expect(candidates.first?.character == expected, "\(expected): \(candidates.map(\.character))")
            #expect(candidates.count == 10, "ten candidates to choose from")
            #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $0.score >= $1.score }, "best first")
        }
    }

    @Test("each stroke is reduced to its ends and corners before Zinnia sees it: a pointer's trail reads as its corners do")
    func strokesSimplified() throws {
        let recognizer = try HandwritingRecognizer.open().get()
        let order = try StrokeOrder(
            data: Data(contentsOf: RepositoryPaths.root.appendingPathComponent("data/strokes/strokes.json")),
            file: "strokes.json")
        for kanji in "人九心水" {
            let trail = HandwrittenCharacter(tracing: try #require(try order.strokes(of: kanji)), side: 300, spacing: 3)
            var corners = trail
            corners.strokes = trail.strokes.map { StrokeSimplification.simplified($0, tolerance: 0.06 * 300) }
            // Not the same input: the curves' trails lose points.
            #expect(corners.strokes.joined().count < trail.strokes.joined().count / 4, "\(kanji)")
            #expect(recognizer.candidates(for: trail) == recognizer.candidates(for: corners), "\(kanji)")
        }
    }

    @Test("no stroke gives no candidate")
    func nothingWritten() throws {
        let recognizer = try HandwritingRecognizer.open().get()
        #expect(recognizer.candidates(for: HandwrittenCharacter(width: 300, height: 300)).isEmpty)
    }

    @Test("a missing library, a missing model and a file that is no model are each said")
    func unavailable() {
        if case .failure(let missing) = HandwritingRecognizer.open(library: "libkuchi-no-such-zinnia.so.0") {
            #expect(missing.reason == .noLibrary && missing.description.contains("Zinnia"))
        } else {
            Issue.record("a library that is not there was loaded")
        }
        if case .failure(let missing) = HandwritingRecognizer.open(models: ["/nonexistent/handwriting-ja.model"]) {
            #expect(missing.reason == .noModel && missing.detail.contains("/nonexistent/handwriting-ja.model"))
        } else {
            Issue.record("a model that is not there was loaded")
        }
        if case .failure(let damaged) = HandwritingRecognizer.open(models: ["/etc/hostname"]) {
            #expect(damaged.reason == .noModel && damaged.detail.hasPrefix("/etc/hostname"), "\(damaged.detail)")
        } else {
            Issue.record("a file that is no model was loaded")
        }
    }
}
