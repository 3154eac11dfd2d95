import CGtk
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import KuchiModel
import TemporaryFolderFixture
import Testing
@testable import KuchiApp

/// The app driven through its real widgets, under a display.
@Suite("Kuchi app", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct SessionTests {
    @Test("register, start, answer until congratulations, play again")
    func fullSession() throws {
        let app = try AppHarness()
        defer { app.close() }
        // Register: OK stays insensitive until the trimmed name has 3 characters.
        let entry = try #require(app.widget("name-entry"))
        var position: Int32 = 0
        gtk_editable_insert_text(typed(entry), "  Yu", -1, &position)
        MainLoop.drain()
        #expect(gtk_widget_is_sensitive(app.widget("register-ok")!) == 0)
        #expect(app.text("name-count") == "2")
        gtk_editable_insert_text(typed(entry), "ki", -1, &position)
        MainLoop.drain()
        #expect(app.text("name-count") == "4")
        app.click("register-ok")
        #expect(app.models.state.screen == .home)
        #expect(app.models.state.homePage == .challenge)
        pump(until: { app.text("greeting") == "Hi, Yuki" }, "welcome built")
        #expect(FileManager.default.fileExists(atPath: app.folder.appendingPathComponent("config/profile.json").path))

        app.startPractice()
        #expect(app.models.state.challengeStep == .practice)
        #expect(app.text("score") == "0/5")
        #expect(!app.isShown("choice-1"), "choices hidden at the start of a question")

        // A wrong answer keeps the question.
        app.click("question")
        #expect(app.isShown("choice-1"))
        let question = app.models.challenges.currentChallenge
        app.click(try #require(app.choiceName(correct: false)))
        pump(until: { app.dialog != nil }, "feedback shown")
        #expect(app.dialogTexts().contains("Oh no!"))
        #expect(app.dialogTexts().contains("Your answer is not correct!"))
        app.dismissDialog()
        pump(until: { app.dialog == nil })
        #expect(app.models.challenges.currentChallenge == question)
        #expect(app.text("score") == "0/5")

        // Five correct answers end the session.
        for answered in 1...5 {
            if !app.models.challenges.showsChoices { app.click("question") }
            app.click(try #require(app.choiceName(correct: true)))
            pump(until: { app.dialog != nil }, "feedback \(answered)")
            #expect(app.dialogTexts().contains("Congratulations"))
            #expect(app.dialogTexts().contains("The answer is correct"))
            app.dismissDialog()
            pump(until: { app.dialog == nil })
            if answered < 5 { #expect(app.text("score") == "\(answered)/5") }
        }
        pump(until: { app.widget("play-again") != nil }, "congratulations shown")
        #expect(app.widget("question") == nil)

        app.click("play-again")
        pump(until: { app.widget("question") != nil }, "a new session")
        // Kuchi Basics has 9 cards, all new: the first session took 5, so the schedule
        // holds 4 for the next one, and the score says so.
        #expect(app.text("score") == "0/4")
        #expect(app.models.challenges.numberOfAnswered == 0)
    }

    @Test("a remembered user starts on Home, on the Challenge page's welcome")
    func rememberedUser() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        #expect(app.models.state.screen == .home)
        pump(until: { app.text("greeting") == "Hi, Aiko" }, "welcome shown")
    }

    @Test("keys 1–3 answer once the choices show; Escape dismisses the feedback",
          .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    func keyboardAnswers() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.startPractice()
        let question = try #require(app.widget("question"))
        gtk_widget_grab_focus(question)
        gtk_widget_activate(question)  // Space/Enter on the focused question
        pump(until: { app.isShown("choice-1") }, "choices revealed by the keyboard")
        let correct = try #require(app.choiceName(correct: true))
        // A real key press through the X server, as a user types it.
        try app.pressKey(String(correct.last!))
        pump(until: { app.dialog != nil }, "feedback after the key")
        #expect(app.dialogTexts().contains("Congratulations"))
        try app.pressKey("Escape", inDialog: true)
        pump(until: { app.dialog == nil }, "Escape dismissed the feedback")
        #expect(app.text("score") == "1/5")
    }
}

extension SessionTests {
    @Test("a digit does nothing while the choices are hidden; shown, the same digit answers",
          .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    func digitsWaitForChoices() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.startPractice()
        #expect(!app.isShown("choice-1"))
        let root: UnsafeMutablePointer<GtkWidget> = typed(app.window.gtkWindow)
        let keys = InputProbe(on: root)
        defer { keys.detach() }
        try app.pressKey("1")
        // The probe sees the key before any widget, in the same dispatch as the buttons.
        pump(until: { keys.keyPresses.contains(UInt32(GDK_KEY_1)) }, "the 1 reached the window")
        MainLoop.drain()
        #expect(app.dialog == nil, "no answer while the choices are hidden")
        #expect(app.models.challenges.numberOfAnswered == 0)
        // Positive control: the choices shown, the right answer's digit answers.
        app.click("question")
        pump(until: { app.isShown("choice-1") }, "choices shown")
        let correct = try #require(app.choiceName(correct: true))
        try app.pressKey(String(correct.suffix(1)))
        pump(until: { app.dialog != nil }, "feedback after the digit")
        #expect(app.dialogTexts().contains("Congratulations"))
    }
}

extension SessionTests {
    @Test("a deck that fails to load is reported in the window and Kuchi Basics is used")
    func badDeckFallsBack() throws {
        let temporaryFolder = try TemporaryFolder()
        let deck = try temporaryDeck(#"{"format": 1, "name": "Broken", "language": "ja", "cards": [{"question": "はい"}]}"#,
                                     in: temporaryFolder.url)
        let app = try AppHarness(registered: true, deckPath: deck.path)
        defer { app.close() }
        #expect(app.models.deckInUse.deck == Deck.kuchiBasics)
        #expect(app.isShown("problem-banner"))
        let problem = try #require(app.text("problem-text"))
        #expect(problem.contains("\(deck.lastPathComponent): card 1: missing 'pronunciation'"), "\(problem)")
        app.startPractice()
    }
}

extension SessionTests {
    @Test("50 practice sessions leave no widget, binding or closure behind")
    func sessionsDoNotLeak() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.users.settings.questionsPerSession = 3
        func playSession() throws {
            app.startPractice()
            while app.widget("play-again") == nil { try app.answer(correct: true) }
            app.click("play-again")
            // A new session, or Welcome when the schedule has nothing left for today.
            pump(until: { app.widget("question") != nil || app.models.state.challengeStep == .welcome }, "a new session")
            if app.models.state.challengeStep == .practice {
                app.click("back")
                pump(until: { app.models.state.challengeStep == .welcome })
            }
        }
        // The first session builds the pages that are then kept; so does the window's
        // build of the card browser ahead (two seconds after its first frame), which
        // would otherwise come in the middle of the fifty.
        try playSession()
        let built = Diagnostics.pagesBuiltAhead
        app.models.cards.buildAhead()
        pump(until: { Diagnostics.pagesBuiltAhead > built }, "the card browser built ahead")
        MainLoop.drain()
        let baseline = LiveCounts()
        for _ in 1...50 { try playSession() }
        // Nothing grows.
        expectReleased(to: baseline)
    }
}

extension SessionTests {
    @Test("the questions-per-session setting changed mid-session moves the score's total and the end")
    func settingChangedMidSession() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.startPractice()
        func answerCorrectly() throws { try app.answer(correct: true) }
        try answerCorrectly()
        #expect(app.text("score") == "1/5")
        app.models.users.settings.questionsPerSession = 3
        pump(until: { app.text("score") == "1/3" }, "the total follows the setting")
        try answerCorrectly()
        #expect(app.text("score") == "2/3")
        try answerCorrectly()
        pump(until: { app.widget("play-again") != nil }, "the session ends at the new length")
        // Lowered below the score while a session runs, it ends at once.
        app.models.users.settings.questionsPerSession = 5
        app.click("play-again")
        pump(until: { app.widget("question") != nil })
        for _ in 1...4 { try answerCorrectly() }
        #expect(app.text("score") == "4/5")
        app.models.users.settings.questionsPerSession = 3
        pump(until: { app.widget("play-again") != nil }, "ended by the lower setting")
    }
}

extension SessionTests {
    @Test("the score reads its total from the environment's questionsPerSession, which the practice page sets from its session")
    func scoreReadsTheEnvironment() throws {
        let users = UserManager(storage: nil)
        users.settings.questionsPerSession = 8
        let session = ChallengesViewModel(
            deck: .kuchiBasics, questionsPerSession: { users.settings.questionsPerSession },
            random: SeededRandomNumberGenerator(seed: 3))
        let window = Window(title: "Scores", width: 360, height: 200) {
            VStack {
                // Set as the practice page sets it (ChallengePage).
                ScoreView().environment(\.questionsPerSession, session.length).widgetName("plain")
                // A value the session does not have: the score shows the key's, so the
                // key is what it reads.
                ScoreView().environment(\.questionsPerSession, 3).widgetName("overridden")
            }
            .environment(session)
        }
        defer { window.close() }
        window.present()
        pump(until: { window.size.width > 0 }, "window mapped and allocated")
        // The label itself, or inside the environment's scope.
        let plainScope = try #require(widgetNamed("plain", in: window))
        let overriddenScope = try #require(widgetNamed("overridden", in: window))
        let plain = try #require(descendant(of: plainScope, type: gtk_label_get_type()))
        let overridden = try #require(descendant(of: overriddenScope, type: gtk_label_get_type()))
        #expect(labelText(plain) == "0/8")
        #expect(labelText(overridden) == "0/3")
        users.settings.questionsPerSession = 12
        pump(until: { labelText(plain) == "0/12" }, "the total follows the setting through the key")
        #expect(labelText(overridden) == "0/3")
        session.toggleChoices()
        let right = try #require(session.currentChallenge.flatMap { question in
            question.answers.firstIndex(of: question.challenge.answer)
        })
        session.answer(right)
        pump(until: { labelText(plain) == "1/12" && labelText(overridden) == "1/3" }, "the count follows the answer")
    }
}
