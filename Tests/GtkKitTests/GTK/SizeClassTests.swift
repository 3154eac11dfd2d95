import CGtk
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// The window publishes size classes from its real size, however it was resized.
    @Suite("Size classes", .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    @MainActor
    struct SizeClassTests {
        @Test("size classes follow programmatic, external, maximise and fullscreen resizes")
        func flipsOnEveryKindOfResize() throws {
            let title = "Size classes \(Int.random(in: 0..<1_000_000))"
            let window = Window(title: title, width: 800, height: 700) {
                SizeClassLabel()
            }
            window.present()
            defer { window.close() }
            pump(until: { gtk_widget_get_mapped(window.widget.pointer) != 0 })
            let label = try #require(widgetNamed("classes", in: window))
            pump(until: { labelText(label) == "regular regular" }, "initial 800×700")

            window.resize(width: 500, height: 400)
            pump(until: { labelText(label) == "compact compact" }, "programmatic 500×400")
            #expect(window.environment.horizontalSizeClass == .compact)

            let id = try #require(WindowManager.windowID(title: title))
            WindowManager.resize(windowID: id, width: 900, height: 500)
            pump(until: { labelText(label) == "regular compact" }, "external 900×500")
            WindowManager.resize(windowID: id, width: 560, height: 640)
            pump(until: { labelText(label) == "compact regular" }, "external 560×640")

            WindowManager.resize(windowID: id, width: 500, height: 400)
            pump(until: { labelText(label) == "compact compact" })
            window.maximize()
            pump(until: { labelText(label) == "regular regular" }, "maximised on 1280×1024")
            window.unmaximize()
            pump(until: { labelText(label) == "compact compact" }, "unmaximised")
            window.fullscreen()
            pump(until: { labelText(label) == "regular regular" }, "fullscreen")
            window.unfullscreen()
            pump(until: { labelText(label) == "compact compact" }, "left fullscreen")
        }

        @Test("the breakpoints are 600 px wide and 560 px high")
        func breakpoints() {
            #expect(SizeClass.horizontal(forWidth: 599) == .compact)
            #expect(SizeClass.horizontal(forWidth: 600) == .regular)
            #expect(SizeClass.vertical(forHeight: 559) == .compact)
            #expect(SizeClass.vertical(forHeight: 560) == .regular)
        }
    }
}

private struct SizeClassLabel: View {
    @Environment(\.horizontalSizeClass) private var horizontal
    @Environment(\.verticalSizeClass) private var vertical
    var body: some View { Text { "\(horizontal) \(vertical)" }.widgetName("classes") }
}
