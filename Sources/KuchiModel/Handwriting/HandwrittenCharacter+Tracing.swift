/// A kanji written by tracing KanjiVG's strokes, as a pointer moving along each would
/// write it on a pad: what the recogniser's quality is measured with, and the shape
/// stroke order is checked against.
extension HandwrittenCharacter {
    /// `kanji` traced in a `side`×`side` pad: each stroke's points every `spacing` pad
    /// units along it (``SVGPath/points(spacing:scale:)``), KanjiVG's 109 box scaled to
    /// the pad, rounded to whole units as a pointer's positions are.
    public init(tracing kanji: KanjiStrokes, side: Int, spacing: Double) {
        let scale = Double(side) / KanjiStrokes.boxSize
        self.init(width: side, height: side, strokes: kanji.strokes.map { path in
            path.points(spacing: spacing, scale: scale).map { Point(x: Int($0.x.rounded()), y: Int($0.y.rounded())) }
        })
    }
}
