import Foundation
import Observation

/// A unit of reactive work: a tracked `compute` and an untracked `apply`.
///
/// `compute` runs inside `withObservationTracking`, so exactly the
/// properties it reads are observed. Observation fires once, before the
/// change (willSet); the effect then re-runs on the next main-loop turn,
/// which re-arms tracking. `apply` runs outside tracking, so anything it
/// builds (child widgets and their own bindings) is tracked separately.
@MainActor
class AnyEffect {
    let label: String
    fileprivate(set) var isCancelled = false
    var isScheduled = false

    init(label: String) {
        self.label = label
        Diagnostics.liveEffects += 1
    }

    isolated deinit { Diagnostics.liveEffects -= 1 }

    func run() {}

    func cancel() { isCancelled = true }
}

@MainActor
final class Effect<Value>: AnyEffect {
    private let compute: @MainActor () -> Value
    private let apply: @MainActor (Value) -> Void

    init(
        label: String,
        compute: @escaping @MainActor () -> Value,
        apply: @escaping @MainActor (Value) -> Void
    ) {
        self.compute = compute
        self.apply = apply
        super.init(label: label)
    }

    override func run() {
        guard !isCancelled else { return }
        Diagnostics.evaluations += 1
        Diagnostics.log("evaluate \(label)")
        let value = withObservationTracking(compute) { [weak self] in
            UpdateScheduler.enqueue(self)
        }
        guard !isCancelled else { return }
        apply(value)
    }
}

/// Keeps an observation alive; cancels it when released.
///
/// The headless form of a binding: `track { model.count } apply: { print($0) }`.
@MainActor
public final class Tracking {
    private let effect: AnyEffect

    init(_ effect: AnyEffect) { self.effect = effect }

    isolated deinit { effect.cancel() }

    /// Stops further updates.
    public func cancel() { effect.cancel() }
}

/// Evaluates `compute` now and re-evaluates it, coalesced once per main-loop
/// turn, whenever state it read changes; `apply` receives each result.
@MainActor
public func track<Value>(
    _ compute: @escaping @MainActor () -> Value,
    label: String = "track",
    apply: @escaping @MainActor (Value) -> Void
) -> Tracking {
    let effect = Effect(label: label, compute: compute, apply: apply)
    effect.run()
    return Tracking(effect)
}
