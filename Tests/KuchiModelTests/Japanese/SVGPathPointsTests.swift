import Foundation
import Testing
@testable import KuchiModel

/// Points along a path as a pointer gives them: evenly spaced along the curve, the ends
/// kept, scaled to a pad.
@Suite("Points along an SVG path")
struct SVGPathPointsTests {
    private typealias Point = SVGPath.Point

    @Test("a straight line gives its start, a point every spacing, and its end")
    func line() throws {
        let path = try SVGPath(parsing: "M0,0 L10,0")
        let points = path.points(spacing: 2.5)
        #expect(points.count == 5)
        for (index, point) in points.enumerated() {
            #expect(abs(point.x - 2.5 * Double(index)) < 1e-9 && point.y == 0, "\(points)")
        }
        // A spacing that does not divide the length still ends at the end.
        let uneven = path.points(spacing: 3)
        #expect(uneven.map { ($0.x * 1e6).rounded() / 1e6 } == [0, 3, 6, 9, 10])
    }

    @Test("points are spaced along the curve, not across it: a half circle's arc, not its diameter")
    func alongTheCurve() throws {
        // A cubic close to a half circle of radius 50 (control points at 4/3 of the radius):
        // its arc is about 157 long, its chord 100.
        let path = try SVGPath(parsing: "M0,0 C0,66.67 100,66.67 100,0")
        let points = path.points(spacing: 1)
        #expect((150...160).contains(points.count), "\(points.count) points along an arc of about 157")
        let gaps = zip(points, points.dropFirst()).dropLast().map { $0.distance(to: $1) }
        #expect(gaps.allSatisfy { abs($0 - 1) < 0.01 }, "even spacing: \(gaps.min() ?? 0)…\(gaps.max() ?? 0)")
        #expect(points.first == Point(x: 0, y: 0) && points.last == Point(x: 100, y: 0))
    }

    @Test("KanjiVG's 109 box scaled to a 300 pad; subpaths follow one another as one stroke")
    func scaled() throws {
        let one = try SVGPath(parsing: "M11,54.25c3.19,0.62,6.25,0.75,9.73,0.5c20.64-1.5,50.39-5.12,68.58-5.24c3.6-0.02,5.77,0.24,7.57,0.49")
        let points = one.points(spacing: 3, scale: 300 / 109)
        let first = try #require(points.first)
        let last = try #require(points.last)
        #expect(abs(first.x - 11 * 300 / 109) < 1e-9 && abs(last.x - 96.88 * 300 / 109) < 1e-9)
        #expect((78...82).contains(points.count), "about 236 long at 3 apart: \(points.count)")
        let two = try SVGPath(parsing: "M0,0 L4,0 M10,0 L14,0")
        #expect(two.points(spacing: 2).map(\.x) == [0, 2, 4, 10, 12, 14])
    }
}
