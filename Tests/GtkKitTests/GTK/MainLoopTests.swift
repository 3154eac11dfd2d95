import CGtk
import Foundation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// The Swift main actor runs inside GTK's main loop.
    @Suite("Main loop") @MainActor
    struct MainLoopTests {
        @Test("Task { @MainActor }, DispatchQueue.main.async and MainActor.run execute while GTK runs")
        func mainActorInsideGLibLoop() throws {
            // NB: test runners service the main queue from a worker thread
            // after dispatch_main(), so the app's arrangement (GLib loop on
            // the process's main thread) is checked in a child process.
            let (status, text) = try runBuiltProgram("gtkkit-mainloop-probe")
            #expect(text.contains("task=true dispatch=true mainactor-run=true"), "\(text)")
            #expect(status == 0)
        }

        @Test("GTKKIT_DEBUG=updates logs re-evaluations and widget writes; =counts prints totals at exit")
        func debugSwitch() throws {
            let (status, text) = try runBuiltProgram(
                "gtkkit-mainloop-probe", environment: ["GTKKIT_DEBUG": "updates,counts"], standardError: true)
            #expect(status == 0)
            #expect(text.contains("[gtkkit] evaluate GtkLabel.label"), "\(text)")
            #expect(text.contains("[gtkkit] write GtkLabel.label = task ran"), "\(text)")
            #expect(text.range(of: #"\[gtkkit\] counts: evaluations=\d+ widget-writes=\d+"#, options: .regularExpression) != nil)
        }

        @Test("MainLoop.perform from another thread runs on the main loop, in a test that only pumps it")
        func performFromAnotherThread() {
            final class Flag { var value = 0 }
            let flag = Flag()
            let box = UnsafeSendable(flag)
            Thread.detachNewThread {
                MainLoop.perform { box.value.value += 1 }
            }
            let ran = MainLoop.run(until: { flag.value == 1 }, timeout: .seconds(5))
            #expect(ran)
            MainLoop.drain()
            #expect(flag.value == 1, "once")
        }

        @Test("MainLoop.after runs once, no sooner than asked")
        func afterDelay() {
            var runs = 0
            let start = ContinuousClock.now
            var ranAt: ContinuousClock.Instant?
            // A second timer, set when the first runs, for twice its delay: by the time it
            // runs, the first would have run again had it repeated.
            var markerRan = false
            MainLoop.after(.milliseconds(50)) {
                runs += 1
                ranAt = .now
                if runs == 1 { MainLoop.after(.milliseconds(100)) { markerRan = true } }
            }
            #expect(MainLoop.run(until: { runs == 1 }, timeout: .seconds(5)))
            #expect(ranAt.map { $0 - start >= .milliseconds(50) } ?? false)
            #expect(MainLoop.run(until: { markerRan }, timeout: .seconds(5)), "the second timer ran")
            #expect(runs == 1)
            // Positive control: a 50 ms GLib timeout that repeats has run again by then.
            final class Repeating { var runs = 0, markerRan = false }
            let repeating = Repeating()
            let source = g_timeout_add_full(G_PRIORITY_DEFAULT, 50, { data in
                MainActor.assumeIsolated {
                    let repeating = Unmanaged<Repeating>.fromOpaque(data!).takeUnretainedValue()
                    repeating.runs += 1
                    if repeating.runs == 1 { MainLoop.after(.milliseconds(100)) { repeating.markerRan = true } }
                }
                return 1  // G_SOURCE_CONTINUE
            }, Unmanaged.passUnretained(repeating).toOpaque(), nil)
            #expect(MainLoop.run(until: { repeating.markerRan }, timeout: .seconds(5)), "the second timer ran")
            g_source_remove(source)
            #expect(repeating.runs >= 2, "a timer that repeats is seen by the same check")
        }

        @Test("a main-actor task runs between main-loop iterations inside a test too")
        func taskDuringAsyncPump() async {
            var ran = false
            Task { @MainActor in ran = true }
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: .seconds(5))
            while !ran && clock.now < deadline {
                MainLoop.iterate()
                await Task.yield()
            }
            #expect(ran)
        }
    }
}

/// Hands a main-actor object to another thread that only passes it back to the
/// main actor (``MainLoop/perform(_:)``) and never touches it itself.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
