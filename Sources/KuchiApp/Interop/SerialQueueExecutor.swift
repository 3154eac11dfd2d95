import Dispatch

/// Runs an actor's work, one job at a time, on a serial dispatch queue: for actors
/// whose calls block (on a socket, say), which must stay off both the main thread and
/// Swift's cooperative pool, whose few threads every task shares.
// NB: swift-corelibs-libdispatch has no DispatchSerialQueue, which is an executor
// itself on Apple platforms.
final class SerialQueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
