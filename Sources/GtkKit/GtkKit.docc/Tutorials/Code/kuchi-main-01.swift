import Foundation
import GtkKit

let app = Application(id: "com.example.Kuchi")
app.onActivate { app in
    Window(
        title: "Kuchi", width: 800, height: 600, application: app,
        headerBar: HeaderBar(menu: [])
    ) {
        Text("Kuchi")
    }.present()
}
exit(app.run())
