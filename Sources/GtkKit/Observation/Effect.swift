import FoundationEssentials
import Observation

/// A unit of reactive work: a tracked `compute` and an untracked `apply`.
///
/// `compute` runs inside `withObservationTracking`, so exactly the
/// properties it reads are observed. Observation fires once, before the
/// change (willSet); the effect then re-runs on the next main-loop turn,
/// which re-arms tracking. `apply` runs outside tracking, so anything it
/// builds (child widgets and their own bindings) is tracked separately.
@MainActor
final class AnyEffect {
    /// What the effect binds ("label", "visible"): static, so naming a binding costs
    /// nothing unless `GTKKIT_DEBUG=updates` asks for its label.
    let name: StaticString
    /// The widget it writes, if any.
    private weak var owner: Widget?
    /// Read and written by the scheduler from Observation's onChange, which
    /// runs on the main queue but outside the actor's static isolation.
    nonisolated(unsafe) var flags = Flags()
    struct Flags {
        var isCancelled = false
        var isScheduled = false
    }
    var isCancelled: Bool { flags.isCancelled }
    // NB: the value type is erased into two closures sharing one box, so the
    // hot path (`run`) is not generic; generic code across the class
    // boundary would run unspecialized.
    private let compute: @MainActor () -> Void
    private let apply: @MainActor () -> Void
    /// Read by every run, written by ``cancel()``: the write fires the effect's
    /// tracking, which takes it out of every model it observes.
    // NB: Observation has no way to cancel a `withObservationTracking`; without this a
    // cancelled binding stayed registered, a few hundred bytes each, in every model it
    // had read until one of those properties changed — for a name or a size class,
    // never, so each practice session's rebuilt views added about 7 KiB for good.
    private let cancellation = StateChanges()
    /// `compute` with the read of ``cancellation``, built once.
    private let tracked: @MainActor () -> Void
    /// Built once: a new weak-capturing closure per run would allocate.
    private var onChange: @Sendable () -> Void = {}

    fileprivate init(
        name: StaticString, owner: Widget?, compute: @escaping @MainActor () -> Void,
        apply: @escaping @MainActor () -> Void
    ) {
        self.name = name
        self.owner = owner
        self.compute = compute
        self.apply = apply
        tracked = { [cancellation] in
            cancellation.access()
            compute()
        }
        Diagnostics.liveEffects += 1
        onChange = { [weak self] in UpdateScheduler.enqueue(self) }
    }

    isolated deinit { Diagnostics.liveEffects -= 1 }

    /// "GtkLabel.label", for debug logs.
    var label: String { owner.map { "\($0.typeName).\(name)" } ?? "\(name)" }

    func run() {
        guard !isCancelled else { return }
        Diagnostics.evaluations += 1
        if Diagnostics.logsUpdates { Diagnostics.log("evaluate \(label)") }
        withObservationTracking(tracked, onChange: onChange)
        guard !isCancelled else { return }
        apply()
    }

    func cancel() {
        guard !flags.isCancelled else { return }
        flags.isCancelled = true
        cancellation.mutate {}
    }
}

/// Creates an effect whose tracked `compute` hands its value to `apply`.
@MainActor
func makeEffect<Value>(
    name: StaticString,
    owner: Widget? = nil,
    compute: @escaping @MainActor () -> Value,
    apply: @escaping @MainActor (Value) -> Void
) -> AnyEffect {
    let box = ValueBox<Value>()
    return AnyEffect(
        name: name, owner: owner,
        compute: { box.value = compute() },
        apply: {
            guard let value = box.value else { return }
            box.value = nil
            apply(value)
        })
}

@MainActor
private final class ValueBox<Value> {
    var value: Value?
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
    label: StaticString = "track",
    apply: @escaping @MainActor (Value) -> Void
) -> Tracking {
    let effect = makeEffect(name: label, compute: compute, apply: apply)
    effect.run()
    return Tracking(effect)
}
