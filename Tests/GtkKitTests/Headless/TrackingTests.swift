import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

/// Observation semantics the bindings rely on, one tiny fixture per case,
/// after the cases in Swift's own Observation tests. No display needed.
@Suite("Tracking semantics") @MainActor
struct TrackingTests {
    @Test("writing a property no binding read changes nothing")
    func unreadPropertyWrite() {
        let model = ReadAndUnread()
        var seen: [Int] = []
        let tracking = track({ model.read }) { seen.append($0) }
        model.unread += 1
        nextTurn()
        #expect(seen == [0], "a write to a property the binding did not read")
        // Positive control: the same binding, after the same turn, does follow the
        // property it read; without it, a binding that never updates would pass.
        model.read = 7
        nextTurn()
        #expect(seen == [0, 7], "a write to the property the binding read")
        _ = tracking
    }

    @Test("a cancelled binding stops observing the models it read")
    func cancelledBindingLetsGo() {
        let model = ReadAndUnread()
        var cancelled = (0..<100).map { _ in track({ model.read }) { _ in } }
        // Positive control: a binding still alive is told of the change, once.
        let live = track({ model.read }) { _ in }
        cancelled.forEach { $0.cancel() }
        cancelled = []
        let before = Diagnostics.changeNotifications
        model.read += 1
        #expect(Diagnostics.changeNotifications - before == 1, "only the live binding still observes the model")
        _ = live
    }

    @Test("a computed property is tracked through the stored properties it reads")
    func computedThroughStored() {
        let model = FullName()
        var seen: [String] = []
        let tracking = track({ model.full }) { seen.append($0) }
        model.first = "Ada"
        nextTurn()
        model.unrelated = 1
        nextTurn()
        #expect(seen == ["Grace Hopper", "Ada Hopper"])
        _ = tracking
    }

    @Test("an @ObservationIgnored property is never tracked")
    func ignoredNeverTracked() {
        let model = HasIgnoredProperty()
        var seen: [String] = []
        let tracking = track({ "\(model.ignored) \(model.tracked)" }) { seen.append($0) }
        model.ignored = 42
        nextTurn()
        #expect(seen == ["0 0"])
        // Positive control: a tracked property read by the same binding updates it
        // (and the ignored one is read again then).
        model.tracked = 1
        nextTurn()
        #expect(seen == ["0 0", "42 1"])
        _ = tracking
    }

    @Test("tracking fires once per change, then is re-armed for the next")
    func oneShotThenRearmed() {
        let model = Counter()
        var seen: [Int] = []
        let tracking = track({ model.count }) { seen.append($0) }
        model.count = 1
        #expect(UpdateScheduler.hasPendingUpdates)
        nextTurn()
        model.count = 2
        nextTurn()
        #expect(seen == [0, 1, 2])
        _ = tracking
    }

    @Test("a binding created inside another's update is tracked on its own")
    func nestedBindings() {
        let model = TwoValues()
        var outerRuns = 0
        var innerRuns = 0
        var inner: Tracking?
        let outer = track({ model.a }) { _ in
            outerRuns += 1
            inner = track({ model.b }) { _ in innerRuns += 1 }
        }
        model.b += 1
        nextTurn()
        #expect(outerRuns == 1 && innerRuns == 2)
        model.a += 1
        nextTurn()
        #expect(outerRuns == 2 && innerRuns == 3)
        _ = (outer, inner)
    }

    @Test("1,000 writes in one turn produce one update with the last value")
    func writesCoalesce() {
        let model = Counter()
        var seen: [Int] = []
        let tracking = track({ model.count }) { seen.append($0) }
        for value in 1...1_000 { model.count = value }
        nextTurn()
        #expect(seen == [0, 1_000])
        _ = tracking
    }

    @Test("an ended binding frees the model it watched: no cycle through the model's registrar")
    func endedBindingFreesItsModel() {
        // The binding holds the model strongly; the model's registrar holds the
        // binding's change handler until the next change. Only a handler that holds
        // its binding weakly lets both go when the binding ends.
        var model: Counter? = Counter()
        weak let weakModel = model
        let effectsBefore = Diagnostics.liveEffects
        var tracking: Tracking? = track({ [model] in model?.count ?? -1 }) { _ in }
        model = nil
        #expect(weakModel != nil, "the binding keeps its model while it runs")
        tracking = nil
        #expect(weakModel == nil)
        #expect(Diagnostics.liveEffects == effectsBefore)
        _ = tracking
    }

    @Test("a cancelled binding never updates again")
    func cancelledBinding() {
        let model = Counter()
        var runs = 0
        var controlRuns = 0
        let tracking = track({ model.count }) { _ in runs += 1 }
        // Positive control: a binding on the same property, left running.
        let control = track({ model.count }) { _ in controlRuns += 1 }
        tracking.cancel()
        model.count = 5
        nextTurn()
        #expect(runs == 1)
        #expect(controlRuns == 2)
        _ = control
    }
}

// MARK: - Fixtures

@Observable @MainActor private final class ReadAndUnread {
    var read = 0
    var unread = 0
}

@Observable @MainActor private final class FullName {
    var first = "Grace"
    var last = "Hopper"
    var unrelated = 0
    var full: String { "\(first) \(last)" }
}

@Observable @MainActor private final class HasIgnoredProperty {
    @ObservationIgnored var ignored = 0
    var tracked = 0
}

@Observable @MainActor private final class Counter {
    var count = 0
}

@Observable @MainActor private final class TwoValues {
    var a = 0
    var b = 0
}
