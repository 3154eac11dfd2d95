/// How a written kanji's strokes compare with KanjiVG's: whether as many strokes were
/// written, whether each came in its turn, and which were drawn end to start.
///
/// ```swift
/// let check = StrokeOrderCheck(written: character, expected: kanji)
/// check.isOrderRight              // false
/// check.firstOutOfTurn            // (stroke: 3, before: 2)
/// check.finding                   // "Stroke 3 came before stroke 2."
/// ```
///
/// Both characters are normalised to the box around their own ink (its longer side
/// becomes 1, the shorter centred), so a kanji written small, large or off-centre on
/// the pad compares as the same shape. Each stroke is then its start point and its end
/// point, whose order is its direction.
///
/// Strokes are paired by the assignment of least total cost, not each written stroke
/// with whichever expected stroke lies nearest: greedy pairing can give two written
/// strokes the same expected one (two short parallel strokes, the three of 川 written a
/// little apart from where KanjiVG puts them) and then misplaces every stroke after it,
/// where the assignment gives each expected stroke to one written stroke, so that two
/// strokes swapped show as those two and nothing else. A stroke's cost is how far its
/// start and end lie from the expected stroke's, taken the cheaper way round: a stroke
/// drawn backwards still pairs with its own place, and is named as backwards rather
/// than out of turn.
///
/// Order is judged only when the counts agree: with a stroke missing or one too many
/// the pairing has no turn to compare with.
public struct StrokeOrderCheck: Sendable, Equatable {
    /// How many strokes were written.
    public let writtenCount: Int
    /// How many strokes the kanji has.
    public let expectedCount: Int
    /// For each stroke in the order written, the number (from 1) of the expected stroke
    /// it was paired with; empty when the counts differ.
    public let pairedStrokes: [Int]
    /// The expected strokes (numbered from 1) that were drawn from end to start.
    public let backwardStrokes: [Int]

    /// Whether as many strokes were written as the kanji has.
    public var isCountRight: Bool { writtenCount == expectedCount }

    /// Whether the count is right, each stroke came in its turn and none was drawn
    /// backwards.
    public var isOrderRight: Bool {
        isCountRight && firstOutOfTurn == nil && backwardStrokes.isEmpty
    }

    /// The first stroke written before its turn, and the stroke whose turn it took:
    /// (3, 2) when stroke 3 came before stroke 2. Nil when every stroke came in turn
    /// (or the counts differ).
    public var firstOutOfTurn: (stroke: Int, before: Int)? {
        guard let place = pairedStrokes.indices.first(where: { pairedStrokes[$0] != $0 + 1 }) else { return nil }
        return (pairedStrokes[place], place + 1)
    }

    /// What went wrong, in a sentence for the window ("Stroke 3 came before stroke 2."),
    /// the count first, then the turn, then a backward stroke; nil when nothing did.
    public var finding: String? {
        if !isCountRight {
            return trn(
                "Written in {written} stroke; it has {expected}.", "Written in {written} strokes; it has {expected}.",
                writtenCount, ["written": "\(writtenCount)", "expected": "\(expectedCount)"])
        }
        if let (stroke, before) = firstOutOfTurn {
            return tr("Stroke {stroke} came before stroke {before}.", ["stroke": "\(stroke)", "before": "\(before)"])
        }
        if let stroke = backwardStrokes.first {
            return tr("Stroke {stroke} was drawn backwards.", ["stroke": "\(stroke)"])
        }
        return nil
    }

    /// Compares `written` with `expected`, KanjiVG's strokes of the kanji it should be.
    public init(written: HandwrittenCharacter, expected: KanjiStrokes) {
        let writtenStrokes = Self.normalised(written.strokes.map { stroke in
            stroke.map { SVGPath.Point(x: Double($0.x), y: Double($0.y)) }
        })
        // Traced as the pad would be, so that both boxes are boxes around ink.
        let expectedStrokes = Self.normalised(expected.strokes.map { $0.points(spacing: 1) })
        writtenCount = writtenStrokes.count
        expectedCount = expectedStrokes.count
        guard writtenCount == expectedCount else {
            pairedStrokes = []
            backwardStrokes = []
            return
        }
        let costs = writtenStrokes.map { written in expectedStrokes.map { written.cost(against: $0) } }
        let pairs = StrokeAssignment.cheapest(costs)
        pairedStrokes = pairs.map { $0 + 1 }
        backwardStrokes = zip(writtenStrokes, pairs)
            .filter { written, pair in written.isBackwards(against: expectedStrokes[pair]) }
            .map { $0.1 + 1 }
            .sorted()
    }

    /// A stroke as it is compared: where it starts and where it ends, in the unit box.
    private struct Ends {
        var start: SVGPath.Point
        var end: SVGPath.Point

        var length: Double { start.distance(to: end) }

        private func forward(_ other: Ends) -> Double { start.distance(to: other.start) + end.distance(to: other.end) }
        private func reversed(_ other: Ends) -> Double { start.distance(to: other.end) + end.distance(to: other.start) }

        func cost(against expected: Ends) -> Double { min(forward(expected), reversed(expected)) }

        /// Drawn end to start: the reversed pairing is closer by more than half the
        /// stroke's length. The margin keeps a dot, whose ends a shaky hand can swap,
        /// from being called backwards.
        func isBackwards(against expected: Ends) -> Bool {
            reversed(expected) + expected.length / 2 < forward(expected)
        }
    }

    /// Each stroke's ends, in the box around all the strokes' points: its longer side 1,
    /// the shorter side centred in it. A stroke with no point is left out.
    private static func normalised(_ strokes: [[SVGPath.Point]]) -> [Ends] {
        let points = strokes.joined()
        guard let first = points.first else { return [] }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for point in points {
            (minX, maxX) = (min(minX, point.x), max(maxX, point.x))
            (minY, maxY) = (min(minY, point.y), max(maxY, point.y))
        }
        let side = max(maxX - minX, maxY - minY, 1e-9)
        let (offsetX, offsetY) = ((side - (maxX - minX)) / 2, (side - (maxY - minY)) / 2)
        func unit(_ point: SVGPath.Point) -> SVGPath.Point {
            SVGPath.Point(x: (point.x - minX + offsetX) / side, y: (point.y - minY + offsetY) / side)
        }
        return strokes.compactMap { stroke in
            guard let start = stroke.first, let end = stroke.last else { return nil }
            return Ends(start: unit(start), end: unit(end))
        }
    }
}
