import Foundation
import Testing
@testable import KuchiModel

@Suite("SVG path data")
struct SVGPathTests {
    private typealias Point = SVGPath.Point

    private func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    private func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test("一 from KanjiVG: a moveto and relative curves, each from the end of the one before, numbers run together")
    func one() throws {
        let path = try SVGPath(parsing: "M11,54.25c3.19,0.62,6.25,0.75,9.73,0.5c20.64-1.5,50.39-5.12,68.58-5.24c3.6-0.02,5.77,0.24,7.57,0.49")
        #expect(path.subpaths.count == 1)
        let stroke = path.subpaths[0]
        #expect(stroke.start == point(11, 54.25))
        #expect(stroke.curves.count == 3)
        #expect(near(stroke.curves[0].control1, point(14.19, 54.87)))
        #expect(near(stroke.curves[0].control2, point(17.25, 55)))
        #expect(near(stroke.curves[0].end, point(20.73, 54.75)))
        // "20.64-1.5": the second curve is relative to the first's end.
        #expect(near(stroke.curves[1].control1, point(41.37, 53.25)))
        #expect(near(stroke.curves[1].end, point(89.31, 49.51)))
        #expect(near(stroke.curves[2].end, point(96.88, 50)))
    }

    @Test("人 and 日: an absolute curve after relative ones; 語's fourteen strokes all read")
    func realStrokes() throws {
        let person = try SVGPath(parsing: "M54.5,20c0.37,2.12,0.23,4.03-0.22,6.27C51.68,39.48,38.25,72.25,16.5,87.25")
        #expect(person.subpaths[0].curves.count == 2)
        #expect(person.subpaths[0].curves[1] == SVGPath.Curve(control1: point(51.68, 39.48), control2: point(38.25, 72.25), end: point(16.5, 87.25)))
        // 日's first stroke: "c0,1.6-0.16,38.11-0.09,53.5" keeps x nearly still.
        let sun = try SVGPath(parsing: "M31.5,24.5c1.12,1.12,1.74,2.75,1.74,4.75c0,1.6-0.16,38.11-0.09,53.5c0.02,3.82,0.05,6.35,0.09,6.75")
        #expect(near(sun.subpaths[0].curves[1].end, point(33.15, 82.75)))
        #expect(near(sun.subpaths[0].curves[2].end, point(33.24, 89.5)))
        let order = try StrokeOrder(data: Data(contentsOf: RepositoryPaths.root.appendingPathComponent("data/strokes/strokes.json")), file: "strokes.json")
        let word = try #require(try order.strokes(of: "語"))
        #expect(word.strokeCount == 14)
        #expect(word.strokes.allSatisfy { $0.subpaths.count == 1 && !$0.subpaths[0].curves.isEmpty })
    }

    @Test("a smooth curve reflects the last control point; after a line it starts at the current point")
    func smooth() throws {
        // 位: "c1,0.75,1.5,2,1.5,3.75s0,13.25,0,18"
        let path = try SVGPath(parsing: "M63,15.5c1,0.75,1.5,2,1.5,3.75s0,13.25,0,18")
        let curves = path.subpaths[0].curves
        #expect(curves.count == 2)
        // The first curve's second control point (64.5, 17.5) reflected about (64.5, 19.25).
        #expect(near(curves[1].control1, point(64.5, 21)))
        #expect(near(curves[1].control2, point(64.5, 32.5)))
        #expect(near(curves[1].end, point(64.5, 37.25)))
        let afterLine = try SVGPath(parsing: "M0,0L10,0S20,10,30,0")
        #expect(afterLine.subpaths[0].curves[1].control1 == point(10, 0))
    }

    @Test("lines become straight cubics; a moveto's further pairs are lines; Z closes; spaces and signs separate")
    func linesAndSeparators() throws {
        let path = try SVGPath(parsing: "M 0 0 30,0 l0-30 H 0 v+30 z m 5 5 L 8 9")
        let square = path.subpaths[0]
        #expect(square.curves.map(\.end) == [point(30, 0), point(30, -30), point(0, -30), point(0, 0)])
        #expect(square.curves[0].control1 == point(10, 0))
        #expect(square.curves[0].control2 == point(20, 0))
        // After Z the current point is the subpath's start, so m is relative to it.
        #expect(path.subpaths[1].start == point(5, 5))
        #expect(path.subpaths[1].curves.map(\.end) == [point(8, 9)])
        let open = try SVGPath(parsing: "M0,0L10,0L10,10Z")
        #expect(open.subpaths[0].curves.last?.end == point(0, 0))
        // ".5.5" is two numbers, as is "1e1-2"; "M  52.27,22.83 c …" (兎) has two spaces.
        #expect(try SVGPath(parsing: "M.5.5").subpaths[0].start == point(0.5, 0.5))
        #expect(try SVGPath(parsing: "M1e1-2").subpaths[0].start == point(10, -2))
        #expect(try SVGPath(parsing: "M  52.27,22.83 c 0.98,0.92 1.67,1.99 1.76,5.02").subpaths[0].curves.count == 1)
    }

    @Test("malformed path data names the character and what was expected")
    func malformed() {
        func failure(_ text: String) -> String {
            do {
                _ = try SVGPath(parsing: text)
                return "parsed"
            } catch {
                return error.description
            }
        }
        #expect(failure("") == "character 1: empty path data")
        #expect(failure("   ") == "character 1: empty path data")
        #expect(failure("c1,2,3,4,5,6") == "character 1: expected the path to start with M or m")
        #expect(failure("M10") == "character 4: expected a number, found the end")
        #expect(failure("M10,20c1,2,3") == "character 13: expected a number, found the end")
        #expect(failure("M10,20C1,2,x,4,5,6") == "character 12: expected a number")
        #expect(failure("M10,20Q1,2,3,4") == "character 7: unknown or unsupported path command ‘Q’")
        #expect(failure("M10,20A1,2,0,0,1,3,4") == "character 7: unknown or unsupported path command ‘A’")
        #expect(failure("M10,20c1,2,3,4,5,6,7") == "character 21: expected a number, found the end")
        #expect(failure("M1e999,0") == "character 2: expected a finite number")
        #expect(failure("M-,0") == "character 2: expected a number")
    }
}
