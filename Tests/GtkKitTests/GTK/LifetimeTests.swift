import CGtk
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    @Suite("Lifetime") @MainActor
    struct LifetimeTests {
        @Test("1,000 windows with bound widgets leave no wrapper, binding, closure or GObject behind")
        func thousandWindows() {
            let model = LifetimeModel()
            MainLoop.drain()
            let before = LiveCounts()
            for index in 0..<1_000 {
                let window = Window(title: "Window \(index)", width: 320, height: 200) {
                    LifetimeView(model: model)
                }
                // Mapping every window costs a window-manager round trip each;
                // one in fifty is shown, the rest are built, bound and destroyed.
                if index % 50 == 0 {
                    window.present()
                    pump(until: { gtk_widget_get_mapped(window.widget.pointer) != 0 })
                }
                model.count += 1
                nextTurn()
                window.close()
            }
            // A window that kept one closure would leave a thousand.
            expectReleased(to: before)
            #expect(isKnownUniquelyReferenced(&model.box))
        }
    }
}

@Observable @MainActor private final class LifetimeModel {
    var count = 0
    var text = ""
    var box = Box()
    final class Box {}
}

private struct LifetimeView: View {
    @Bindable var model: LifetimeModel
    var body: some View {
        VStack {
            Text { "Count: \(model.count)" }
            Button("+") { model.count += 1 }
            TextField("Name", text: $model.text)
            If({ model.count.isMultiple(of: 2) }) { Text("even") } else: { Text("odd") }
        }
    }
}
