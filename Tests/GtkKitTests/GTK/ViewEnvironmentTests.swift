import CGtk
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// The environment as views see it through `@Environment` and `.environment`.
    @Suite("Environment in views") @MainActor
    struct ViewEnvironmentTests {
        @Test("@Environment reads the nearest value, or the default where none is set")
        func readsNearestOrDefault() {
            let window = showWindow {
                VStack {
                    LimitLabel(name: "default")
                    LimitLabel(name: "outer").environment(\.limit, 7)
                    VStack { LimitLabel(name: "inner").environment(\.limit, 9) }.environment(\.limit, 8)
                }
            }
            defer { window.close() }
            #expect(labelText(widgetNamed("default", in: window)!) == "5")
            #expect(labelText(widgetNamed("outer", in: window)!) == "7")
            #expect(labelText(widgetNamed("inner", in: window)!) == "9")
        }

        @Test("a value bound to state re-evaluates exactly the views that read it")
        func boundValueUpdatesReaders() {
            let settings = LimitSettings()
            let window = showWindow {
                VStack {
                    LimitLabel(name: "reader")
                    Text { "static" }.widgetName("other")
                }
                .environment(\.limit, settings.limit)
            }
            defer { window.close() }
            let evaluations = Diagnostics.evaluations
            settings.limit = 12
            nextTurn()
            #expect(labelText(widgetNamed("reader", in: window)!) == "12")
            // The environment binding itself, and the one label that reads it.
            #expect(Diagnostics.evaluations - evaluations == 2)
        }

        @Test("an injected object is found by type from a descendant view")
        func objectByType() {
            let settings = LimitSettings()
            settings.limit = 42
            let window = showWindow { VStack { ObjectReader() }.environment(settings) }
            defer { window.close() }
            #expect(labelText(widgetNamed("object", in: window)!) == "42")
        }
    }
}

private struct LimitKey: EnvironmentKey {
    static let defaultValue = 5
}

extension EnvironmentValues {
    fileprivate var limit: Int {
        get { self[LimitKey.self] }
        set { self[LimitKey.self] = newValue }
    }
}

private struct LimitLabel: View {
    let name: String
    @Environment(\.limit) private var limit
    var body: some View { Text { "\(limit)" }.widgetName(name) }
}

@Observable @MainActor private final class LimitSettings {
    var limit = 1
}

private struct ObjectReader: View {
    @Environment(LimitSettings.self) private var settings
    var body: some View { Text { "\(settings.limit)" }.widgetName("object") }
}
