internal import CGtk
internal import CGtkShim

/// A GtkDrawingArea that draws a ``SketchPad``: the image role, a draw function painting
/// the strokes and the one being written, and a drag gesture writing them.
///
/// The gesture's handlers call ``begin(atX:y:)``, ``move(byX:y:)`` and
/// ``end(byX:y:)``, in widget pixels as GtkGestureDrag reports them (the start, then
/// offsets from it); tests call the same methods, the seam where a pointer's events
/// become strokes.
final class SketchPadWidget: Widget {
    /// What the draw function reads. GTK holds a reference (released by its
    /// destroy-notify), this wrapper another; it holds no widget.
    let sketch: SketchState
    private let finished: @MainActor ([SketchPoint]) -> Void
    private var area: UnsafeMutablePointer<GtkDrawingArea> { gtk(GtkDrawingArea.self) }

    /// `finished` is given each stroke when the pointer lifts.
    init(box: Double, finished: @escaping @MainActor ([SketchPoint]) -> Void) {
        sketch = SketchState(box: box)
        self.finished = finished
        super.init(Widget.make(gtk_drawing_area_get_type(), role: .image))
        addCSSClass("sketch-pad")
        gtk_widget_set_halign(pointer, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(pointer, GTK_ALIGN_CENTER)
        gtk_drawing_area_set_draw_func(area, { area, cairo, width, height, data in
            // GTK draws on the main thread, with the area, a cairo context and the data
            // it was given; without them there is nothing to draw.
            guard let area, let cairo, let data else { return }
            MainActor.assumeIsolated {
                let sketch = Unmanaged<SketchState>.fromOpaque(data).takeUnretainedValue()
                let widget = UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)
                SketchPainter(widget: widget, cairo: cairo, box: sketch.box)
                    .paint(sketch.strokes + (sketch.current.map { [$0] } ?? []), width: Double(width), height: Double(height))
                Diagnostics.sketchDraws += 1
            }
        }, Unmanaged.passRetained(sketch).toOpaque(), SketchState.release)

        let gesture: OpaquePointer = gtk_gesture_drag_new()
        let object = UnsafeMutableRawPointer(gesture)
        // Any button and touch; a pen's contact is its first button.
        gtk_gesture_single_set_button(gesture, 0)
        Signal.connectPoint(object, "drag-begin") { [weak self] x, y in
            // Claimed: a scrolled window around the pad must not take a finger's drag.
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
            self?.begin(atX: x, y: y)
        }
        Signal.connectPoint(object, "drag-update") { [weak self] x, y in self?.move(byX: x, y: y) }
        Signal.connectPoint(object, "drag-end") { [weak self] x, y in self?.end(byX: x, y: y) }
        gtk_widget_add_controller(pointer, gesture)
    }

    func setSize(_ size: Int) {
        gtk_drawing_area_set_content_width(area, Int32(size))
        gtk_drawing_area_set_content_height(area, Int32(size))
    }

    /// Shows `strokes` (and the one being written, if any).
    func setStrokes(_ strokes: [[SketchPoint]]) {
        guard strokes != sketch.strokes else { return }
        sketch.strokes = strokes
        gtk_widget_queue_draw(pointer)
    }

    /// The pointer pressed at (`x`, `y`) in the widget: a stroke starts.
    func begin(atX x: Double, y: Double) {
        sketch.start = (x, y)
        sketch.current = [sketch.point(x: x, y: y, in: size)]
        gtk_widget_queue_draw(pointer)
    }

    /// The pointer moved to (`dx`, `dy`) from where it pressed.
    func move(byX dx: Double, y dy: Double) {
        guard let point = sketch.pointAtOffset(dx, dy, in: size) else { return }
        // A point where the last one is adds nothing but work for the recogniser.
        if sketch.current?.last != point { sketch.current?.append(point) }
        gtk_widget_queue_draw(pointer)
    }

    /// The pointer lifted at (`dx`, `dy`) from where it pressed: the stroke is done.
    func end(byX dx: Double, y dy: Double) {
        move(byX: dx, y: dy)
        guard let stroke = sketch.current else { return }
        sketch.current = nil
        sketch.start = nil
        // Shown at once; the binding's echo then finds it already drawn.
        sketch.strokes.append(stroke)
        gtk_widget_queue_draw(pointer)
        finished(stroke)
    }

    private var size: (width: Double, height: Double) {
        (Double(gtk_widget_get_width(pointer)), Double(gtk_widget_get_height(pointer)))
    }
}

/// The strokes of one sketch pad, the one being written, and how widget pixels map to
/// its box.
@MainActor
final class SketchState {
    let box: Double
    var strokes: [[SketchPoint]] = []
    /// The stroke being written, while the pointer is down.
    var current: [SketchPoint]?
    /// Where the pointer pressed, in widget pixels.
    var start: (x: Double, y: Double)?

    init(box: Double) {
        self.box = box
    }

    /// The square the box is drawn in, centred in a widget of `size`: its origin and scale.
    static func square(box: Double, width: Double, height: Double) -> (x: Double, y: Double, scale: Double) {
        let side = min(width, height)
        return (((width - side) / 2).rounded(), ((height - side) / 2).rounded(), side > 0 ? side / box : 1)
    }

    /// The box point at widget pixel (`x`, `y`), kept inside the box.
    func point(x: Double, y: Double, in size: (width: Double, height: Double)) -> SketchPoint {
        let square = Self.square(box: box, width: size.width, height: size.height)
        func inBox(_ value: Double) -> Double { min(box, max(0, (value * 100).rounded() / 100)) }
        return SketchPoint(x: inBox((x - square.x) / square.scale), y: inBox((y - square.y) / square.scale))
    }

    func pointAtOffset(_ dx: Double, _ dy: Double, in size: (width: Double, height: Double)) -> SketchPoint? {
        guard let start, current != nil else { return nil }
        return point(x: start.x + dx, y: start.y + dy, in: size)
    }

    // safe: GTK calls a destroy-notify with the data it was given, never NULL.
    static let release: GDestroyNotify = { Unmanaged<SketchState>.fromOpaque($0!).release() }
}
