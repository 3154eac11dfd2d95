import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// Conditional content, keyed lists and pages create or destroy only what changed.
    @Suite("Dynamic structure") @MainActor
    struct StructureTests {
        @Test("If builds the other branch only when its condition flips")
        func conditionalContent() {
            let model = Items()
            let window = showWindow {
                If({ model.showDetails }) {
                    Text("details").widgetName("details")
                } else: {
                    Text("summary").widgetName("summary")
                }
            }
            defer { window.close() }
            #expect(widgetNamed("summary", in: window) != nil)
            let created = Diagnostics.widgetsCreated
            model.names.append("unrelated")
            nextTurn()
            #expect(Diagnostics.widgetsCreated == created)
            model.showDetails = true
            nextTurn()
            #expect(widgetNamed("details", in: window) != nil)
            #expect(widgetNamed("summary", in: window) == nil)
            #expect(Diagnostics.widgetsCreated == created + 1)
        }

        @Test("ForEach creates a row only for a new id, destroys only a removed one, and reorders the rest")
        func keyedList() {
            let model = Items()
            let window = showWindow {
                VStack {
                    ForEach({ model.names }, id: \.self) { name in Text(name).widgetName(name) }
                }
            }
            defer { window.close() }
            let a = widgetNamed("a", in: window)!
            let created = Diagnostics.widgetsCreated
            model.names.append("d")
            nextTurn()
            #expect(Diagnostics.widgetsCreated == created + 1)
            model.names.removeAll { $0 == "b" }
            nextTurn()
            #expect(widgetNamed("b", in: window) == nil)
            model.names.reverse()  // d c a
            nextTurn()
            #expect(Diagnostics.widgetsCreated == created + 1)
            #expect(widgetNamed("a", in: window) == a)
            let box = gtk_widget_get_parent(a)!
            let order = children(of: box).map { String(cString: gtk_widget_get_name($0)) }
            #expect(order == ["d", "c", "a"])
        }

        @Test("a page stack selected by an enum builds each page the first time it is shown, then keeps it")
        func pageStack() {
            let model = Items()
            let window = showWindow {
                PageStack(selection: { model.page }) {
                    Page(Screen.one) { Text("one").widgetName("one") }
                    Page(Screen.two) { Text("two").widgetName("two") }
                }
            }
            defer { window.close() }
            #expect(widgetNamed("one", in: window) != nil)
            #expect(widgetNamed("two", in: window) == nil)
            model.page = .two
            nextTurn()
            let two = widgetNamed("two", in: window)
            #expect(two != nil)
            model.page = .one
            nextTurn()
            model.page = .two
            nextTurn()
            #expect(widgetNamed("two", in: window) == two)
        }

        @Test("a selection with no page keeps the page that shows and warns, without trapping")
        func pageStackUnknownSelection() {
            let model = Items()
            let window = showWindow {
                PageStack(selection: { model.page }) {
                    Page(Screen.one) { Text("one").widgetName("one") }
                }
            }
            defer { window.close() }
            let warnings = Diagnostics.warnings.count
            model.page = .two
            nextTurn()
            #expect(widgetNamed("one", in: window) != nil)
            #expect(Diagnostics.warnings.dropFirst(warnings).contains { $0.contains("PageStack has no page for two") })
        }
    }
}

private enum Screen: Hashable { case one, two }

@Observable @MainActor private final class Items {
    var names = ["a", "b", "c"]
    var showDetails = false
    var page = Screen.one
}
