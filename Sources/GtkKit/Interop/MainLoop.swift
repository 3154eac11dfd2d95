internal import CGtk
internal import CGtkShim
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

    /// Runs `action` on the thread that runs the GLib main loop, at its next iteration;
    /// callable from any thread: how work done on another thread hands its result to
    /// the models. Unlike `await`ing the main actor, it runs whenever the GLib loop is
    /// iterated, also where the main actor's queue is drained only between a test's
    /// steps (a test runner's `dispatch_main()`), so a test that pumps the loop sees it.
    nonisolated public static func perform(_ action: @escaping @Sendable @MainActor () -> Void) {
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            let handOff = HandOff.from(data)
            MainActor.assumeIsolated { handOff.action() }
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passRetained(HandOff(action)).toOpaque(), HandOff.release)
    }

    /// Runs `action` once, `delay` from now, on the main loop.
    @MainActor
    public static func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) {
        _ = timeout(delay, action)
    }

    /// ``after(_:_:)``, returning the GLib source, which `g_source_remove` cancels
    /// (``Window/after(_:_:)`` does, when its window goes).
    @MainActor
    static func timeout(_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> guint {
        let milliseconds = delay.components.seconds * 1_000 + delay.components.attoseconds / 1_000_000_000_000_000
        return g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: max(milliseconds, 0)), { data in
            MainActor.assumeIsolated { VoidAction.from(data).function() }
            return 0  // G_SOURCE_REMOVE
        }, VoidAction(action).retainedPointer(), VoidAction.release)
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

/// A main-actor closure handed from another thread to the GLib loop (``MainLoop/perform(_:)``).
private final class HandOff: Sendable {
    let action: @Sendable @MainActor () -> Void

    init(_ action: @escaping @Sendable @MainActor () -> Void) { self.action = action }

    static func from(_ data: gpointer?) -> HandOff {
        // safe: GLib hands back the pointer `perform` gave it, never NULL.
        Unmanaged<HandOff>.fromOpaque(data!).takeUnretainedValue()
    }

    // safe (the `$0!`): GLib calls a destroy-notify with the data it was given, never NULL.
    static let release: GDestroyNotify = { Unmanaged<HandOff>.fromOpaque($0!).release() }
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
