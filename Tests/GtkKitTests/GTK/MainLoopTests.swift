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

        @Test("post runs a closure from another thread on the main loop, also while a test pumps it")
        func postFromAnotherThread() {
            let box = Posted()
            DispatchQueue.global().async {
                MainLoop.post { box.ranOnMainQueue = MainLoop.isOnMainQueue }
            }
            pump(until: { box.ranOnMainQueue != nil }, "the posted closure ran")
            #expect(box.ranOnMainQueue == true)
        }
    }
}

@MainActor private final class Posted {
    var ranOnMainQueue: Bool?
}
