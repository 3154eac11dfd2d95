import CGtk
import CGtkShim
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import GtkTestSupport
import KuchiModel
import Testing
@testable import KuchiApp

/// Ctrl+Z: each test calls what the `app.undo` action runs (the harness's window has
/// no application, so no accelerators).
@Suite("Kuchi app: taking back the last answer", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct UndoTests {
    @Test("Learn: Ctrl+Z after marking a card shows it again with the count back, and a toast names it")
    func learnCard() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.state.homePage = .learn
        pump(until: { app.isShown("flash-card") }, "Learn shown")
        let card = try #require(app.models.learn.current)
        let counter = try #require(counterText(app))
        #expect(counter.hasPrefix("Remembered 0/"))
        app.click("remembered")
        pump(until: { counterText(app) != counter }, "the card marked")
        #expect(app.models.learn.current != card)
        #expect(try reviews(of: card, in: app).count == 1)

        app.models.undoLastAnswer(in: app.window)
        pump(until: { counterText(app) == counter }, "the count back")
        #expect(app.models.learn.current == card)
        #expect(!app.models.learn.isFlipped)
        #expect(try reviews(of: card, in: app).isEmpty)
        pump(until: { labels(in: app).contains("Took back your answer to \(card.question)") }, "the toast")

        // Once: a second Ctrl+Z leaves the card and the count as they are.
        app.models.undoLastAnswer(in: app.window)
        MainLoop.drain()
        #expect(app.models.learn.current == card && counterText(app) == counter)
    }

    @Test("Challenge: Ctrl+Z after an answer puts back the score and the question, its choices hidden")
    func challengeAnswer() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        pump(until: { app.text("greeting") == "Hi, Aiko" }, "welcome shown")
        app.startPractice()
        let question = try #require(app.models.challenges.currentChallenge)
        try app.answer(correct: true)
        pump(until: { app.text("score") == "1/5" }, "scored")
        #expect(app.models.challenges.currentChallenge != question)
        #expect(try reviews(of: question.challenge, in: app).count == 1)

        app.models.undoLastAnswer(in: app.window)
        pump(until: { app.text("score") == "0/5" }, "the score back")
        #expect(app.models.challenges.currentChallenge == question)
        pump(until: { !app.isShown("choice-1") }, "the choices hidden")
        #expect(try reviews(of: question.challenge, in: app).isEmpty)
        pump(until: { labels(in: app).contains("Took back your answer to \(question.challenge.question)") }, "the toast")

        // Answered again, it is rated again by that first answer.
        try app.answer(correct: false)
        #expect(try reviews(of: question.challenge, in: app).map(\.review.rating) == [.again])
    }

    @Test("a text entry with the focus keeps Ctrl+Z: its typing is undone, not an answer",
          .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    func entryKeepsUndo() throws {
        let app = try AppHarness()
        defer { app.close() }
        let entry = try #require(app.widget("name-entry"))
        // Typed as a person types: GTK 4.18 keeps no undo step for text a program
        // inserts (GTK 4.8 did), so only real key presses show what Ctrl+Z does.
        try activate(typed(app.window.gtkWindow))
        gtk_widget_grab_focus(entry)
        WindowManager.run("xdotool", ["type", "--delay", "15", "Yuki"])
        pump(until: { String(cString: gtk_editable_get_text(typed(entry))) == "Yuki" }, "Yuki typed")

        app.models.undoLastAnswer(in: app.window)
        MainLoop.drain()
        #expect(String(cString: gtk_editable_get_text(typed(entry))) == "")
    }
}

/// The review log of `card` in the harness's database, read through a store of its own.
@MainActor
private func reviews(of card: Challenge, in app: AppHarness) throws -> [LoggedReview] {
    let path = app.folder.appendingPathComponent("data").appendingPathComponent(AppModels.reviewDatabaseName).path
    return try ReviewStore(path: path).reviews(of: CardID(deck: app.models.deckInUse.key, question: card.question))
}

/// "Remembered 0/5": the Learn page's counter.
@MainActor
private func counterText(_ app: AppHarness) -> String? {
    app.widget("learn-counter").flatMap { descendant(of: $0, type: gtk_label_get_type()) }.map(labelText)
}

/// The text of every label in the window, toasts included.
@MainActor
private func labels(in app: AppHarness) -> [String] {
    var texts: [String] = []
    func collect(_ widget: UnsafeMutablePointer<GtkWidget>) {
        if gtkkit_is_a(widget, gtk_label_get_type()) != 0 { texts.append(labelText(widget)) }
        children(of: widget).forEach(collect)
    }
    collect(typed(app.window.gtkWindow))
    return texts
}
