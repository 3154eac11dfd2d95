internal import CGtk

/// A GtkDrawingArea that draws a ``CalendarHeatMap``: a row a weekday, a column a
/// week, each day a square; the columns' labels above. One widget, drawn with cairo
/// (a year as 371 widgets took about 100 ms to build and lay out; drawn, it takes
/// under a millisecond).
///
/// It takes the keyboard focus: the arrow keys move a ring from day to day (Left and
/// Right a week, Up and Down a day, Home and End to the first and last), and the
/// widget's accessible name is then the focused day's description, which a screen
/// reader reads as it changes; unfocused, its name is the map's summary.
final class HeatMapWidget: Widget {
    /// What the draw function reads. GTK holds one reference (released by the draw
    /// function's destroy-notify), this wrapper the other; it holds no widget.
    let drawing = HeatMapDrawing()
    private var area: UnsafeMutablePointer<GtkDrawingArea> { gtk(GtkDrawingArea.self) }
    private(set) var summary = ""

    /// A square's side and the gap between squares, in pixels.
    static let cell = 11.0
    static let gap = 3.0
    static var step: Double { cell + gap }

    init() {
        super.init(Widget.make(gtk_drawing_area_get_type(), role: .image))
        Self.installStyle()
        addCSSClass("heat-map")
        setFocusable(true)
        gtk_widget_set_focus_on_click(pointer, 1)
        // As wide as its weeks: a wider window leaves room beside it, not a gap inside.
        gtk_widget_set_halign(pointer, GTK_ALIGN_START)
        gtk_drawing_area_set_draw_func(area, { area, cairo, _, _, data in
            // GTK draws on the main thread, with the area, a cairo context and the data
            // it was given; without them there is nothing to draw.
            guard let area, let cairo, let data else { return }
            MainActor.assumeIsolated {
                let drawing = Unmanaged<HeatMapDrawing>.fromOpaque(data).takeUnretainedValue()
                Diagnostics.chartDraws += 1
                let widget = UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)
                HeatMapPainter(widget: widget, cairo: cairo).paint(drawing, focused: gtk_widget_has_focus(widget) != 0)
            }
        }, Unmanaged.passRetained(drawing).toOpaque(), HeatMapDrawing.release)
        onKeyPress(phase: .bubble) { [weak self] key in self?.move(key.keyval) ?? false }
        for signal in ["notify::has-focus"] {
            _ = on(signal) { [weak self] in self?.focusChanged() }
        }
    }

    var days: [CalendarHeatMap.Day] { drawing.days }

    /// Shows `days`; the focused day stays (the last, today, for a new map).
    func setDays(_ days: [CalendarHeatMap.Day]) {
        guard days != drawing.days else { return }
        let sameLength = days.count == drawing.days.count
        drawing.setDays(days)
        if !sameLength { drawing.focused = max(days.count - 1, 0) }
        gtk_drawing_area_set_content_width(area, Int32(Double(drawing.columns) * Self.step))
        gtk_drawing_area_set_content_height(area, Int32(HeatMapPainter.labelHeight + 7 * Self.step))
        updateName()
        gtk_widget_queue_draw(pointer)
    }

    func setSummary(_ text: String) {
        summary = text
        updateName()
    }

    /// Moves the focus ring for an arrow key, Home or End; whether the key was one.
    func move(_ keyval: UInt32) -> Bool {
        guard !drawing.days.isEmpty else { return false }
        let last = drawing.days.count - 1
        let target: Int
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: target = drawing.focused - 7
        case GDK_KEY_Right, GDK_KEY_KP_Right: target = drawing.focused + 7
        case GDK_KEY_Up, GDK_KEY_KP_Up: target = drawing.focused - 1
        case GDK_KEY_Down, GDK_KEY_KP_Down: target = drawing.focused + 1
        case GDK_KEY_Home, GDK_KEY_KP_Home: target = 0
        case GDK_KEY_End, GDK_KEY_KP_End: target = last
        default: return false
        }
        drawing.focused = min(max(target, 0), last)
        updateName()
        gtk_widget_queue_draw(pointer)
        return true
    }

    private func focusChanged() {
        updateName()
        gtk_widget_queue_draw(pointer)
    }

    /// The focused day's description while the map has the focus, else the summary.
    private func updateName() {
        let focusedDay = drawing.days.indices.contains(drawing.focused) ? drawing.days[drawing.focused].description : nil
        let name = gtk_widget_has_focus(pointer) != 0 ? focusedDay ?? summary : summary
        accessibleLabel = name
        setTooltip(focusedDay ?? summary)
    }

    /// The squares in the accent colour (the widget's CSS `color`); an app's CSS can
    /// give a map another with `.heat-map.my-class { color: … }`.
    private static func installStyle() {
        DefaultStyle.install("heat-map", css: ".heat-map { color: @\(DefaultStyle.accentBackground); font-size: smaller; }")
    }
}

/// The days a heat map draws, where each goes, and the day the focus ring is on.
@MainActor
final class HeatMapDrawing {
    private(set) var days: [CalendarHeatMap.Day] = []
    /// Each day's column (a week) and its colour level.
    private(set) var columnOf: [Int] = []
    private(set) var levels: [Int] = []
    private(set) var columns = 0
    var focused = 0

    func setDays(_ new: [CalendarHeatMap.Day]) {
        days = new
        let most = new.map(\.count).max() ?? 0
        levels = new.map { CalendarHeatMap.level(of: $0.count, most: most) }
        var column = 0
        columnOf = new.indices.map { index in
            // A new week starts a column (the first day may fall on any weekday).
            if index > 0, new[index].weekday <= new[index - 1].weekday { column += 1 }
            return column
        }
        columns = new.isEmpty ? 0 : column + 1
    }

    nonisolated static let release: GDestroyNotify = { data in
        // safe: GTK hands back the pointer it was given, never NULL.
        Unmanaged<HeatMapDrawing>.fromOpaque(data!).release()
    }
}

/// Draws a heat map with cairo and Pango in the widget's theme colours: the squares in
/// its CSS `color` (faint for a day of none), the labels in the colour it sits in.
@MainActor
struct HeatMapPainter {
    let widget: UnsafeMutablePointer<GtkWidget>
    let cairo: OpaquePointer

    /// The height of the labels' row above the squares.
    static let labelHeight = 18.0

    func paint(_ drawing: HeatMapDrawing, focused: Bool) {
        let accent = PainterColor.of(widget)
        let text = gtk_widget_get_parent(widget).map(PainterColor.of) ?? accent
        let step = HeatMapWidget.step, cell = HeatMapWidget.cell
        // safe: GTK constructors abort on out-of-memory; they never return NULL.
        let layout = gtk_widget_create_pango_layout(widget, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        for (index, day) in drawing.days.enumerated() {
            let x = Double(drawing.columnOf[index]) * step
            let y = Self.labelHeight + Double(day.weekday) * step
            if let label = day.columnLabel {
                pango_layout_set_text(layout, label, -1)
                setSource(text, alpha: 0.7)
                cairo_move_to(cairo, x, 0)
                pango_cairo_show_layout(cairo, layout)
            }
            let level = drawing.levels[index]
            if level == 0 {
                setSource(text, alpha: 0.08)
            } else {
                setSource(accent, alpha: 0.25 + 0.75 * Double(level) / Double(CalendarHeatMap.levels))
            }
            roundedSquare(x: x, y: y, side: cell)
            cairo_fill(cairo)
            if focused, index == drawing.focused {
                setSource(accent, alpha: 1)
                cairo_set_line_width(cairo, 2)
                roundedSquare(x: x - 1.5, y: y - 1.5, side: cell + 3)
                cairo_stroke(cairo)
            }
        }
    }

    private func roundedSquare(x: Double, y: Double, side: Double) {
        let radius = 2.0
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + side - radius, y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, x + side - radius, y + side - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, x + radius, y + side - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    private func setSource(_ color: GdkRGBA, alpha: Double) { PainterColor.setSource(cairo, color, alpha: alpha) }
}
