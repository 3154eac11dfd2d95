import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// Debug builds say when a view read state in `body`, where it never updates.
    @Suite("Frozen reads") @MainActor
    struct FrozenReadTests {
        @Test("a property read in body, outside a closure, warns with the view and the property when it changes")
        func frozenReadWarns() {
            let person = Person()
            let window = showWindow { Greeting(person: person) }
            defer { window.close() }
            let before = Diagnostics.warnings.count
            person.age += 1
            nextTurn()
            #expect(Diagnostics.warnings.count == before, "a property nobody read in body changes quietly")
            person.name = "Ada"
            nextTurn()
            let warnings = Diagnostics.warnings.dropFirst(before)
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("Greeting read Person.name in its body") == true, "\(warnings)")
        }

        @Test("a read inside a binding closure does not warn")
        func boundReadIsQuiet() {
            let person = Person()
            let window = showWindow { Text { "Hi, \(person.name)" }.widgetName("bound") }
            defer { window.close() }
            let before = Diagnostics.warnings.count
            person.name = "Ada"
            nextTurn()
            #expect(Diagnostics.warnings.count == before)
            #expect(labelText(widgetNamed("bound", in: window)!) == "Hi, Ada")
        }
    }
}

/// Reads `person.name` once, in body: the mistake the warning is for.
private struct Greeting: View {
    let person: Person
    var body: some View {
        Text("Hi, \(person.name)")
    }
}

@Observable @MainActor private final class Person {
    var name = "Grace"
    var age = 36
}
