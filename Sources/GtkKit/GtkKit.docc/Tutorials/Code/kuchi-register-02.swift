import GtkKit

/// Asks for the player's name, counting its characters.
struct RegisterView: View {
    @Environment(QuizModel.self) private var model

    var body: some View {
        @Bindable var model = model
        VStack(spacing: 12) {
            Text("Welcome to Kuchi")
                .cssClass("title-1")
            HStack {
                TextField("Type your name…", text: $model.userName)
                    .expand(horizontal: true)
                Text { "\(model.userName.count)" }
                    .cssClass("success", when: { model.canRegister })
                    .cssClass("error", when: { !model.canRegister })
            }
        }
        .frame(width: 320)
        .align(horizontal: .center, vertical: .center)
    }
}
