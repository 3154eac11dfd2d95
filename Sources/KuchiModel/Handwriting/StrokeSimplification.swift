/// A stroke reduced to the points that shape it (Ramer–Douglas–Peucker): its ends,
/// and each point farther than `tolerance` from the segment between the ends of the
/// part it lies in, found by splitting at the farthest point until no point is that
/// far. Why `HandwritingRecognizer` does this before Zinnia reads a stroke, and with
/// what tolerance, is said where the tolerance is.
enum StrokeSimplification {
    typealias Point = HandwrittenCharacter.Point

    /// `stroke`'s ends and the points that lie farther than `tolerance` (pad units)
    /// from the chord of their part; a stroke of one or two points is kept as it is.
    static func simplified(_ stroke: [Point], tolerance: Double) -> [Point] {
        guard stroke.count > 2 else { return stroke }
        var kept = [Bool](repeating: false, count: stroke.count)
        kept[0] = true
        kept[stroke.count - 1] = true
        // Parts still to split, as index ranges; a stack rather than recursion, as a
        // long stroke of a shaky hand could split deep.
        var parts = [(0, stroke.count - 1)]
        while let (first, last) = parts.popLast() {
            guard last - first > 1 else { continue }
            var farthest = first
            var largest = -1.0
            for index in (first + 1)..<last {
                let distance = Self.distance(of: stroke[index], from: stroke[first], to: stroke[last])
                if distance > largest {
                    largest = distance
                    farthest = index
                }
            }
            if largest > tolerance {
                kept[farthest] = true
                parts.append((first, farthest))
                parts.append((farthest, last))
            }
        }
        return stroke.indices.filter { kept[$0] }.map { stroke[$0] }
    }

    /// How far `point` lies from the segment `start`–`end` (from `start` when the two
    /// are one point).
    static func distance(of point: Point, from start: Point, to end: Point) -> Double {
        let (px, py) = (Double(point.x), Double(point.y))
        let (sx, sy) = (Double(start.x), Double(start.y))
        let (dx, dy) = (Double(end.x) - sx, Double(end.y) - sy)
        let squared = dx * dx + dy * dy
        guard squared > 0 else { return ((px - sx) * (px - sx) + (py - sy) * (py - sy)).squareRoot() }
        let along = min(max(((px - sx) * dx + (py - sy) * dy) / squared, 0), 1)
        let (cx, cy) = (sx + along * dx, sy + along * dy)
        return ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()
    }
}
