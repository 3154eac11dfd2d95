internal import CGtk
internal import CGtkShim

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
