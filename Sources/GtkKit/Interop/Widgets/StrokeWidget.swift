import CGtk
import CGtkShim

/// A GtkDrawingArea that draws a ``StrokeDrawing``: the image role (a screen reader reads
/// its accessible name), a draw function painting the strokes so far, and a tick
/// callback moving the drawing on with the frame clock while it animates.
final class StrokeWidget: Widget {
    /// What the draw function and the tick callback read. GTK holds a reference for each
    /// (released by their destroy-notifies), this wrapper another; it holds no widget.
    let drawing: StrokeDrawingState
    private var area: UnsafeMutablePointer<GtkDrawingArea> { gtk(GtkDrawingArea.self) }

    init(box: Double, size: Int) {
        drawing = StrokeDrawingState(box: box)
        super.init(Widget.make(gtk_drawing_area_get_type(), role: .image))
        addCSSClass("stroke-drawing")
        gtk_drawing_area_set_content_width(area, Int32(size))
        gtk_drawing_area_set_content_height(area, Int32(size))
        gtk_widget_set_halign(pointer, GTK_ALIGN_CENTER)
        gtk_drawing_area_set_draw_func(area, { area, cairo, width, height, data in
            // GTK draws on the main thread, with the area, a cairo context and the data
            // it was given; without them there is nothing to draw.
            guard let area, let cairo, let data else { return }
            MainActor.assumeIsolated {
                let drawing = Unmanaged<StrokeDrawingState>.fromOpaque(data).takeUnretainedValue()
                let started = g_get_monotonic_time()
                let widget = UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)
                StrokePainter(widget: widget, cairo: cairo, box: drawing.box)
                    .paint(drawing.strokes, progress: drawing.progress, width: Double(width), height: Double(height))
                let took = Int(g_get_monotonic_time() - started)
                Diagnostics.strokeDraws += 1
                Diagnostics.strokeDrawMicroseconds += took
                Diagnostics.longestStrokeDrawMicroseconds = max(Diagnostics.longestStrokeDrawMicroseconds, took)
            }
        }, Unmanaged.passRetained(drawing).toOpaque(), StrokeDrawingState.release)
        onTeardown { [drawing, pointer] in drawing.stop(on: pointer) }
    }

    /// Shows `strokes`, drawing them from the first.
    func setStrokes(_ strokes: [StrokeDrawing.Stroke]) {
        drawing.strokes = strokes
        drawing.timeline = StrokeTimeline(strokes: strokes, box: drawing.box)
        replay()
    }

    /// Draws the strokes again from the first; at once and still under reduced motion.
    func replay() {
        drawing.stop(on: pointer)
        // Read at each start, so a change of the setting holds from the next drawing on.
        let settings = gtk_widget_get_settings(pointer).map { UnsafeMutableRawPointer($0) }
        let animates = gtkkit_get_boolean_property(settings, "gtk-enable-animations") != 0
        if animates && !drawing.strokes.isEmpty {
            drawing.progress = StrokeProgress(finished: 0, partial: 0)
            drawing.start(on: pointer)
        } else {
            drawing.progress = .complete(drawing.strokes.count)
        }
        gtk_widget_queue_draw(pointer)
    }
}

/// The state of one stroke drawing: its strokes, how far it is drawn, and its tick.
@MainActor
final class StrokeDrawingState {
    let box: Double
    var strokes: [StrokeDrawing.Stroke] = []
    var timeline = StrokeTimeline(strokes: [], box: 1)
    var progress = StrokeProgress.complete(0)
    /// The running tick callback, 0 when still.
    private(set) var tick: guint = 0
    /// The frame clock's time of the animation's first frame, in µs.
    private var startTime: gint64?
    /// The frame times of the animation so far, in µs (a benchmark reads their spacing).
    private(set) var frameTimes: [gint64] = []

    init(box: Double) {
        self.box = box
    }

    var isAnimating: Bool { tick != 0 }

    func start(on widget: UnsafeMutablePointer<GtkWidget>) {
        startTime = nil
        frameTimes = []
        tick = gtk_widget_add_tick_callback(widget, { widget, clock, data in
            // The widget, its clock and the data given below, on the main thread.
            guard let widget, let clock, let data else { return 0 }
            return MainActor.assumeIsolated {
                Unmanaged<StrokeDrawingState>.fromOpaque(data).takeUnretainedValue()
                    .advance(widget, to: gdk_frame_clock_get_frame_time(clock)) ? 1 : 0  // G_SOURCE_CONTINUE / REMOVE
            }
        }, Unmanaged.passRetained(self).toOpaque(), Self.release)
    }

    func stop(on widget: UnsafeMutablePointer<GtkWidget>) {
        if tick != 0 { gtk_widget_remove_tick_callback(widget, tick) }
        tick = 0
    }

    /// One frame: the progress at `time` (µs), and whether to keep ticking.
    private func advance(_ widget: UnsafeMutablePointer<GtkWidget>, to time: gint64) -> Bool {
        Diagnostics.strokeFrames += 1
        frameTimes.append(time)
        let start = startTime ?? time
        startTime = start
        let elapsed = Double(time - start) / 1e6
        progress = elapsed >= timeline.total ? .complete(strokes.count) : timeline.progress(at: elapsed)
        gtk_widget_queue_draw(widget)
        if progress == .complete(strokes.count) {
            tick = 0  // GTK removes the callback when it returns false
            return false
        }
        return true
    }

    // safe: GTK calls a destroy-notify with the data it was given, never NULL.
    static let release: GDestroyNotify = { Unmanaged<StrokeDrawingState>.fromOpaque($0!).release() }
}

/// Draws one frame of a stroke drawing with cairo and Pango, in the widget's CSS colour.
@MainActor
struct StrokePainter {
    let widget: UnsafeMutablePointer<GtkWidget>
    let cairo: OpaquePointer
    let box: Double

    /// The strokes still to come, while animating.
    static let guideAlpha = 0.15
    static let numberAlpha = 0.6
    /// KanjiVG's pen and number size, as parts of its 109 box.
    static let penWidth = 3.0 / 109
    static let numberSize = 8.0 / 109

    func paint(_ strokes: [StrokeDrawing.Stroke], progress: StrokeProgress, width: Double, height: Double) {
        let side = min(width, height)
        let scale = side / box
        let originX = ((width - side) / 2).rounded(), originY = ((height - side) / 2).rounded()
        let color = color(of: widget)

        cairo_save(cairo)
        cairo_translate(cairo, originX, originY)
        cairo_scale(cairo, scale, scale)
        cairo_set_line_width(cairo, Self.penWidth * box)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        if progress.finished < strokes.count {
            setSource(color, alpha: Self.guideAlpha)
            for stroke in strokes[progress.finished...] { trace(stroke.curves) }
            cairo_stroke(cairo)
        }
        setSource(color, alpha: 1)
        for (index, stroke) in strokes.enumerated() where index < progress.started {
            trace(index < progress.finished ? stroke.curves : stroke.prefix(progress.partial))
        }
        cairo_stroke(cairo)
        cairo_restore(cairo)

        // Numbers in device pixels (the layout is measured there), at KanjiVG's size.
        // safe: GTK constructors abort on out-of-memory; they never return NULL.
        let layout = gtk_widget_create_pango_layout(widget, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_copy(pango_context_get_font_description(gtk_widget_get_pango_context(widget)))
        defer { pango_font_description_free(font) }
        // Never below 10 px, where the digits stop being legible.
        pango_font_description_set_absolute_size(font, max(10, Self.numberSize * side) * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        setSource(color, alpha: Self.numberAlpha)
        for (index, stroke) in strokes.enumerated() where index < progress.started {
            guard let place = stroke.numberPlace else { continue }
            pango_layout_set_text(layout, "\(index + 1)", -1)
            let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
            cairo_move_to(cairo, (originX + place.x * scale).rounded(), (originY + place.y * scale - baseline).rounded())
            pango_cairo_show_layout(cairo, layout)
        }
    }

    private func trace(_ curves: [StrokeDrawing.Curve]) {
        var current: StrokeDrawing.Point?
        for curve in curves {
            if current != curve.start { cairo_move_to(cairo, curve.start.x, curve.start.y) }
            cairo_curve_to(cairo, curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y,
                           curve.end.x, curve.end.y)
            current = curve.end
        }
    }

    /// The CSS `color` of `widget` now.
    private func color(of widget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
        var color = GdkRGBA()
        // NB: gtk_widget_get_color is GTK 4.10; the style context is how 4.8 reads it.
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
        return color
    }

    private func setSource(_ color: GdkRGBA, alpha: Double) {
        cairo_set_source_rgba(
            cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha) * alpha)
    }
}
