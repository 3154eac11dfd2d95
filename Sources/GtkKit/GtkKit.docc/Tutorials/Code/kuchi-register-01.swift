import GtkKit

/// Asks for the player's name.
struct RegisterView: View {
    @Environment(QuizModel.self) private var model

    var body: some View {
        @Bindable var model = model
        VStack(spacing: 12) {
            Text("Welcome to Kuchi")
                .cssClass("title-1")
            TextField("Type your name…", text: $model.userName)
        }
        .frame(width: 320)
        .align(horizontal: .center, vertical: .center)
    }
}
