// A window with a label, which says when the label is on screen and quits: the
// consumer-package test runs it and waits for that line.
import Foundation
import GtkKit

let app = Application(id: "io.github.kuchi.GtkKitConsumer")
app.onActivate { app in
    Window(title: "Hello", width: 360, height: 240, application: app) {
        Text("Hello from GtkKit")
            .padding(24)
            .onAppear {
                print("shown: Hello from GtkKit")
                app.quit()
            }
    }.present()
}
exit(app.run())
