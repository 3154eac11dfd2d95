import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// SketchPad: strokes written with a drag, kept in a binding, drawn in the widget's
    /// CSS colour, named for screen readers.
    @Suite("Sketch pad", .serialized) @MainActor
    struct SketchPadTests {
        @Test("a drag is one stroke, its points in the widget's pixels, given to the binding when the pointer lifts")
        func dragWritesOneStroke() throws {
            let model = Sketch()
            let shown = try ShownPad(model)
            defer { shown.window.close() }
            #expect(gtk_widget_get_width(shown.area) == 120 && gtk_widget_get_height(shown.area) == 120)
            // What GtkGestureDrag reports: the press, then offsets from it.
            shown.widget.begin(atX: 10, y: 60)
            shown.widget.move(byX: 50, y: 0)
            shown.widget.move(byX: 50, y: 0)  // no move: no point
            #expect(model.strokes.isEmpty, "a stroke is given once written")
            #expect(shown.widget.sketch.current?.count == 2, "drawn as it is written")
            shown.widget.end(byX: 100, y: 0.5)
            #expect(model.strokes == [[SketchPoint(x: 10, y: 60), SketchPoint(x: 60, y: 60), SketchPoint(x: 110, y: 60.5)]])
            // A second drag is a second stroke; a point past the edge stays on it.
            shown.widget.begin(atX: 60, y: 10)
            shown.widget.end(byX: 0, y: 200)
            #expect(model.strokes.count == 2)
            #expect(model.strokes.last == [SketchPoint(x: 60, y: 10), SketchPoint(x: 60, y: 120)])
        }

        @Test("a pad drawn smaller than its box gives points in the box")
        func smallerPadScales() throws {
            let model = Sketch()
            model.size = 60
            let shown = try ShownPad(model)
            defer { shown.window.close() }
            pump(until: { gtk_widget_get_width(shown.area) == 60 }, "the pad at 60 px")
            shown.widget.begin(atX: 10, y: 30)
            shown.widget.end(byX: 20, y: 0)
            #expect(model.strokes == [[SketchPoint(x: 20, y: 60), SketchPoint(x: 60, y: 60)]])
        }

        @Test("strokes set from elsewhere are drawn; cleared, the pad is blank but for its frame")
        func bindingRedraws() throws {
            let model = Sketch()
            let shown = try ShownPad(model)
            defer { shown.window.close() }
            #expect(ink(shown, at: (30, 30)) == 0, "nothing written: no ink")
            let draws = Diagnostics.sketchDraws
            model.strokes = [[SketchPoint(x: 10, y: 30), SketchPoint(x: 110, y: 30)]]
            nextTurn()
            #expect(shown.widget.sketch.strokes == model.strokes)
            #expect(ink(shown, at: (30, 30)) > 200, "the stroke is drawn")
            pump(until: { Diagnostics.sketchDraws > draws }, "the pad redrawn")
            let cleared = Diagnostics.sketchDraws
            model.strokes = []
            nextTurn()
            #expect(shown.widget.sketch.strokes.isEmpty)
            #expect(ink(shown, at: (30, 30)) == 0, "cleared: no ink")
            pump(until: { Diagnostics.sketchDraws > cleared }, "the pad redrawn when cleared")
        }

        @Test("the strokes are in the widget's CSS colour: a style class that makes it red draws red")
        func followsCSSColour() throws {
            let provider = gtk_css_provider_new()!
            defer { g_object_unref(provider) }
            gtk_css_provider_load_from_data(provider, ".sketch-test-red { color: rgb(255, 0, 0); }", -1)
            let display = gdk_display_get_default()!
            gtk_style_context_add_provider_for_display(
                display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            defer { gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider)) }
            let model = Sketch()
            model.strokes = [[SketchPoint(x: 10, y: 30), SketchPoint(x: 110, y: 30)]]
            let plain = try ShownPad(model)
            let plainPixel = pixel(plain, at: (30, 30))
            plain.window.close()
            model.cssClass = "sketch-test-red"
            let red = try ShownPad(model)
            defer { red.window.close() }
            let redPixel = pixel(red, at: (30, 30))
            #expect(redPixel.red == 255 && redPixel.green == 0 && redPixel.blue == 0, "\(redPixel)")
            // Positive control: without the class the same check sees the theme's colour.
            #expect(!(plainPixel.red == 255 && plainPixel.green == 0), "\(plainPixel)")
            let colour = cssColor(of: plain.area)
            #expect(abs(plainPixel.red - Int(colour.red * 255)) <= 3, "the theme's text colour: \(plainPixel), \(colour)")
        }

        @Test("assistive technology sees an image with the name the caller gives")
        func namedImage() throws {
            let model = Sketch()
            let shown = try ShownPad(model)
            defer { shown.window.close() }
            #expect(gtk_test_accessible_has_role(OpaquePointer(shown.area), GTK_ACCESSIBLE_ROLE_IMG) != 0)
            #expect(gtkkit_accessible_label_is(shown.area, "Writing pad") != 0)
        }
    }
}

@MainActor @Observable
private final class Sketch {
    var strokes: [[SketchPoint]] = []
    var size = 120
    var cssClass = "sketch-test"
}

private struct SketchView: View {
    @Bindable var model: Sketch

    var body: some View {
        SketchPad(box: 120, size: { model.size }, strokes: $model.strokes)
            .accessibilityLabel("Writing pad")
            .cssClass(model.cssClass)
            .widgetName("sketch")
    }
}

/// `model`'s pad in a window.
@MainActor
private struct ShownPad {
    let window: Window
    let area: UnsafeMutablePointer<GtkWidget>
    let widget: SketchPadWidget

    init(_ model: Sketch) throws {
        let draws = Diagnostics.sketchDraws
        window = showWindow(width: 360, height: 294) { SketchView(model: model) }
        func find(_ widget: Widget) -> SketchPadWidget? {
            if let found = widget as? SketchPadWidget { return found }
            return widget.children.lazy.compactMap(find).first
        }
        guard let area = widgetNamed("sketch", in: window), let widget = find(window.widget) else {
            window.close()
            throw NotFound()
        }
        self.area = area
        self.widget = widget
        pump(until: { Diagnostics.sketchDraws > draws }, "first frame drawn")
    }

    struct NotFound: Error {}
}

/// The pad's own painter, with its strokes now, into an image of its size: the pixel at
/// (x, y), un-premultiplied.
@MainActor
private func pixel(_ shown: ShownPad, at point: (x: Int, y: Int)) -> (red: Int, green: Int, blue: Int, alpha: Int) {
    let width = gtk_widget_get_width(shown.area), height = gtk_widget_get_height(shown.area)
    // safe: cairo returns an error surface rather than NULL.
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
    defer { cairo_surface_destroy(surface) }
    let cairo = cairo_create(surface)!
    SketchPainter(widget: shown.area, cairo: cairo, box: shown.widget.sketch.box)
        .paint(shown.widget.sketch.strokes, width: Double(width), height: Double(height))
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    let offset = point.y * stride + point.x * 4
    let alpha = Int(data[offset + 3])
    func channel(_ index: Int) -> Int { alpha == 0 ? 0 : Int(data[offset + index]) * 255 / alpha }
    return (channel(2), channel(1), channel(0), alpha)
}

@MainActor
private func ink(_ shown: ShownPad, at point: (x: Int, y: Int)) -> Int { pixel(shown, at: point).alpha }

@MainActor
private func cssColor(of widget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
    var color = GdkRGBA()
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
    return color
}
