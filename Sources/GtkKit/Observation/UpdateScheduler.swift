import Dispatch
import FoundationEssentials

/// Coalesces binding re-evaluations into one flush per main-loop turn.
///
/// An effect is queued at most once however many of its inputs change; the
/// flush runs from a single GSource at `G_PRIORITY_HIGH_IDLE`, before GTK's
/// resize (110) and redraw (120), so updates land in the same frame.
@MainActor
public enum UpdateScheduler {
    // NB: nonisolated(unsafe) so that Observation's onChange, already known
    // to run on the main queue, can queue without MainActor.assumeIsolated's
    // executor check on every model write. Only the main queue touches these.
    nonisolated(unsafe) private static var pending: [AnyEffect] = []
    nonisolated(unsafe) private static var source: FlushSource?
    /// A binding that keeps re-scheduling itself within one flush is a cycle.
    private static let cycleLimit = 100_000

    /// Called from Observation's onChange, which runs synchronously on the
    /// writer's thread; off the main thread, hop to it.
    nonisolated static func enqueue(_ effect: AnyEffect?) {
        Diagnostics.changeNotifications += 1
        guard let effect else { return }
        if MainLoop.isOnMainQueue {
            schedule(effect)
        } else {
            let reference = UncheckedBox(effect)
            DispatchQueue.main.async { schedule(reference.value) }
        }
    }

    /// Only on the main queue.
    nonisolated private static func schedule(_ effect: AnyEffect) {
        guard !effect.flags.isScheduled, !effect.flags.isCancelled else { return }
        effect.flags.isScheduled = true
        pending.append(effect)
        wake()
    }

    nonisolated private static func wake() {
        if source == nil {
            source = FlushSource { MainActor.assumeIsolated { UpdateScheduler.flush() } }
        }
        source?.wake()
    }

    /// Whether any binding waits for the next flush (for tests).
    @_spi(Diagnostics) public static var hasPendingUpdates: Bool { !pending.isEmpty }

    /// Runs every queued binding now. The main loop calls this; tests and the
    /// benchmark may call it directly.
    @_spi(Diagnostics) public static func flush() {
        guard !pending.isEmpty else { return }
        Diagnostics.flushes += 1
        var index = 0
        // Effects queued while flushing (a binding that writes a model) run
        // in this same flush.
        while index < pending.count {
            let effect = pending[index]
            effect.flags.isScheduled = false
            effect.run()
            index += 1
            if index == cycleLimit {
                printError("[gtkkit] flush stopped after \(cycleLimit) runs: a binding cycle?")
                pending[index...].forEach { $0.flags.isScheduled = false }
                break
            }
        }
        pending.removeAll(keepingCapacity: true)
    }
}

/// Moves a main-actor object through a Sendable closure to the main queue.
private struct UncheckedBox<Value: AnyObject>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
