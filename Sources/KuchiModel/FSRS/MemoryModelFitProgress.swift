import Synchronization

/// How far a fit of the learner's memory model has come, and its Cancel: shared
/// between the thread that fits and the window that shows it, as ``ImportProgress`` is
/// for an import.
///
/// The training looks at it after every step (a batch of about 512 predictions, a few
/// milliseconds), so a cancelled fit stops within milliseconds. Lock-free: reading it
/// from the main thread never waits for the fit.
public final class MemoryModelFitProgress: Sendable {
    private let cancelled = Atomic<Bool>(false)
    /// The fraction's bits (a `Double`).
    private let fractionBits = Atomic<UInt64>(0)

    public init() {}

    /// Asks the fit to stop as soon as it next looks.
    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// How much of the training is done, from 0 to 1.
    public var fraction: Double { Double(bitPattern: fractionBits.load(ordering: .relaxed)) }

    func advance(to fraction: Double) {
        fractionBits.store(min(max(fraction, 0), 1).bitPattern, ordering: .relaxed)
    }
}
