import FoundationEssentials
import Glibc
import GtkKit
import KuchiModel
import Observation

/// The bundled stroke order (`strokes/strokes.json`, KanjiVG's), read once, on a thread of
/// its own, when a card first asks for it: the file is 2.7 MB of JSON, which the window's
/// first frame should not wait for. Until it is read a card shows no stroke order; views
/// that asked are updated when it is.
///
/// Missing or bad data hides stroke order rather than stopping the app: it is part of a
/// broken installation, said on standard error (the file, the place, why) for whoever
/// packaged it.
@MainActor @Observable
public final class StrokeData {
    public static let shared = StrokeData()

    /// The data once read; nil before, and for good when missing or bad.
    private(set) var order: StrokeOrder?
    @ObservationIgnored private var started = false

    /// The strokes of each kanji of `word` that the data has, in order, each once; none
    /// until the data is read (asking starts the reading).
    public func kanji(of word: String) -> [KanjiStrokes] {
        prepare()
        guard let order else { return [] }
        var found: [KanjiStrokes] = []
        for character in order.kanji(in: word) {
            do throws(StrokeDataError) {
                if let strokes = try order.strokes(of: character) { found.append(strokes) }
            } catch {
                Self.report(error)
            }
        }
        return found
    }

    /// Reads the data now, on this thread (benchmarks, tests); true if it is there.
    @discardableResult
    public func readNow() -> Bool {
        started = true
        order = DataLocator.strokesFile.flatMap(Self.read)
        return order != nil
    }

    /// Whether the data has been read (and is there).
    var isRead: Bool { order != nil }

    /// Starts reading the data on its own thread, if it is not read or being read.
    func prepare() {
        guard !started else { return }
        started = true
        guard let file = DataLocator.strokesFile else { return }
        BackgroundThread.start { [weak self] in
            let order = Self.read(file)
            MainLoop.perform { self?.order = order }
        }
    }

    /// KanjiVG's paths as GtkKit draws them: each curve with its start.
    public static func drawing(of kanji: KanjiStrokes) -> [StrokeDrawing.Stroke] {
        zip(kanji.strokes, kanji.numberPlaces).map { path, place in
            var curves: [StrokeDrawing.Curve] = []
            for subpath in path.subpaths {
                var start = point(subpath.start)
                for curve in subpath.curves {
                    let end = point(curve.end)
                    curves.append(StrokeDrawing.Curve(
                        start: start, control1: point(curve.control1), control2: point(curve.control2), end: end))
                    start = end
                }
            }
            return StrokeDrawing.Stroke(curves: curves, numberPlace: point(place))
        }
    }

    private static func point(_ point: SVGPath.Point) -> StrokeDrawing.Point {
        StrokeDrawing.Point(x: point.x, y: point.y)
    }

    private nonisolated static func read(_ file: URL) -> StrokeOrder? {
        do {
            return try StrokeOrder(data: try Data(contentsOf: file), file: file.path)
        } catch let error as StrokeDataError {
            report(error)
        } catch {
            report(StrokeDataError(file: file.path, place: "the file", reason: "\(error)"))
        }
        return nil
    }

    private nonisolated static func report(_ error: StrokeDataError) {
        warn("kuchi: stroke order not shown: \(error)\n")
    }

    private nonisolated static func warn(_ line: String) {
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
