import CGtk
import CGtkShim
import Observation
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `@Environment(\.dismiss)`: closes the sheet or pops the page it was read in.
    @Suite("Dismiss") @MainActor
    struct DismissTests {
        @Test("dismiss in a sheet sets its binding false, which closes it and runs onDismiss")
        func dismissClosesSheet() throws {
            let model = DismissModel()
            var dismissed = 0
            let window = showWindow {
                Text("owner").sheet(isPresented: Bindable(model).isPresented, onDismiss: { dismissed += 1 }) {
                    DismissButton(name: "sheet-done")
                }
            }
            defer { window.close() }
            model.isPresented = true
            pump(until: { widgetNamedAnywhere("sheet-done") != nil }, "the sheet opened")
            nextTurn()
            // Positive control: until the button is clicked the sheet stays open.
            #expect(model.isPresented)
            gtkkit_emit(try #require(widgetNamedAnywhere("sheet-done")), "clicked")
            #expect(!model.isPresented, "dismiss wrote the binding")
            pump(until: { widgetNamedAnywhere("sheet-done") == nil }, "the sheet closed")
            nextTurn()
            #expect(dismissed == 1)
        }

        @Test("dismiss in a pushed page pops it and any page above it, writing the path")
        func dismissPopsPage() throws {
            let model = DismissModel()
            model.path = ["a", "b", "c"]
            let window = showWindow {
                NavigationStack(path: Bindable(model).path) {
                    Text("root")
                } destination: { (name: String) in
                    DismissButton(name: "done-\(name)")
                }
            }
            defer { window.close() }
            let pageA = try #require(widgetNamed("done-a", in: window))
            #expect(widgetNamed("done-c", in: window) != nil, "control: the pages were pushed")
            gtkkit_emit(try #require(widgetNamed("done-b", in: window)), "clicked")
            #expect(model.path == ["a"])
            nextTurn()
            #expect(widgetNamed("done-b", in: window) == nil)
            #expect(widgetNamed("done-c", in: window) == nil)
            #expect(widgetNamed("done-a", in: window) == pageA, "the page below stays, not rebuilt")
        }

        @Test("dismiss outside any presentation does nothing: the window and a sheet it presents stay open")
        func dismissOutsidePresentation() throws {
            let model = DismissModel()
            let window = showWindow {
                DismissButton(name: "window-done").sheet(isPresented: Bindable(model).isPresented) {
                    DismissButton(name: "sheet-done")
                }
            }
            defer { window.close() }
            model.isPresented = true
            pump(until: { widgetNamedAnywhere("sheet-done") != nil }, "the sheet opened")
            gtkkit_emit(try #require(widgetNamed("window-done", in: window)), "clicked")
            nextTurn()
            #expect(model.isPresented, "the sheet the view presents is not its own to dismiss")
            #expect(widgetNamedAnywhere("sheet-done") != nil)
            #expect(gtk_widget_get_visible(typed(window.gtkWindow)) != 0,
                    "the window stays open")
            // Positive control: the same action read inside the sheet closes it.
            gtkkit_emit(try #require(widgetNamedAnywhere("sheet-done")), "clicked")
            pump(until: { widgetNamedAnywhere("sheet-done") == nil }, "the sheet closed")
            #expect(!model.isPresented)
        }
    }
}

/// A button named `name` that calls the dismiss action of where it stands.
private struct DismissButton: View {
    let name: String
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Button("Done") { dismiss() }.widgetName(name)
    }
}

@Observable @MainActor private final class DismissModel {
    var isPresented = false
    var path: [String] = []
}
