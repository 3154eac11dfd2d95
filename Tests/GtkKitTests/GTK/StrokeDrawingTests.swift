import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// StrokeDrawing: paths drawn stroke by stroke on the frame clock, still under
    /// reduced motion, named for screen readers.
    @Suite("Stroke drawing", .serialized) @MainActor
    struct StrokeDrawingTests {
        @Test("the drawing advances with the frame clock's ticks, stroke by stroke, and then stops ticking")
        func animatesWithTheFrameClock() throws {
            let model = Strokes()
            let shown = try ShownStrokes(model)
            defer { shown.window.close() }
            let drawing = shown.widget.drawing
            #expect(drawing.isAnimating)
            #expect(drawing.progress.finished < 2)
            let frames = Diagnostics.strokeFrames
            // The first stroke done, the second not yet: the strokes go one at a time.
            pump(until: { drawing.progress.finished == 1 }, "the first stroke drawn")
            #expect(Diagnostics.strokeFrames > frames)
            pump(until: { drawing.progress == .complete(2) }, "both strokes drawn")
            #expect(!drawing.isAnimating, "the tick callback ended with the drawing")
            // The frame times rose with each tick; the drawing took about the timeline's time.
            let times = drawing.frameTimes
            #expect(times == times.sorted() && times.count >= 3)
            let seconds = Double((times.last ?? 0) - (times.first ?? 0)) / 1e6
            #expect(seconds >= drawing.timeline.total * 0.9, "\(seconds) s for \(drawing.timeline.total) s")

            // Replay starts it again from the first stroke.
            model.replays += 1
            nextTurn()
            #expect(drawing.isAnimating)
            #expect(drawing.progress == StrokeProgress(finished: 0, partial: 0))
            pump(until: { drawing.progress == .complete(2) }, "drawn again")
        }

        @Test("under reduced motion every stroke is drawn at once, still, with no tick")
        func stillUnderReducedMotion() throws {
            let settings = try #require(gtk_settings_get_default().map { UnsafeMutableRawPointer($0) })
            let animations = gtkkit_get_boolean_property(settings, "gtk-enable-animations")
            gtkkit_set_boolean_property(settings, "gtk-enable-animations", 0)
            defer { gtkkit_set_boolean_property(settings, "gtk-enable-animations", animations) }
            let model = Strokes()
            let shown = try ShownStrokes(model)
            defer { shown.window.close() }
            let drawing = shown.widget.drawing
            #expect(!drawing.isAnimating)
            #expect(drawing.progress == .complete(2))
            model.replays += 1
            nextTurn()
            #expect(!drawing.isAnimating)
            #expect(drawing.progress == .complete(2))
            #expect(drawing.frameTimes.isEmpty)
        }

        @Test("painted to any size in the widget's colour: the strokes span the same share of 60 and 240 px, edges sharp")
        func paintsToAnySize() throws {
            let model = Strokes()
            let shown = try ShownStrokes(model)
            defer { shown.window.close() }
            let colour = cssColor(of: shown.area)
            for size in [60, 240] {
                // The widget's own painter, into an image of that size.
                // safe: cairo returns an error surface rather than NULL.
                let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))!
                defer { cairo_surface_destroy(surface) }
                let cairo = cairo_create(surface)!
                StrokePainter(widget: shown.area, cairo: cairo, box: 60)
                    .paint(model.strokes, progress: .complete(2), width: Double(size), height: Double(size))
                cairo_destroy(cairo)
                cairo_surface_flush(surface)
                let stride = Int(cairo_image_surface_get_stride(surface))
                let data = cairo_image_surface_get_data(surface)!
                // The pixel at box point (x, y); premultiplied ARGB32 (blue, green, red, alpha).
                func pixel(_ x: Double, _ y: Double) -> (red: Int, alpha: Int) {
                    let offset = Int(y * Double(size) / 60) * stride + Int(x * Double(size) / 60) * 4
                    let alpha = Int(data[offset + 3])
                    return (alpha == 0 ? 0 : Int(data[offset + 2]) * 255 / alpha, alpha)
                }
                // The stroke's middle falls on a pixel edge: the pixels either side share it.
                func alpha(_ x: Double, _ y: Double) -> Int {
                    max(pixel(x, y).alpha, pixel(x, y - 60 / Double(size)).alpha)
                }
                // The horizontal stroke runs from 5 to 55 of the box's 60, at 30.
                // Ink as opaque as the widget's colour (a window in the backdrop, as when a
                // window manager focuses another, dims it).
                let ink = Int(200 * colour.alpha)
                #expect(alpha(8, 30) > ink && alpha(52, 30) > ink, "\(size) px: the stroke's ends (colour alpha \(colour.alpha))")
                #expect(abs(pixel(20, 30).red - Int(colour.red * 255)) <= 3, "\(size) px: in the widget's colour")
                #expect(alpha(1, 30) == 0 && alpha(59, 30) == 0, "\(size) px: nothing beyond them")
                // A pen 3/109 of the box wide: 3 box units below the stroke's middle, no ink.
                #expect(alpha(20, 33) < 30, "\(size) px: the edge is sharp")
            }
        }

        @Test("assistive technology sees an image named by the summary, which follows state")
        func summaryIsTheAccessibleName() throws {
            let model = Strokes()
            let shown = try ShownStrokes(model)
            defer { shown.window.close() }
            #expect(gtk_test_accessible_has_role(OpaquePointer(shown.area), GTK_ACCESSIBLE_ROLE_IMG) != 0)
            #expect(gtkkit_accessible_label_is(shown.area, "plus, 2 strokes") != 0)
            model.name = "cross"
            nextTurn()
            #expect(gtkkit_accessible_label_is(shown.area, "cross, 2 strokes") != 0)
        }

        @Test("a stroke's first part follows its curves by length; the timeline pauses, then draws")
        func geometryAndTimeline() {
            let line = StrokeDrawing.Curve(start: .init(x: 0, y: 0), control1: .init(x: 10, y: 0),
                                           control2: .init(x: 20, y: 0), end: .init(x: 30, y: 0))
            let next = StrokeDrawing.Curve(start: .init(x: 30, y: 0), control1: .init(x: 30, y: 10),
                                           control2: .init(x: 30, y: 20), end: .init(x: 30, y: 30))
            #expect(abs(line.length - 30) < 1e-9)
            let stroke = StrokeDrawing.Stroke(curves: [line, next])
            #expect(stroke.prefix(1) == [line, next])
            #expect(stroke.prefix(0).isEmpty)
            let half = stroke.prefix(0.5)
            #expect(half.count == 1 && abs(half[0].end.x - 30) < 1e-9)
            let threeQuarters = stroke.prefix(0.75)
            #expect(threeQuarters.count == 2 && abs(threeQuarters[1].end.y - 15) < 1e-9)
            let timeline = StrokeTimeline(strokes: [stroke, stroke], box: 60)
            let each = 60 / (StrokeTimeline.boxesPerSecond * 60)
            #expect(abs(timeline.total - 2 * (StrokeTimeline.pause + each)) < 1e-9)
            #expect(timeline.progress(at: 0) == StrokeProgress(finished: 0, partial: 0))
            #expect(timeline.progress(at: StrokeTimeline.pause + each / 2).partial > 0.49)
            #expect(timeline.progress(at: 2 * StrokeTimeline.pause + each + each / 4).finished == 1)
            #expect(timeline.progress(at: timeline.total) == .complete(2))
        }
    }
}

/// Two strokes, a plus sign in a box of 60, and what names and replays them.
@MainActor @Observable
private final class Strokes {
    var name = "plus"
    var replays = 0
    let strokes = [
        StrokeDrawing.Stroke(curves: [StrokeDrawing.Curve(start: .init(x: 5, y: 30), control1: .init(x: 20, y: 30),
                                                          control2: .init(x: 40, y: 30), end: .init(x: 55, y: 30))],
                             numberPlace: .init(x: 2, y: 26)),
        StrokeDrawing.Stroke(curves: [StrokeDrawing.Curve(start: .init(x: 30, y: 5), control1: .init(x: 30, y: 20),
                                                          control2: .init(x: 30, y: 40), end: .init(x: 30, y: 55))],
                             numberPlace: .init(x: 32, y: 8)),
    ]
}

private struct StrokesView: View {
    let model: Strokes

    var body: some View {
        StrokeDrawing(box: 60, size: 120, strokes: { model.strokes }, replays: { model.replays },
                      summary: { "\(model.name), 2 strokes" })
            .widgetName("strokes")
    }
}

/// `model`'s drawing in a window.
@MainActor
private struct ShownStrokes {
    let window: Window
    let area: UnsafeMutablePointer<GtkWidget>
    let widget: StrokeWidget

    init(_ model: Strokes) throws {
        let draws = Diagnostics.strokeDraws
        window = showWindow(width: 360, height: 294) { StrokesView(model: model) }
        func find(_ widget: Widget) -> StrokeWidget? {
            if let found = widget as? StrokeWidget { return found }
            return widget.children.lazy.compactMap(find).first
        }
        guard let area = widgetNamed("strokes", in: window), let widget = find(window.widget) else {
            window.close()
            throw NotFound()
        }
        self.area = area
        self.widget = widget
        pump(until: { Diagnostics.strokeDraws > draws }, "first frame drawn")
    }

    struct NotFound: Error {}
}

@MainActor
private func cssColor(of widget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
    var color = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
    return color
}
