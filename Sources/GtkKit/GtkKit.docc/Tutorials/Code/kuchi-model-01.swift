import Foundation
import Observation

/// Who plays Kuchi. Main-actor isolated, as the widgets that show it are.
@MainActor @Observable
final class QuizModel {
    var userName = ""
    private(set) var isRegistered = false

    /// A name needs three characters, spaces around it aside.
    var canRegister: Bool {
        userName.trimmingCharacters(in: .whitespaces).count >= 3
    }

    func register() {
        guard canRegister else { return }
        isRegistered = true
    }
}
