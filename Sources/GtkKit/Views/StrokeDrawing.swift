/// Paths drawn as a pen would draw them, one stroke after another, with each stroke's
/// number: stroke order (a kanji from KanjiVG), a signature, a diagram being drawn.
///
/// ```swift
/// let cross = [
///     StrokeDrawing.Stroke(curves: [.init(start: .init(x: 5, y: 30), control1: .init(x: 20, y: 30),
///                                         control2: .init(x: 40, y: 30), end: .init(x: 55, y: 30))],
///                          numberPlace: .init(x: 2, y: 26)),
///     StrokeDrawing.Stroke(curves: [.init(start: .init(x: 30, y: 5), control1: .init(x: 30, y: 20),
///                                         control2: .init(x: 30, y: 40), end: .init(x: 30, y: 55))],
///                          numberPlace: .init(x: 32, y: 8)),
/// ]
/// StrokeDrawing(box: 60, strokes: { cross }, replays: { model.replays }, summary: { "a cross, 2 strokes" })
/// ```
///
/// The strokes are cubic Bézier curves in a square `box` (its origin top left, y
/// downwards), scaled to the view's size with vector drawing (cairo), so they are crisp
/// at any scale. They are drawn in the view's CSS `color`, the text colour of the theme
/// (light or dark), with a round pen `box / 36` wide, as KanjiVG draws; a stroke's number
/// sits where its `numberPlace` says, dimmed. While it animates, the strokes still to
/// come show faintly as a guide.
///
/// It animates on the widget's frame clock (a tick callback, so it runs at the display's
/// frame rate and stops when the view is hidden): each stroke drawn along its length at
/// a steady speed, a short pause between strokes, numbers appearing as their strokes
/// start. When the system asks for reduced motion (GTK's `gtk-enable-animations` is
/// off) it is drawn still, every stroke and number at once. A new set of strokes, or a
/// change of `replays`, starts the drawing again.
///
/// To a screen reader the view is an image named by `summary`.
public struct StrokeDrawing: PrimitiveView {
    /// A point in the drawing's box.
    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// A cubic Bézier curve. A stroke's curves join end to start; where one starts
    /// elsewhere, the pen lifts and moves there.
    public struct Curve: Equatable, Sendable {
        public var start: Point
        public var control1: Point
        public var control2: Point
        public var end: Point

        public init(start: Point, control1: Point, control2: Point, end: Point) {
            self.start = start
            self.control1 = control1
            self.control2 = control2
            self.end = end
        }
    }

    /// One stroke: its curves in the order the pen draws them, and where its number goes
    /// (the start of the number's baseline), if it is numbered.
    public struct Stroke: Equatable, Sendable {
        public var curves: [Curve]
        public var numberPlace: Point?

        public init(curves: [Curve], numberPlace: Point? = nil) {
            self.curves = curves
            self.numberPlace = numberPlace
        }
    }

    private let box: Double
    private let size: Int
    private let strokes: @MainActor () -> [Stroke]
    private let replays: @MainActor () -> Int
    private let summary: @MainActor () -> String

    /// - Parameters:
    ///   - box: the side of the square the strokes are drawn in (KanjiVG's is 109).
    ///   - size: the side the view asks for, in pixels; it draws centred in whatever
    ///     square fits the space it is given.
    ///   - strokes: the strokes in drawing order; a binding, so new strokes draw anew.
    ///   - replays: a count whose change starts the drawing again (a Replay button adds 1).
    ///   - summary: the drawing in words; assistive technology reads it as its name.
    public init(
        box: Double, size: Int = 120, strokes: @escaping @MainActor () -> [Stroke],
        replays: @escaping @MainActor () -> Int = { 0 }, summary: @escaping @MainActor () -> String
    ) {
        self.box = box
        self.size = size
        self.strokes = strokes
        self.replays = replays
        self.summary = summary
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let widget = StrokeWidget(box: box, size: size)
        widget.bind("strokes", strokes) { widget, strokes in widget.setStrokes(strokes) }
        var lastReplays: Int?
        widget.bind("replays", replays) { widget, count in
            // The first value is where counting starts, not a replay.
            if lastReplays != nil { widget.replay() }
            lastReplays = count
        }
        widget.bind("accessible-label", summary) { widget, summary in widget.accessibleLabel = summary }
        return [widget]
    }
}
