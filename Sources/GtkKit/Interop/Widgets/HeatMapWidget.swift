internal import CGtk

/// A GtkGrid of days for ``CalendarHeatMap``: a row a weekday, a column a week, each
/// day a small square cell a screen reader reads by its description, focusable so
/// the arrow keys move through the days; the columns' labels above them.
final class HeatMapWidget: Widget {
    private(set) var days: [CalendarHeatMap.Day] = []
    private var cells: [Widget] = []
    private var labels: [LabelWidget] = []
    private var grid: UnsafeMutablePointer<GtkGrid> { gtk(GtkGrid.self) }

    init() {
        super.init(Widget.make(gtk_grid_get_type(), role: .grid))
        Self.installStyle()
        addCSSClass("heat-map")
        gtk_grid_set_row_spacing(grid, 3)
        gtk_grid_set_column_spacing(grid, 3)
    }

    /// Shows `days`: in place when only their counts and descriptions changed (a new
    /// answer today), else built again.
    func setDays(_ new: [CalendarHeatMap.Day]) {
        guard new != days else { return }
        let sameShape = new.count == days.count
            && zip(new, days).allSatisfy { $0.weekday == $1.weekday && $0.columnLabel == $1.columnLabel }
        if !sameShape { rebuild(new) }
        days = new
        let most = new.map(\.count).max() ?? 0
        for (cell, day) in zip(cells, new) {
            let level = CalendarHeatMap.level(of: day.count, most: most)
            for other in 0...CalendarHeatMap.levels where other != level { gtk_widget_remove_css_class(cell.pointer, "level-\(other)") }
            cell.addCSSClass("level-\(level)")
            cell.accessibleLabel = day.description
            cell.setTooltip(day.description)
        }
    }

    private func rebuild(_ new: [CalendarHeatMap.Day]) {
        for widget in cells + labels as [Widget] {
            gtk_grid_remove(grid, widget.pointer)
            release(widget)
        }
        cells = []
        labels = []
        var column = 0
        for (index, day) in new.enumerated() {
            // A new week starts a column (the first day may fall on any weekday).
            if index > 0, day.weekday <= new[index - 1].weekday { column += 1 }
            if let text = day.columnLabel {
                let label = LabelWidget(text, role: .presentation)
                label.addCSSClass("heat-map-label")
                label.setXAlignment(0)
                // Spans three weeks' columns: room for "Sep" without widening the first.
                add(label) { gtk_grid_attach(grid, $0, Int32(column), 0, 3, 1) }
                labels.append(label)
            }
            // A drawing area with nothing to draw (its CSS background is the square): it
            // takes focus as a plain widget does, where a label takes none unless its
            // text is selectable and a box passes focus on to children it does not have.
            let cell = Widget(Widget.make(gtk_drawing_area_get_type(), role: .gridCell))
            cell.addCSSClass("heat-map-day")
            cell.setFocusable(true)
            add(cell) { gtk_grid_attach(grid, $0, Int32(column), Int32(1 + day.weekday), 1, 1) }
            cells.append(cell)
        }
    }

    /// Squares in the accent colour, stronger with more answers, and a ring round the
    /// focused one; an app's CSS can restyle `.heat-map-day.level-N`.
    private static func installStyle() {
        let accent = DefaultStyle.accentBackground
        var css = """
            .heat-map-day { min-width: 11px; min-height: 11px; border-radius: 2px; background-color: alpha(currentColor, 0.08); }
            .heat-map-day:focus-visible { outline: 2px solid @\(DefaultStyle.accent); outline-offset: 1px; }
            .heat-map-label { font-size: smaller; opacity: 0.7; }
            """
        for level in 1...CalendarHeatMap.levels {
            let strength = Double(level) / Double(CalendarHeatMap.levels)
            css += "\n.heat-map-day.level-\(level) { background-color: alpha(@\(accent), \(0.25 + 0.75 * strength)); }"
        }
        DefaultStyle.install("heat-map", css: css)
    }
}
