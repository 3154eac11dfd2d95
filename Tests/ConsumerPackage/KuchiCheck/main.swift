// The tutorial's Kuchi (Sources/GtkKit/GtkKit.docc/Tutorials) played through one
// session in a window, the way a player would go: tools/test-consumer-package.sh
// builds the tutorial's last files with this file in place of their main.swift, runs
// it under Xvfb and compares what it prints with what a session must show.
//
// Each move changes the model as a button would, then waits until the main loop has
// nothing left to do (the bindings have run and GTK has laid out), and prints the
// screen the model is at with whether the window reacted: a new screen builds its
// widgets, a new question writes the labels. Narrowing the window during the
// challenge must rebuild the choices (a column instead of a row).
@_spi(Diagnostics) import GtkKit
import Foundation

let model = QuizModel(questionsPerSession: 3)
let app = Application(id: "io.github.kuchi.TutorialCheck")
var window: Window?

/// What a move did to the window: widgets built, widget writes.
@MainActor func counts() -> (built: Int, written: Int) {
    (Diagnostics.widgetsCreated, Diagnostics.widgetWrites)
}

/// Runs each move on an idle turn after the previous one's effects, printing what
/// it led to; then the final line, and quits.
@MainActor func play(_ moves: [(name: String, action: @MainActor () -> Void)]) {
    guard let move = moves.first else {
        print("warnings: \(Diagnostics.warnings.count)")
        Diagnostics.warnings.forEach { print($0) }
        app.quit()
        return
    }
    let before = counts()
    move.action()
    settle {
        let after = counts()
        print("\(move.name): screen \(model.screen), score \(model.score), \(window?.environment.horizontalSizeClass.description ?? "no window"), built \(after.built > before.built ? "some" : "none"),"
            + " wrote \(after.written > before.written ? "some" : "none")")
        play(Array(moves.dropFirst()))
    }
}

/// The size class the last move leaves the window in.
var expectedSizeClass = SizeClass.regular

/// Calls `next` on an idle turn once the window is in the size class expected
/// (a resize reaches GTK through the X server), within two seconds.
@MainActor func settle(attempts: Int = 100, _ next: @escaping @MainActor () -> Void) {
    if window?.environment.horizontalSizeClass == expectedSizeClass || attempts == 0 {
        MainLoop.idle(next)
    } else {
        MainLoop.after(.milliseconds(20)) { settle(attempts: attempts - 1, next) }
    }
}

app.onActivate { app in
    let shown = Window(title: "Kuchi", width: 800, height: 600, application: app) {
        ContentView()
            .environment(model)
    }
    window = shown
    shown.present()
    settle {
        print("shown: screen \(model.screen)")
        play([
            ("too short", { model.userName = "Al"; model.register() }),
            ("register", { model.userName = "Ana"; model.register() }),
            ("start", { model.start() }),
            ("right", { model.answer(model.question.answer) }),
            ("narrow", { expectedSizeClass = .compact; shown.resize(width: 360, height: 640) }),
            ("wrong", { model.answer("") }),
            ("right", { model.answer(model.question.answer) }),
            ("play again", { model.playAgain() }),
        ])
    }
}
exit(app.run())
