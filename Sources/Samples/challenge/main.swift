// The seeds' ChallengeView and ScoreView from SwiftUI's data-flow chapter, on GtkKit:
// `@State` owned by a view, handed to a child as a `@Binding`.
import Foundation
import GtkKit

struct ChallengeView: View {
    let question = "はい"
    let choices = ["yes", "no", "please"]
    let numberOfQuestions = 5

    @State private var showAnswers = false
    @State private var numberOfAnswered = 0

    var body: some View {
        VStack(spacing: 16) {
            Button(question) { showAnswers.toggle() }
                .cssClass("title-1", "flat")
                .align(horizontal: .center)
            If({ showAnswers }) {
                VStack(spacing: 8) {
                    ForEach({ choices }, id: \.self) { choice in
                        Button(choice) {
                            numberOfAnswered += 1
                            showAnswers = false
                        }
                    }
                }
            }
            ScoreView(numberOfAnswered: $numberOfAnswered, numberOfQuestions: numberOfQuestions)
        }
        .align(horizontal: .center, vertical: .center)
        .padding(24)
    }
}

struct ScoreView: View {
    @Binding var numberOfAnswered: Int
    let numberOfQuestions: Int

    var body: some View {
        HStack(spacing: 8) {
            Text { "\(numberOfAnswered)/\(numberOfQuestions)" }
                .cssClass("title-2")
            Button("Reset") { numberOfAnswered = 0 }
                .enabled { numberOfAnswered > 0 }
        }
        .align(horizontal: .center)
    }
}

let app = Application(id: "io.github.kuchi.Challenge")
app.onActivate { app in
    Window(title: "Challenge", width: 360, height: 320, application: app) {
        ChallengeView()
    }.present()
}
app.addAction("quit", accelerators: ["<Control>q"]) { app.quit() }
exit(app.run())
