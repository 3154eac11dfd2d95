import CGtk
import Observation
import Testing
@_spi(Interop) @testable import GtkKit

extension GTKTests {
    /// A view shown below what a scroll view shows is scrolled into view.
    @Suite("Scrolling into view")
    @MainActor
    struct ScrollIntoViewTests {
        @Test("a view shown below the fold is scrolled to, its bottom in view; without the modifier the view stays where it was",
              arguments: [true, false])
        func shownViewComesIntoView(scrolls: Bool) throws {
            let model = Opening()
            let window = showWindow(width: 300, height: 200) {
                ScrollView {
                    VStack(spacing: 0) {
                        Text("top").frame(minHeight: 400)
                        if scrolls {
                            Text("opened").frame(minHeight: 60).visible { model.isOpen }.scrollsIntoViewWhenShown().widgetName("opened")
                        } else {
                            Text("opened").frame(minHeight: 60).visible { model.isOpen }.widgetName("opened")
                        }
                    }
                }
            }
            defer { window.close() }
            let hidden = try #require(widgetNamed("opened", in: window))
            let scrolled = try #require(gtk_widget_get_ancestor(hidden, gtk_scrolled_window_get_type()))
            let adjustment = try #require(gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)))
            pump(until: { gtk_adjustment_get_page_size(adjustment) > 0 }, "laid out")
            #expect(gtk_adjustment_get_value(adjustment) == 0)
            model.isOpen = true
            let opened = try #require(widgetNamed("opened", in: window))
            pump(until: { gtk_widget_get_height(opened) > 0 }, "the view shown and laid out")
            if scrolls {
                pump(until: { gtk_adjustment_get_value(adjustment) > 0 }, "scrolled")
                var bounds = graphene_rect_t()
                pump(until: {
                    gtk_widget_compute_bounds(opened, scrolled, &bounds) != 0
                        && Double(bounds.origin.y + bounds.size.height) <= gtk_adjustment_get_page_size(adjustment) + 0.5
                        && bounds.origin.y >= 0
                }, "its bottom in view, its top too")
            } else {
                // Positive control: frames drawn, and nothing scrolled the view.
                for _ in 0..<5 { drawOneFrame(window) }
                #expect(gtk_adjustment_get_value(adjustment) == 0)
            }
        }
    }
}

@MainActor @Observable private final class Opening {
    var isOpen = false
}

/// Draws one frame of `window` and waits until it has been drawn.
@MainActor
private func drawOneFrame(_ window: Window) {
    let root: UnsafeMutablePointer<GtkWidget> = typed(window.gtkWindow)
    let clock = gtk_widget_get_frame_clock(root)
    let frame = gdk_frame_clock_get_frame_counter(clock)
    gtk_widget_queue_draw(root)
    pump(until: { gdk_frame_clock_get_frame_counter(clock) > frame }, "a frame drawn")
}
