import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `NavigationStack`: pages pushed and popped through a path.
    @Suite("Navigation stack") @MainActor
    struct NavigationStackTests {
        @Test("push then pop shows the previous page again, the same widgets with their state")
        func pushThenPop() throws {
            let model = NavigationModel()
            let window = showWindow {
                NavigationStack(path: Bindable(model).path) {
                    CounterPage()
                } destination: { (name: String) in
                    Text("page \(name)").widgetName("page-\(name)")
                }
            }
            defer { window.close() }
            let leaflet = try #require(descendant(of: typed(window.gtkWindow), type: adw_leaflet_get_type()))
            let counter = try #require(widgetNamed("counter", in: window))
            let increment = try #require(widgetNamed("increment", in: window))
            gtkkit_emit(increment, "clicked")
            nextTurn()
            #expect(labelText(counter) == "1")
            model.path.append("a")
            nextTurn()
            let pushed = try #require(widgetNamed("page-a", in: window))
            // Positive control: the pushed page is the one that shows.
            #expect(adw_leaflet_get_visible_child(typed(leaflet)) == gtk_widget_get_parent(pushed))
            model.path.removeLast()
            nextTurn()
            #expect(widgetNamed("page-a", in: window) == nil, "the popped page is gone")
            #expect(widgetNamed("counter", in: window) == counter, "the same label")
            #expect(labelText(counter) == "1", "with its state")
            let rootPage = try #require(ancestor(of: counter, below: leaflet))
            #expect(adw_leaflet_get_visible_child(typed(leaflet)) == rootPage, "shown again")
        }

        @Test("the back button pops its page, writing the path")
        func backButton() throws {
            let model = NavigationModel()
            model.path = ["a", "b"]
            let window = showWindow {
                NavigationStack(path: Bindable(model).path) {
                    Text("root")
                } destination: { (name: String) in
                    Text("page \(name)").widgetName("page-\(name)")
                }
            }
            defer { window.close() }
            let leaflet = try #require(descendant(of: typed(window.gtkWindow), type: adw_leaflet_get_type()))
            let below = try #require(widgetNamed("page-a", in: window))
            let top = try #require(widgetNamed("page-b", in: window))
            let topPage = try #require(ancestor(of: top, below: leaflet))
            #expect(adw_leaflet_get_visible_child(typed(leaflet)) == topPage, "a path given at first shows its last page")
            let back = try #require(descendant(of: topPage, type: gtk_button_get_type()) {
                String(cString: gtk_widget_get_name($0)) == "navigation-back"
            })
            gtkkit_emit(back, "clicked")
            #expect(model.path == ["a"])
            nextTurn()
            #expect(widgetNamed("page-b", in: window) == nil)
            #expect(widgetNamed("page-a", in: window) == below, "the page below stays, not rebuilt")
        }
    }
}

/// The child of `top` that `widget` is inside.
@MainActor
private func ancestor(
    of widget: UnsafeMutablePointer<GtkWidget>, below top: UnsafeMutablePointer<GtkWidget>
) -> UnsafeMutablePointer<GtkWidget>? {
    var current = widget
    while let parent = gtk_widget_get_parent(current) {
        if parent == top { return current }
        current = parent
    }
    return nil
}

private struct CounterPage: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text { "\(count)" }.widgetName("counter")
            Button("+1") { count += 1 }.widgetName("increment")
        }
    }
}

@Observable @MainActor private final class NavigationModel {
    var path: [String] = []
}
