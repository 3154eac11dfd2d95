import Foundation
import Observation
import Testing

// Tests of work the model does later (a timer's save, a background check) wait for a
// signal that the work happened, never for a time: a `Flag` set by a callback, or an
// observable property that changes. The timeouts only bound a wait that would
// otherwise never end, and fail the test with a message when they pass: 60 s, since in
// `swift test` the GTK suites run on the same main actor, and one of them can hold it
// for many seconds on a loaded machine (a run with the start-up benchmark beside it
// failed four of these waits at 10 s; the work itself takes milliseconds).

/// Set once, from any thread; a test can wait for it.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    var isSet: Bool { lock.withLock { value } }

    func set() {
        let woken = lock.withLock {
            value = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }

    /// Suspends until the flag is set, or `timeout` has passed; returns whether it is set.
    func wait(upTo timeout: Duration = .seconds(60)) async -> Bool {
        let bound = Task {
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled { wakeWaiters() }
        }
        defer { bound.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isSet = lock.withLock {
                if !value { waiters.append(continuation) }
                return value
            }
            if isSet { continuation.resume() }
        }
        return isSet
    }

    private func wakeWaiters() {
        let woken = lock.withLock {
            defer { waiters = [] }
            return waiters
        }
        for waiter in woken { waiter.resume() }
    }
}

/// Suspends until `condition` holds, checking it again each time an observable property
/// it read changes (Observation says so; nothing polls). Records `comment` as an issue if
/// `timeout` passes first.
@MainActor
func waitUntil(
    _ comment: Comment, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping @MainActor () -> Bool
) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
        let changed = Flag()
        if withObservationTracking(condition, onChange: { changed.set() }) { return }
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero, await changed.wait(upTo: remaining) else {
            Issue.record(comment, sourceLocation: sourceLocation)
            return
        }
    }
}
