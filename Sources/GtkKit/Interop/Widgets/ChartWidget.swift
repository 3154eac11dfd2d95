internal import CGtk

/// A GtkDrawingArea that draws a bar chart (`ChartPainter`), with the `bar-chart`
/// style class and the image role: a screen reader reads its accessible name, the
/// chart's text equivalent.
final class ChartWidget: Widget {
    /// What the draw function reads. GTK holds one reference (released by the draw
    /// function's destroy-notify when the drawing area is disposed), this wrapper the
    /// other; it holds no widget, so no cycle runs through GTK.
    let drawing = ChartDrawing()
    private var area: UnsafeMutablePointer<GtkDrawingArea> { gtk(GtkDrawingArea.self) }

    /// The height a chart asks for: room for bars, gridline numbers and x labels.
    static let minimumHeight = 120

    init() {
        super.init(Widget.make(gtk_drawing_area_get_type(), role: .image))
        ChartWidget.installStyle()
        addCSSClass("bar-chart")
        gtk_drawing_area_set_content_height(area, Int32(ChartWidget.minimumHeight))
        // No content width: bars get thinner and labels sparser instead, down to a
        // 360 px phone.
        setExpand(horizontal: true, vertical: false)
        gtk_drawing_area_set_draw_func(area, { area, cairo, width, height, data in
            // GTK draws on the main thread, with the area, a cairo context and the data
            // it was given; without them there is nothing to draw.
            guard let area, let cairo, let data else { return }
            MainActor.assumeIsolated {
                let drawing = Unmanaged<ChartDrawing>.fromOpaque(data).takeUnretainedValue()
                Diagnostics.chartDraws += 1
                let widget = UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)
                drawing.layout = ChartPainter(widget: widget, cairo: cairo)
                    .paint(drawing.content, width: Int(width), height: Int(height))
            }
        }, Unmanaged.passRetained(drawing).toOpaque(), ChartDrawing.release)
    }

    var content: ChartContent { drawing.content }

    /// Replaces what the chart shows and asks GTK to draw it in the next frame.
    func setContent(_ content: ChartContent) {
        drawing.content = content
        Diagnostics.chartRedrawRequests += 1
        gtk_widget_queue_draw(pointer)
    }

    // The accent colour by default; an app's CSS (application priority) can give a
    // chart another with `.bar-chart.my-class { color: … }`.
    private static func installStyle() {
        DefaultStyle.install("bar-chart", css: ".bar-chart { color: @\(DefaultStyle.accent); font-size: smaller; }")
    }
}

/// What a chart shows: its bars, and the one drawn at full strength if any.
struct ChartContent: Equatable {
    var bars: [BarChart.Bar] = []
    var highlight: Int?
}

/// The data a chart's draw function reads, and where the last frame put the bars.
@MainActor
final class ChartDrawing {
    var content = ChartContent()
    /// The layout of the last frame drawn (tests read bar positions from it).
    var layout: ChartLayout?

    // safe: GTK calls a destroy-notify with the data it was given, never NULL.
    static let release: GDestroyNotify = { Unmanaged<ChartDrawing>.fromOpaque($0!).release() }
}
