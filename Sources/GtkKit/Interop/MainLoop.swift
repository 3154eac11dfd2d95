import CGtk
import CGtkShim
import Dispatch
import FoundationEssentials

/// The GLib main loop as the app's run loop.
public enum MainLoop {
    /// Attaches libdispatch's main queue to the default GMainContext, so that
    /// `Task { @MainActor in }`, `DispatchQueue.main.async` and
    /// `await MainActor.run` execute while GTK runs. Idempotent.
    public static func attach() {
        gtkkit_attach_main_queue()
    }

    /// Marks the main queue, once, so any thread can tell whether it services it.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main queue, which is the main actor's
    /// executor: the main thread in an app (libdispatch makes the main queue
    /// current there), possibly a worker thread that services the main queue
    /// after `dispatch_main()` (as test runners do).
    // NB: not Thread.isMainThread, which costs a getpid() system call per
    // model write on Linux.
    nonisolated static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Runs `action` once on a later main-loop iteration, when nothing more urgent waits.
    @MainActor
    public static func idle(_ action: @escaping @MainActor () -> Void) {
        let box = VoidAction(action).retainedPointer()
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
            MainActor.assumeIsolated { VoidAction.from(data).function() }
            return 0  // G_SOURCE_REMOVE
        }, box, VoidAction.release)
    }

    /// Runs `action` on the main loop's thread, from any thread: how work done elsewhere
    /// (on a queue that makes blocking calls) reports back to the main actor.
    ///
    /// It is a GLib source, so it runs wherever the loop is iterated — also inside a test
    /// that pumps the loop while it holds the main actor, where a `Task` hopping to the
    /// main actor would wait until the test ends.
    public nonisolated static func post(_ action: @escaping @Sendable @MainActor () -> Void) {
        // NB: g_idle_add_full is safe from any thread and wakes the loop; at the default
        // priority it is not held back by layout and drawing as idle work is.
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            // safe: GLib hands back the pointer given below, never NULL.
            let action = Unmanaged<PostedAction>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { action.function() }
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passRetained(PostedAction(action)).toOpaque(), PostedAction.release)
    }

    /// Runs one main-loop iteration; returns whether an event source was dispatched.
    @discardableResult
    public static func iterate(blocking: Bool = false) -> Bool {
        g_main_context_iteration(nil, blocking ? 1 : 0) != 0
    }

    /// Iterates the main loop until `condition` holds or `timeout` passes.
    ///
    /// When nothing is pending it blocks in the loop, woken at least every
    /// few milliseconds, so it waits for events instead of spinning or sleeping.
    /// - Returns: whether the condition held.
    @MainActor @discardableResult
    public static func run(
        until condition: () -> Bool, timeout: Duration = .seconds(5)
    ) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while !condition() {
            if clock.now >= deadline { return condition() }
            if g_main_context_pending(nil) != 0 {
                g_main_context_iteration(nil, 0)
            } else {
                let wake = g_timeout_add(5, { _ in 0 }, nil)
                g_main_context_iteration(nil, 1)
                // The wake-up source removes itself when it fires; remove it
                // if another event woke the loop first.
                if let source = g_main_context_find_source_by_id(nil, wake),
                   g_source_is_destroyed(source) == 0 {
                    g_source_destroy(source)
                }
            }
        }
        return true
    }

    /// Dispatches everything already pending, without blocking.
    @MainActor
    public static func drain() {
        while g_main_context_pending(nil) != 0 {
            g_main_context_iteration(nil, 0)
        }
    }
}

/// A closure on its way to the main loop from another thread (``MainLoop/post(_:)``).
private final class PostedAction: Sendable {
    let function: @Sendable @MainActor () -> Void

    init(_ function: @escaping @Sendable @MainActor () -> Void) { self.function = function }

    // safe: GLib calls a destroy-notify with the data it was given, never NULL.
    static let release: GDestroyNotify = { Unmanaged<PostedAction>.fromOpaque($0!).release() }
}

/// One GSource that runs a callback on the next main-loop iteration after a wake-up,
/// at a fixed priority; waking it again before it runs costs nothing.
struct FlushSource {
    private let source: UnsafeMutablePointer<GSource>

    /// A source at G_PRIORITY_HIGH_IDLE: after input, before GTK lays out (110) and
    /// draws (120), so what it changes lands in the same frame.
    init(_ callback: @escaping @convention(c) () -> Void) {
        // safe: GLib constructors abort on out-of-memory; they never return NULL.
        source = gtkkit_flush_source_new(callback, G_PRIORITY_HIGH_IDLE)!
    }

    func wake() { gtkkit_flush_source_wake(source) }
}
