import Testing
@_spi(Diagnostics) @testable import GtkKit

/// Keyed environment values and objects, without widgets.
@Suite("Environment") @MainActor
struct EnvironmentTests {
    @Test("a key reads its default where no ancestor sets it")
    func defaultValue() {
        #expect(EnvironmentValues().testLimit == 5)
        #expect(EnvironmentValues().makeChild().testLimit == 5)
    }

    @Test("a value set on a scope is read there and below")
    func override() {
        let root = EnvironmentValues()
        var child = root.makeChild()
        child.testLimit = 7
        #expect(child.testLimit == 7)
        #expect(child.makeChild().testLimit == 7)
        #expect(root.testLimit == 5)
    }

    @Test("the nearest ancestor that sets a value wins")
    func nearestWins() {
        var root = EnvironmentValues()
        root.testLimit = 3
        var middle = root.makeChild()
        middle.testLimit = 9
        #expect(middle.makeChild().makeChild().testLimit == 9)
    }

    @Test("a sibling's value does not leak to its siblings")
    func siblingIsolation() {
        var root = EnvironmentValues()
        root.testLimit = 3
        var first = root.makeChild()
        let second = root.makeChild()
        first.testLimit = 11
        #expect(second.testLimit == 3)
    }

    @Test("changing a value re-evaluates exactly the bindings that read it")
    func observableChange() {
        var root = EnvironmentValues()
        root.testLimit = 1
        let reader = root.makeChild().makeChild()
        var limitRuns = 0
        var nameRuns = 0
        let limit = track({ reader.testLimit }) { _ in limitRuns += 1 }
        let name = track({ reader.testName }) { _ in nameRuns += 1 }
        root.testLimit = 2
        nextTurn()
        root.testLimit = 2  // equal: no notification
        nextTurn()
        #expect(limitRuns == 2)
        #expect(nameRuns == 1)
        _ = (limit, name)
    }

    @Test("an injected object is found by type from any descendant")
    func objectLookup() throws {
        let root = EnvironmentValues()
        let store = Store()
        root.setObject(store)
        let found = try root.makeChild().makeChild().object(Store.self)
        #expect(found === store)
    }

    @Test("a missing object fails naming the type and the likely missing ancestor")
    func missingObject() {
        let values = EnvironmentValues().makeChild(origin: "ChallengeView")
        #expect {
            _ = try values.object(Store.self)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("No Store in the environment")
                && text.contains("ancestor view must inject one with `.environment(Store(...))`")
                && text.contains("ChallengeView → root")
        }
    }
}

// MARK: - Fixtures

private struct TestLimitKey: EnvironmentKey {
    static let defaultValue = 5
}

private struct TestNameKey: EnvironmentKey {
    static let defaultValue = "none"
}

extension EnvironmentValues {
    fileprivate var testLimit: Int {
        get { self[TestLimitKey.self] }
        set { self[TestLimitKey.self] = newValue }
    }

    fileprivate var testName: String {
        get { self[TestNameKey.self] }
        set { self[TestNameKey.self] = newValue }
    }
}

@MainActor private final class Store {}
