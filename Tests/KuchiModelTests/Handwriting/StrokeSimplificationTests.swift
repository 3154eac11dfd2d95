import Foundation
import Testing
@testable import KuchiModel

/// Each stroke reduced to the points that shape it before Zinnia sees it: a straight
/// stroke to its ends, a bent one keeping its corner, a curve keeping enough points to
/// stay within the tolerance of every point the pen gave.
struct StrokeSimplificationTests {
    typealias Point = HandwrittenCharacter.Point

    /// The farthest any of `stroke`'s points lies from the polyline through `kept`.
    static func deviation(of stroke: [Point], from kept: [Point]) -> Double {
        stroke.map { point in
            zip(kept, kept.dropFirst()).map { StrokeSimplification.distance(of: point, from: $0, to: $1) }.min() ?? 0
        }.max() ?? 0
    }

    @Test("a straight stroke of 50 points, rounded to whole units as a pointer gives them, becomes its two ends")
    func straightStroke() {
        let stroke = (0..<50).map { step in
            Point(x: Int((20 + 5.1 * Double(step)).rounded()), y: Int((30 + 3.7 * Double(step)).rounded()))
        }
        let simplified = StrokeSimplification.simplified(stroke, tolerance: 3)
        #expect(simplified == [stroke[0], stroke[49]])
        // Positive control: within half a unit, the rounding's steps are kept.
        #expect(StrokeSimplification.simplified(stroke, tolerance: 0.1).count > 2)
    }

    @Test("an L keeps its corner, and a stroke that comes back keeps where it turned")
    func corners() {
        let down = (0...30).map { Point(x: 100, y: 50 + 5 * $0) }
        let across = (1...30).map { Point(x: 100 + 5 * $0, y: 200) }
        #expect(StrokeSimplification.simplified(down + across, tolerance: 3) == [
            Point(x: 100, y: 50), Point(x: 100, y: 200), Point(x: 250, y: 200),
        ])
        // A hook: out and back along the same line, the turn lies on the line through
        // the ends and only its distance from the segment keeps it.
        let out = (0...20).map { Point(x: 50 + 10 * $0, y: 100) }
        let back = (1...10).map { Point(x: 250 - 10 * $0, y: 100) }
        #expect(StrokeSimplification.simplified(out + back, tolerance: 3) == [
            Point(x: 50, y: 100), Point(x: 250, y: 100), Point(x: 150, y: 100),
        ])
    }

    @Test("a curve keeps enough points to stay within the tolerance, and fewer than it had")
    func curve() {
        // A quarter circle of radius 120, a point every degree.
        let arc = (0...90).map { degree in
            let angle = Double(degree) * .pi / 180
            return Point(x: Int((150 + 120 * cos(angle)).rounded()), y: Int((150 + 120 * sin(angle)).rounded()))
        }
        let simplified = StrokeSimplification.simplified(arc, tolerance: 3)
        #expect(simplified.first == arc.first && simplified.last == arc.last)
        #expect(simplified.count > 3 && simplified.count < 20, "\(simplified.count) points")
        #expect(Self.deviation(of: arc, from: simplified) <= 3)
        // Positive control: the chord alone strays far from the arc, so the measure above can fail.
        #expect(Self.deviation(of: arc, from: [arc[0], arc[90]]) > 30)
    }

    @Test("a dot or a two-point stroke is kept as it is")
    func shortStrokes() {
        let dot = [Point(x: 10, y: 10)]
        #expect(StrokeSimplification.simplified(dot, tolerance: 3) == dot)
        let dash = [Point(x: 10, y: 10), Point(x: 12, y: 11)]
        #expect(StrokeSimplification.simplified(dash, tolerance: 3) == dash)
        // A stroke whose ends meet (a small loop) keeps the point farthest from them.
        let loop = [Point(x: 10, y: 10), Point(x: 40, y: 10), Point(x: 40, y: 40), Point(x: 10, y: 10)]
        #expect(StrokeSimplification.simplified(loop, tolerance: 3).contains(Point(x: 40, y: 40)))
    }
}
