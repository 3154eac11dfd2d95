/// A point of a sketch, in the pad's box (its origin top left, y downwards).
public struct SketchPoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A square surface to draw on with the pointer, a finger or a pen: a kanji written for
/// a recogniser, a signature, a sketch.
///
/// ```swift
/// SketchPad(box: 200, strokes: $model.strokes)
///     .accessibilityLabel("Writing pad")
/// ```
///
/// Each press, move and release is one stroke: the points the pointer passed through,
/// drawn as they are written with a round pen `box / 36` wide, in the view's CSS `color`
/// (the text colour of the theme, light or dark), over a faint frame and centre guides.
/// When the stroke ends it is appended to `strokes`; a change of `strokes` from
/// elsewhere (an Undo that drops the last stroke, a Clear that empties them) redraws
/// the pad.
///
/// Points are in the square `box`, whatever size the view is drawn at: a pad shown at
/// `size` pixels equal to `box` has them in its own pixels; one a short window makes
/// smaller scales them, so whatever reads them (a handwriting recogniser) takes the
/// box as the writing's size.
///
/// Mouse, touch and stylus all draw (GTK's drag gesture); the gesture claims its touch
/// sequence, so a finger drawing in a scrolled page draws rather than scrolls.
///
/// To a screen reader the pad is an image; the caller names it with
/// `accessibilityLabel(_:)` and tells keyboard users what to use
/// instead, since it is a pointer surface that takes no focus.
public struct SketchPad: PrimitiveView {
    private let box: Double
    private let size: @MainActor () -> Int
    private let strokes: Binding<[[SketchPoint]]>

    /// - Parameters:
    ///   - box: the side of the square the points are given in.
    ///   - size: the side the view asks for, in pixels (a binding: a short window may ask
    ///     for less); it draws centred in whatever square fits the space it is given.
    ///   - strokes: the strokes written, each its points in the order written.
    public init(box: Double, size: @escaping @MainActor () -> Int, strokes: Binding<[[SketchPoint]]>) {
        self.box = box
        self.size = size
        self.strokes = strokes
    }

    /// A pad drawn at `box` pixels, its points in its own pixels.
    public init(box: Double, strokes: Binding<[[SketchPoint]]>) {
        self.init(box: box, size: { Int(box) }, strokes: strokes)
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let strokes = strokes
        let widget = SketchPadWidget(box: box) { strokes.wrappedValue.append($0) }
        widget.bind("size", size) { widget, size in widget.setSize(size) }
        widget.bind("strokes", { strokes.wrappedValue }) { widget, strokes in widget.setStrokes(strokes) }
        return [widget]
    }
}
