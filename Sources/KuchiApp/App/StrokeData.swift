import FoundationEssentials
import Glibc
import GtkKit
import KuchiModel

/// The bundled stroke order (`strokes/strokes.json`, KanjiVG's), read once, when a card's
/// back first asks for it.
///
/// Missing or bad data hides stroke order rather than stopping the app: it is part of a
/// broken installation, said on standard error (the file, the place, why) for whoever
/// packaged it.
@MainActor
public enum StrokeData {
    static let order: StrokeOrder? = load()

    /// The strokes of each kanji of `word` that the data has, in order, each once.
    public static func kanji(of word: String) -> [KanjiStrokes] {
        guard let order else { return [] }
        var found: [KanjiStrokes] = []
        for character in order.kanji(in: word) {
            do throws(StrokeDataError) {
                if let strokes = try order.strokes(of: character) { found.append(strokes) }
            } catch {
                report(error)
            }
        }
        return found
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

    private static func load() -> StrokeOrder? {
        guard let file = DataLocator.strokesFile else { return nil }
        do {
            return try StrokeOrder(data: try Data(contentsOf: file), file: file.path)
        } catch let error as StrokeDataError {
            report(error)
        } catch {
            report(StrokeDataError(file: file.path, place: "the file", reason: "\(error)"))
        }
        return nil
    }

    private static func report(_ error: StrokeDataError) {
        warn("kuchi: stroke order not shown: \(error)\n")
    }

    private static func warn(_ line: String) {
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
