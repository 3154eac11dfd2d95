import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `NavigationSplitView`: a sidebar beside a detail, folded in a compact window.
    @Suite("Navigation split view") @MainActor
    struct NavigationSplitViewTests {
        @Test("in a regular window the sidebar and the detail show side by side, with no back button")
        func regularShowsBoth() throws {
            let model = SplitModel()
            let window = showWindow(width: 800) { SplitFixture(model: model) }
            defer { window.close() }
            pump(until: { isMapped(widgetNamed("sidebar", in: window)) && isMapped(widgetNamed("detail", in: window)) },
                 "both columns on screen")
            #expect(model.column == .sidebar, "whatever the compact column says")
            #expect(!isMapped(widgetNamed("navigation-back", in: window)), "no back button beside the sidebar")
        }

        @Test("in a compact window one column shows: choosing in the sidebar shows the detail, back returns")
        func compactShowsOne() throws {
            let model = SplitModel()
            let window = showWindow(width: 360) { SplitFixture(model: model) }
            defer { window.close() }
            pump(until: { isMapped(widgetNamed("sidebar", in: window)) }, "the sidebar shows first")
            #expect(!isMapped(widgetNamed("detail", in: window)), "alone")
            gtkkit_emit(try #require(widgetNamed("choose", in: window)), "clicked")
            pump(until: { isMapped(widgetNamed("detail", in: window)) && !isMapped(widgetNamed("sidebar", in: window)) },
                 "the detail in its place")
            let back = try #require(widgetNamed("navigation-back", in: window))
            #expect(isMapped(back), "with a back button")
            gtkkit_emit(back, "clicked")
            #expect(model.column == .sidebar, "back writes the column")
            pump(until: { isMapped(widgetNamed("sidebar", in: window)) && !isMapped(widgetNamed("detail", in: window)) },
                 "the sidebar again")
        }
    }
}

extension GTKTests {
    /// The split view following the window's width as it changes.
    @Suite("Navigation split view, resized", .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    @MainActor
    struct NavigationSplitViewResizeTests {
        @Test("narrowed to compact, the split view folds to the column the binding names; widened, it unfolds")
        func foldsWithWidth() throws {
            let model = SplitModel()
            model.column = .detail
            let window = showWindow(width: 800) { SplitFixture(model: model) }
            defer { window.close() }
            pump(until: { isMapped(widgetNamed("sidebar", in: window)) && isMapped(widgetNamed("detail", in: window)) },
                 "regular: both columns")
            window.resize(width: 360, height: 700)
            pump(until: { isMapped(widgetNamed("detail", in: window)) && !isMapped(widgetNamed("sidebar", in: window)) },
                 "compact: the detail alone, as the binding says")
            #expect(isMapped(widgetNamed("navigation-back", in: window)), "with its back button")
            window.resize(width: 800, height: 700)
            pump(until: { isMapped(widgetNamed("sidebar", in: window)) && isMapped(widgetNamed("detail", in: window)) },
                 "regular again: both")
        }
    }
}

private struct SplitFixture: View {
    let model: SplitModel

    var body: some View {
        NavigationSplitView(preferredCompactColumn: Bindable(model).column) {
            VStack {
                Text("sidebar").widgetName("sidebar")
                Button("Choose") { model.column = .detail }.widgetName("choose")
            }
        } detail: {
            Text("detail").widgetName("detail")
        }
    }
}

@Observable @MainActor private final class SplitModel {
    var column = NavigationSplitViewColumn.sidebar
}
