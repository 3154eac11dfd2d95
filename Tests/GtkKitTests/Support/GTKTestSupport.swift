import CGtk
import Testing
@_spi(Diagnostics) @testable import GtkKit
@_exported import GtkTestSupport

/// Lets every pending binding run (the next main-loop turn).
@MainActor
func nextTurn() {
    MainLoop.drain()
}

/// Builds `content` in a window, shows it and waits until it is allocated.
@MainActor
func showWindow<Content: View>(
    width: Int = 800, height: Int = 700, @ViewBuilder _ content: () -> Content
) -> Window {
    let window = Window(title: "GtkKit test", width: width, height: height, content: content)
    window.present()
    pump(until: { window.size.width > 0 }, "window mapped and allocated")
    return window
}
