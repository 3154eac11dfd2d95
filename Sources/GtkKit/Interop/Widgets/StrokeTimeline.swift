/// When each stroke of a ``StrokeDrawing`` is drawn: each along its length at a steady
/// speed, after a short pause, so a long stroke takes longer than a dot, as a hand's do.
struct StrokeTimeline: Equatable {
    /// The pen's speed, in boxes per second: a stroke across the box takes 0.6 s.
    static let boxesPerSecond = 1.6
    /// Before each stroke, in seconds: the pen lifting and moving.
    static let pause = 0.2

    /// Each stroke's drawing time, in seconds (without the pause before it).
    let durations: [Double]

    init(strokes: [StrokeDrawing.Stroke], box: Double) {
        let speed = Self.boxesPerSecond * max(box, 1)
        durations = strokes.map { stroke in stroke.curves.reduce(0) { $0 + $1.length } / speed }
    }

    /// From the first pause to the last stroke's end, in seconds.
    var total: Double { durations.reduce(0) { $0 + Self.pause + $1 } }

    /// How far the drawing is `elapsed` seconds in: the strokes finished, and how much of
    /// the next one is drawn (0 in its pause, up to 1).
    func progress(at elapsed: Double) -> StrokeProgress {
        var time = elapsed
        for (index, duration) in durations.enumerated() {
            time -= Self.pause
            if time < duration {
                return StrokeProgress(finished: index, partial: max(0, time) / max(duration, 1e-9))
            }
            time -= duration
        }
        return StrokeProgress(finished: durations.count, partial: 0)
    }
}

/// How far a drawing is: `finished` strokes whole, and `partial` (0…1) of the one after.
struct StrokeProgress: Equatable {
    var finished: Int
    var partial: Double

    /// Every stroke drawn of a drawing of `count` strokes.
    static func complete(_ count: Int) -> StrokeProgress { StrokeProgress(finished: count, partial: 0) }

    /// How many strokes show any ink (and their numbers).
    var started: Int { finished + (partial > 0 ? 1 : 0) }
}

extension StrokeDrawing.Curve {
    /// The point at parameter `t` (0…1).
    func point(at t: Double) -> StrokeDrawing.Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return StrokeDrawing.Point(
            x: a * start.x + b * control1.x + c * control2.x + d * end.x,
            y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The length, measured along 16 chords: within a hundredth for KanjiVG's curves,
    /// which is all the timing needs.
    var length: Double {
        var total = 0.0
        var previous = start
        for step in 1...16 {
            let next = point(at: Double(step) / 16)
            total += ((next.x - previous.x) * (next.x - previous.x) + (next.y - previous.y) * (next.y - previous.y)).squareRoot()
            previous = next
        }
        return total
    }

    /// The curve from its start to parameter `t`, itself a cubic (de Casteljau).
    func prefix(to t: Double) -> StrokeDrawing.Curve {
        func mix(_ p: StrokeDrawing.Point, _ q: StrokeDrawing.Point) -> StrokeDrawing.Point {
            StrokeDrawing.Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
        }
        let ab = mix(start, control1), bc = mix(control1, control2), cd = mix(control2, end)
        let abc = mix(ab, bc), bcd = mix(bc, cd)
        return StrokeDrawing.Curve(start: start, control1: ab, control2: abc, end: mix(abc, bcd))
    }
}

extension StrokeDrawing.Stroke {
    /// The first `fraction` (0…1) of the stroke, by length: whole curves, then part of one.
    func prefix(_ fraction: Double) -> [StrokeDrawing.Curve] {
        guard fraction < 1 else { return curves }
        let lengths = curves.map(\.length)
        var remaining = lengths.reduce(0, +) * max(0, fraction)
        var drawn: [StrokeDrawing.Curve] = []
        for (curve, length) in zip(curves, lengths) {
            if remaining >= length {
                drawn.append(curve)
                remaining -= length
            } else {
                if remaining > 0 { drawn.append(curve.prefix(to: remaining / length)) }
                break
            }
        }
        return drawn
    }
}
