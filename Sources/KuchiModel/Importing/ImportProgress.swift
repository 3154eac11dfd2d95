import Synchronization

/// How far an import has come, and its Cancel button: shared between the thread that
/// imports and the window that shows it.
///
/// The window makes one for each import, hands it to ``DeckCatalog/import(_:mappings:limits:takenIDs:progress:beforeListing:)``
/// (or ``DeckImporter``'s `read`, `fieldMappings` and `check`) on a thread of their own,
/// shows ``phase`` and ``fraction`` as they change, and calls ``cancel()`` for the
/// learner. The import looks at it between every few rows of the package's tables, every
/// chunk it unpacks, and inside SQLite's own loops (a progress handler), so a
/// cancelled import stops within milliseconds, throwing a ``DeckError`` that
/// ``isCancelled`` tells from a refusal; nothing it made is left behind.
///
/// Lock-free: every property is an atomic, so reading it from the main thread never
/// waits for the import.
public final class ImportProgress: Sendable {
    /// What the import is doing.
    public enum Phase: Int, Sendable, Equatable {
        /// Not started yet.
        case waiting
        /// Unpacking the package's collection (its SQLite file) to the scratch folder.
        case unpacking
        /// Reading the notes and making cards of them.
        case readingNotes
        /// Reading the review history, newest first.
        case readingReviews
        /// Unpacking the sounds the cards use.
        case unpackingSounds
        /// Replaying the review history into Kuchi's schedule (the app's part of the
        /// import, ``DeckCatalog/import(_:mappings:limits:takenIDs:progress:beforeListing:)``).
        case replayingHistory
        /// Done, one way or another.
        case finished
    }

    private let cancelled = Atomic<Bool>(false)
    private let currentPhase = Atomic<Int>(Phase.waiting.rawValue)
    /// The fraction's bits (a `Double`), or `UInt64.max` for none.
    private let fractionBits = Atomic<UInt64>(UInt64.max)
    private let onChange: @Sendable (ImportProgress) -> Void

    /// - Parameter onChange: called with this progress, on the importing thread, whenever
    ///   its phase changes (the window can post a redraw from it; a test can cancel at a
    ///   phase).
    public init(onChange: @escaping @Sendable (ImportProgress) -> Void = { _ in }) {
        self.onChange = onChange
    }

    /// Asks the import to stop as soon as it next looks (within milliseconds).
    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    public var phase: Phase { Phase(rawValue: currentPhase.load(ordering: .relaxed)) ?? .waiting }

    /// How much of the current phase is done, from 0 to 1, when that is known (the
    /// unpacking of the package's bytes); nil when it is not (a table's rows are read
    /// without counting them first, which would cost a pass of its own).
    public var fraction: Double? {
        let bits = fractionBits.load(ordering: .relaxed)
        return bits == UInt64.max ? nil : Double(bitPattern: bits)
    }

    /// Enters `phase`, its fraction unknown until the import says how far it has come.
    public func begin(_ phase: Phase) {
        fractionBits.store(UInt64.max, ordering: .relaxed)
        guard currentPhase.exchange(phase.rawValue, ordering: .relaxed) != phase.rawValue else { return }
        onChange(self)
    }

    /// Sets how much of the current phase is done.
    func advance(to fraction: Double) {
        fractionBits.store(min(max(fraction, 0), 1).bitPattern, ordering: .relaxed)
    }
}
