import Foundation
import GtkKit

let model = QuizModel()

let app = Application(id: "com.example.Kuchi")
app.onActivate { app in
    Window(
        title: "Kuchi", width: 800, height: 600, application: app,
        headerBar: HeaderBar(menu: [])
    ) {
        ContentView()
            .environment(model)
    }.present()
}
exit(app.run())
