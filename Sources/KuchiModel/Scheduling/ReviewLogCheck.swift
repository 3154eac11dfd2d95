import Synchronization

/// The background check of the review log (``ReviewStore/checkReviewLog(path:until:)``),
/// which opening leaves out to open fast, run `delay` after the store opens, on a thread
/// of its own; and stopped when the store closes.
///
/// Why it must stop: the check reads through a read-only connection of its own, and a
/// read-only connection makes SQLite's `-wal` and `-shm` files when they are missing
/// and cannot remove them when it closes (removing them takes the write lock, which a
/// read-only file cannot hold). A check that opened after the store closed (the quit
/// came within its delay: a store that opened late, once a full disk had space again,
/// is checked a few seconds before a quit that follows) left an empty `-wal` and a
/// `-shm` beside a database the quit had just brought up to date; and a check still
/// reading as the store closed kept the store's own connection from removing them.
/// ``stop()`` runs before the store's connection closes: a check not yet begun never
/// begins, and one under way is interrupted and waited for.
struct ReviewLogCheck {
    /// Waits, checks, and reports what it found, unless stopped first; ends at once
    /// when stopped while it waits.
    let task: Task<Void, Never>
    private let gate: Gate

    /// Checks the log of the database at `path` `delay` from now; gives `report` the
    /// damage found, or nil. Nothing is changed either way, and nothing is reported
    /// once stopped.
    init(path: String, after delay: Duration, report: @escaping @MainActor (_ damage: ReviewStoreError?) -> Void) {
        let gate = Gate()
        self.gate = gate
        task = Task.detached(priority: .background) {
            try? await Task.sleep(for: delay)
            guard let outcome = gate.check(path: path) else { return }
            switch outcome {
            case .success: await report(nil)
            case .failure(let damage): await report(damage)
            }
        }
    }

    /// Keeps the check off the file from now on; returns once no check is reading it.
    /// Called on the main actor as the store closes: it waits only for a check under
    /// way, which the interruption ends within a few thousand SQLite steps.
    func stop() {
        gate.close()
        // A check still waiting ends now rather than after its delay.
        task.cancel()
    }

    /// Whether the store has closed, shared by the main actor and the check's thread.
    private final class Gate: Sendable {
        /// Set by ``close()``. The check holds the lock while it reads, so closing waits
        /// for a check under way, and a check after it finds the store closed.
        private let isClosed = Mutex(false)
        /// Read by the check's progress handler, without the lock: closing interrupts it.
        private let isStopping = Atomic(false)

        /// Checks the log, unless the store has closed: the outcome, or nil if it did not
        /// run or was interrupted.
        func check(path: String) -> Result<Void, ReviewStoreError>? {
            isClosed.withLock { closed -> Result<Void, ReviewStoreError>? in
                guard !closed else { return nil }
                do throws(ReviewStoreError) {
                    try ReviewStore.checkReviewLog(path: path) { [self] in isStopping.load(ordering: .relaxed) }
                    return .success(())
                } catch {
                    // Interrupted: it found nothing, either way.
                    return isStopping.load(ordering: .relaxed) ? nil : .failure(error)
                }
            }
        }

        func close() {
            isStopping.store(true, ordering: .relaxed)
            isClosed.withLock { $0 = true }
        }
    }
}
