/// Points along a path, as a pointer moving along it reports them: what a stroke drawn
/// on a writing pad is made of, and so what KanjiVG's strokes are compared with and
/// handed to the recogniser as.
extension SVGPath {
    /// The points a pointer tracing the path would give: its start, then one every
    /// `spacing` along the curves (measured along them, not straight across), then its
    /// end, all scaled by `scale` first (KanjiVG's 109 box to a pad's 300 is 300 / 109).
    /// Subpaths follow one another as one stroke: a pen does not lift within a stroke.
    ///
    /// Each curve is flattened into short chords first (about a fifth of `spacing` long);
    /// the error this makes is far below a pixel at any spacing a pointer gives.
    ///
    /// - Parameters:
    ///   - spacing: how far apart the points are, in scaled units; at least 0.01.
    ///   - scale: what each coordinate is multiplied by.
    public func points(spacing: Double, scale: Double = 1) -> [Point] {
        let step = max(spacing, 0.01)
        var points: [Point] = []
        for subpath in subpaths {
            let chords = Self.flattened(subpath, scale: scale, chordLength: step / 5)
            guard let first = chords.first else { continue }
            points.append(first)
            // How far along the chords the last point given lies behind the current chord's start.
            var travelled = 0.0
            for (from, to) in zip(chords, chords.dropFirst()) {
                let length = from.distance(to: to)
                guard length > 0 else { continue }
                var along = step - travelled
                while along <= length {
                    points.append(from.moved(toward: to, by: along / length))
                    along += step
                }
                travelled = length - (along - step)
            }
            if let last = chords.last, points.last != last { points.append(last) }
        }
        return points
    }

    /// The subpath as chords: each cubic evaluated at even steps of its parameter, enough
    /// of them that a chord is about `chordLength` (the control polygon bounds the arc).
    private static func flattened(_ subpath: Subpath, scale: Double, chordLength: Double) -> [Point] {
        var start = subpath.start.scaled(by: scale)
        var chords = [start]
        for curve in subpath.curves {
            let c1 = curve.control1.scaled(by: scale)
            let c2 = curve.control2.scaled(by: scale)
            let end = curve.end.scaled(by: scale)
            let bound = start.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: end)
            let steps = max(1, min(10_000, Int((bound / chordLength).rounded(.up))))
            for index in 1...steps {
                let t = Double(index) / Double(steps)
                let u = 1 - t
                let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                chords.append(Point(x: a * start.x + b * c1.x + c * c2.x + d * end.x,
                                    y: a * start.y + b * c1.y + c * c2.y + d * end.y))
            }
            start = end
        }
        return chords
    }
}

extension SVGPath.Point {
    func scaled(by scale: Double) -> Self { Self(x: x * scale, y: y * scale) }

    func distance(to other: Self) -> Double { ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot() }

    /// The point `fraction` of the way from here to `other`.
    func moved(toward other: Self, by fraction: Double) -> Self {
        Self(x: x + (other.x - x) * fraction, y: y + (other.y - y) * fraction)
    }
}
