// The classic counter from SwiftUI's data-flow chapter, on GtkKit.
import GtkKit
import Foundation
import Observation

@MainActor @Observable
final class Counter {
    var count = 0
}

struct CounterView: View {
    let counter: Counter

    var body: some View {
        VStack(spacing: 12) {
            Text { "Count: \(counter.count)" }
                .cssClass("title-1")
            Button("+") { counter.count += 1 }
                .accessibilityLabel("Increment")
                .cssClass("suggested-action", "circular")
                .align(horizontal: .center)
        }
        .align(horizontal: .center, vertical: .center)
        .padding(24)
    }
}

let app = Application(id: "io.github.kuchi.Counter")
app.onActivate { app in
    Window(title: "Counter", width: 360, height: 240, application: app) {
        CounterView(counter: Counter())
    }.present()
}
app.addAction("quit", accelerators: ["<Control>q"]) { app.quit() }
exit(app.run())
