internal import CGtk

/// Draws a sketch pad with cairo, in the widget's CSS colour: a faint frame and centre
/// guides, then the strokes with a round pen.
@MainActor
struct SketchPainter {
    let widget: UnsafeMutablePointer<GtkWidget>
    let cairo: OpaquePointer
    let box: Double

    /// The pen, as a part of the box (KanjiVG's 3/109, a little bolder for a finger).
    static let penWidth = 1.0 / 36
    /// The frame's and the guides' opacity: there to aim by, not to read.
    static let frameAlpha = 0.3
    static let guideAlpha = 0.12

    func paint(_ strokes: [[SketchPoint]], width: Double, height: Double) {
        let square = SketchState.square(box: box, width: width, height: height)
        let side = box * square.scale
        let color = PainterColor.of(widget)

        cairo_save(cairo)
        cairo_set_line_width(cairo, 1)
        PainterColor.setSource(cairo, color, alpha: Self.frameAlpha)
        cairo_rectangle(cairo, square.x + 0.5, square.y + 0.5, side - 1, side - 1)
        cairo_stroke(cairo)
        // The centre lines a writing square has, dashed.
        var dash = 4.0
        cairo_set_dash(cairo, &dash, 1, 0)
        PainterColor.setSource(cairo, color, alpha: Self.guideAlpha)
        let middleX = (square.x + side / 2).rounded() + 0.5, middleY = (square.y + side / 2).rounded() + 0.5
        cairo_move_to(cairo, middleX, square.y)
        cairo_line_to(cairo, middleX, square.y + side)
        cairo_move_to(cairo, square.x, middleY)
        cairo_line_to(cairo, square.x + side, middleY)
        cairo_stroke(cairo)
        cairo_restore(cairo)

        cairo_save(cairo)
        cairo_translate(cairo, square.x, square.y)
        cairo_scale(cairo, square.scale, square.scale)
        cairo_set_line_width(cairo, Self.penWidth * box)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        PainterColor.setSource(cairo, color, alpha: 1)
        for stroke in strokes {
            guard let first = stroke.first else { continue }
            cairo_move_to(cairo, first.x, first.y)
            // A tap is a dot: a round cap on a line of no length.
            if stroke.count == 1 { cairo_line_to(cairo, first.x, first.y) }
            for point in stroke.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
        }
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }
}
