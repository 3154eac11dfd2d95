import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `.onChange`, `.task` and `.onDisappear`: work tied to a view's life.
    @Suite("Lifecycle modifiers") @MainActor
    struct LifecycleModifierTests {
        @Test("onChange fires once per change, with the old and new value, and not for an equal value")
        func onChangeOncePerChange() {
            let model = LifecycleModel()
            var changes: [[Int]] = []
            // The tens of the count: most writes to the count leave it equal.
            let window = showWindow {
                Text("watched").onChange(of: model.count / 10) { old, new in changes.append([old, new]) }
            }
            defer { window.close() }
            #expect(changes.isEmpty, "not when built")
            // Positive control: a reader of the same value re-reads it on each write, so
            // onChange re-read it too and let the equal value pass.
            var reads = 0
            let reader = track({ model.count / 10 }) { _ in reads += 1 }
            model.count = 3
            nextTurn()
            #expect(reads == 2, "the write made readers re-read")
            #expect(changes.isEmpty, "an equal value is no change")
            model.count = 12
            nextTurn()
            #expect(changes == [[0, 1]])
            model.count = 25
            model.count = 31
            nextTurn()
            #expect(changes == [[0, 1], [1, 3]], "two writes in one turn are one change")
            reader.cancel()
        }

        @Test("onChange with initial also fires once when built, with the current value as old and new")
        func onChangeInitial() {
            let model = LifecycleModel()
            model.count = 5
            var withInitial: [[Int]] = []
            var without: [[Int]] = []
            let window = showWindow {
                VStack {
                    Text("a").onChange(of: model.count, initial: true) { old, new in withInitial.append([old, new]) }
                    Text("b").onChange(of: model.count) { old, new in without.append([old, new]) }
                }
            }
            defer { window.close() }
            #expect(withInitial == [[5, 5]])
            #expect(without.isEmpty, "control: without initial, nothing when built")
            model.count = 6
            nextTurn()
            #expect(withInitial == [[5, 5], [5, 6]])
            #expect(without == [[5, 6]])
        }

        @Test("task starts when its view is built and is cancelled when the view is removed")
        func taskCancelledWithItsView() async {
            let model = LifecycleModel()
            let probe = TaskProbe()
            // Work that lasts until cancelled: a stream nobody finishes.
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            let (keptStream, keptContinuation) = AsyncStream<Int>.makeStream()
            let window = showWindow {
                VStack {
                    If({ model.isShown }) {
                        Text("goes").task {
                            probe.started += 1
                            for await _ in stream {}
                            probe.cancelled = Task.isCancelled
                        }
                    }
                    // Positive control: a task of a view that stays runs on.
                    Text("stays").task {
                        probe.keptStarted = true
                        for await _ in keptStream {}
                        probe.keptEnded = true
                    }
                }
            }
            defer {
                continuation.finish()
                keptContinuation.finish()
            }
            await settle(until: { probe.started == 1 && probe.keptStarted }, "both tasks started")
            model.isShown = false
            await settle(until: { probe.cancelled != nil }, "the removed view's task ended")
            #expect(probe.cancelled == true, "it ended because it was cancelled")
            #expect(probe.started == 1, "started once")
            #expect(!probe.keptEnded, "the task of the view that stays is still running")
            window.close()
            await settle(until: { probe.keptEnded }, "closing the window cancels the rest")
        }

        @Test("onDisappear runs when its view is removed, not when it is built or while it shows")
        func onDisappearWhenRemoved() {
            let model = LifecycleModel()
            var appeared = 0
            var disappeared = 0
            let window = showWindow {
                If({ model.isShown }) {
                    Text("goes")
                        .onAppear { appeared += 1 }
                        .onDisappear { disappeared += 1 }
                }
            }
            defer { window.close() }
            // Positive control: the same widget's map was seen, so its unmap would be.
            pump(until: { appeared == 1 }, "shown")
            nextTurn()
            #expect(disappeared == 0)
            model.isShown = false
            pump(until: { disappeared == 1 }, "removed")
            nextTurn()
            #expect(disappeared == 1, "once")
        }
    }
}

/// Iterates the main loop and lets main-actor tasks run until `condition` holds: a
/// synchronous pump would not let them (test runners run the main actor's queue only
/// when a test awaits).
@MainActor
private func settle(
    until condition: () -> Bool, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
) async {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(5))
    while !condition() && clock.now < deadline {
        MainLoop.iterate()
        await Task.yield()
    }
    #expect(condition(), comment, sourceLocation: sourceLocation)
}

@Observable @MainActor private final class LifecycleModel {
    var count = 0
    var isShown = true
}

@MainActor private final class TaskProbe {
    var started = 0
    var cancelled: Bool?
    var keptStarted = false
    var keptEnded = false
}
