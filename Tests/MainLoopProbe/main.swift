// Runs GTK's main loop the way the app does (from top-level code on the
// process's main thread) and checks that the three ways of reaching the main
// actor all execute inside it. GtkKitTests launches this and reads its output.
import CGtk
import Dispatch
import Foundation
@_spi(Diagnostics) import GtkKit
import Observation

guard gtk_init_check() != 0 else {
    print("probe: no display")
    exit(2)
}

final class Results: @unchecked Sendable {
    var task = false
    var dispatch = false
    var mainActorRun = false
    var all: Bool { task && dispatch && mainActorRun }
}
let results = Results()

@MainActor @Observable final class Status {
    var text = "waiting"
}
let status = Status()

let window = Window(title: "Main loop probe", width: 200, height: 100) { Text { status.text } }
window.present()

Task { @MainActor in
    results.task = true
    status.text = "task ran"
}
DispatchQueue.main.async { results.dispatch = true }
Task.detached {
    await MainActor.run { results.mainActorRun = true }
}

let finished = MainLoop.run(until: { results.all }, timeout: .seconds(10))
MainLoop.drain()
print("task=\(results.task) dispatch=\(results.dispatch) mainactor-run=\(results.mainActorRun)")
window.close()
exit(finished ? 0 : 1)
