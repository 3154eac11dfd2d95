import CGtk
import CGtkShim
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// Home (Learn, Challenge, Settings) through the real widgets, under a window manager.
@Suite("Kuchi home", .serialized, .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
@MainActor
struct HomeTests {
    @Test("the view switcher sits in the header bar when wide and at the bottom below 600 px")
    func switcherFollowsWidth() throws {
        let app = try AppHarness(registered: true, width: 720, height: 640)
        defer { app.close() }
        let bar = try #require(app.widget("switcher-bar"))
        let title = try #require(app.widget("home-title"))
        pump(until: { !revealed(bar) && switcherEnabled(title) }, "wide: the switcher in the header bar")
        app.window.resize(width: 500, height: 640)
        pump(until: { revealed(bar) && !switcherEnabled(title) }, "narrow: the switcher at the bottom")
        app.window.resize(width: 720, height: 640)
        pump(until: { !revealed(bar) && switcherEnabled(title) }, "wide again")
    }

    @Test("questions per session changed in Settings during a session moves the score at once")
    func settingsChangeTheScore() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.startPractice()
        try app.answer(correct: true)
        #expect(app.text("score") == "1/5")
        app.models.state.homePage = .settings
        MainLoop.drain()  // a page is built when first shown
        let spin = try #require(app.widget("questions-per-session").flatMap { descendant(of: $0, type: gtk_spin_button_get_type()) })
        gtk_spin_button_set_value(typed(spin), 8)
        MainLoop.drain()
        #expect(app.models.users.settings.questionsPerSession == 8)
        app.models.state.homePage = .challenge
        pump(until: { app.text("score") == "1/8" }, "the score follows the setting")
    }

    @Test("a drag past 100 px decides the card; a shorter one springs back and decides nothing")
    func swipeDecides() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.state.homePage = .learn
        MainLoop.drain()  // a page is built when first shown
        let card = try #require(app.widget("flash-card"))
        pump(until: { gtk_widget_get_mapped(card) != 0 && gtk_widget_get_width(card) > 0 }, "card shown")
        let first = app.models.learn.current
        try app.drag(card, by: 60, whileHeld: {
            #expect(gtkkit_bin_get_offset(OpaquePointer(card)).rounded() == 60, "the card follows the pointer")
        })
        pump(until: { gtkkit_bin_get_offset(OpaquePointer(card)) == 0 }, "sprang back")
        #expect(app.models.learn.current == first)
        #expect(app.models.learn.remembered == 0)
        try app.drag(card, by: 160)
        pump(until: { app.models.learn.current != first }, "the next card after a swipe right")
        #expect(app.models.learn.remembered == 1)
        let second = app.models.learn.current
        // The next card comes in with an animation; a drag starts once it is in place.
        pump(until: { gtkkit_bin_get_offset(OpaquePointer(card)) == 0 }, "the next card in place")
        try app.drag(card, by: -160)
        pump(until: { app.models.learn.current != second }, "the next card after a swipe left")
        #expect(app.models.learn.remembered == 1)
    }

    @Test("the chosen deck is remembered across a relaunch")
    func deckChoiceSurvives() throws {
        let app = try AppHarness(registered: true)
        app.models.state.homePage = .settings
        MainLoop.drain()  // a page is built when first shown
        let index = try #require(app.models.decks.entries.firstIndex { $0.id == "jlpt-n5" })
        let combo = try #require(app.widget("deck"))
        adw_combo_row_set_selected(typed(combo), guint(index))
        MainLoop.drain()
        #expect(app.models.deckInUse.name == "JLPT N5")
        app.close(keepingFiles: true)
        let again = try AppHarness(folder: app.folder)
        defer { again.close() }
        #expect(again.models.deckInUse.catalogID == "jlpt-n5")
        #expect(again.models.deckInUse.deck.name == "JLPT N5")
    }

    @Test("a good TSV and JSON deck import and are chosen; a bad one is refused with its file and line")
    func imports() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        let folder = app.folder.appendingPathComponent("incoming")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tsv = folder.appendingPathComponent("Animals.tsv")
        try Data("ねこ\tcat\tneko\nいぬ\tdog\tinu\nとり\tbird\ttori\n".utf8).write(to: tsv)
        #expect(app.imported(tsv) == nil)
        #expect(app.models.deckInUse.name == "Animals")
        #expect(app.models.decks.entries.contains { $0.name == "Animals" })

        let json = folder.appendingPathComponent("colours.json")
        try Data(#"{"format": 1, "name": "Colours", "language": "ja", "cards": [{"question": "あか", "pronunciation": "aka", "answer": "red"}, {"question": "あお", "pronunciation": "ao", "answer": "blue"}, {"question": "しろ", "pronunciation": "shiro", "answer": "white"}]}"#.utf8).write(to: json)
        #expect(app.imported(json) == nil)
        #expect(app.models.deckInUse.name == "Colours")

        let bad = folder.appendingPathComponent("broken.tsv")
        try Data("ねこ\tcat\nいぬ\n".utf8).write(to: bad)
        let problem = try #require(app.imported(bad))
        #expect(problem.contains("broken.tsv: line 2"), "\(problem)")
        pump(until: { app.dialog != nil }, "the refusal is shown")
        #expect(app.dialogTexts().contains { $0.contains("broken.tsv: line 2") })
        app.dismissDialog()
        #expect(app.models.deckInUse.name == "Colours", "a refused file changes nothing")
    }

    @Test("an import reads the package off the main thread: the window turns meanwhile and shows it, then the deck is in use")
    func importsInBackground() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        let gate = Gate()
        app.models.imports.gate = { gate.wait() }
        app.models.imports.start(LocalPath(ankiFixture("vocab-modern.apkg")))
        #expect(app.models.imports.importingName == "vocab-modern.apkg", "under way at once, not done before returning")
        #expect(app.models.imports.fieldMappingChoice == nil)
        #expect(app.isShown("import-bar"), "the window shows the import")
        #expect(app.labelTexts(in: "import-bar").contains("Importing vocab-modern.apkg"))
        #expect(app.labelTexts(in: "import-bar").contains("Reading the file…"))
        gate.open()
        pump(until: { app.models.imports.fieldMappingChoice != nil }, "the package read, its field names asked about")
        #expect(app.models.imports.importingName == nil)
        app.models.imports.confirmFieldMapping()
        #expect(app.models.imports.importingName == "vocab-modern.apkg")
        pump(until: { app.models.deckInUse.name == "vocab-modern" }, "the deck imported and in use")
        #expect(app.models.imports.importingName == nil)
        MainLoop.drain()
        #expect(!app.isShown("import-bar"), "the bar goes with the import")
        #expect(app.models.deckInUse.deck.cards.contains { $0.question == "食べる" })
        // A second import while one is under way is refused in words, not run twice at once.
        app.models.imports.start(LocalPath(ankiFixture("vocab-anki2.apkg")))
        let second = Outcome()
        app.models.imports.start(LocalPath(ankiFixture("vocab-legacy.apkg"))) { second.problem = $0 }
        #expect(second.problem?.contains("Kuchi is importing vocab-anki2.apkg") == true, "\(second.problem ?? "nil")")
        #expect(app.models.imports.importingName == "vocab-anki2.apkg")
        pump(until: { app.models.imports.importingName == nil }, "the first import ends")
    }

    @Test("Cancel stops an import at once, says so in a toast, and leaves no deck nor anything unpacked",
          arguments: ["vocab-modern.apkg", "notes-headers.txt"])
    func cancelledImport(fixture: String) throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        let before = app.models.decks.entries.map(\.id)
        let outcome = Outcome()
        let gate = Gate()
        app.models.imports.gate = { gate.wait() }
        app.models.imports.start(LocalPath(ankiFixture(fixture))) { outcome.problem = $0; outcome.done = true }
        MainLoop.drain()
        app.click("import-cancel")
        #expect(app.widget("import-cancel").map { gtk_widget_is_sensitive($0) == 0 } == true, "pressed once: it says it is cancelling")
        #expect(app.labelTexts(in: "import-bar").contains("Cancelling…"))
        gate.open()
        pump(until: { outcome.done }, "the import ends")
        #expect(outcome.problem?.contains("the import was cancelled") == true, "\(outcome.problem ?? "nil")")
        #expect(app.models.imports.importingName == nil)
        #expect(app.models.imports.fieldMappingChoice == nil, "a cancelled package asks nothing")
        #expect(app.dialog == nil, "no refusal dialog for what the learner asked")
        #expect(app.models.decks.entries.map(\.id) == before)
        let scratch = app.models.decks.catalog.scratchFolder.path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []).isEmpty)
        // A good import goes through right after.
        #expect(app.imported(ankiFixture("notes-plain.txt")) == nil)
        #expect(app.models.decks.entries.count == before.count + 1)
    }

    @Test("a hostile package (a zip bomb) is refused through the window, naming it, while the window goes on; a good one imports right after")
    func hostilePackageInTheWindow() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        // The main loop turns throughout: ticks keep coming while the package is read.
        var ticks = 0
        func tick() {
            ticks += 1
            if app.models.imports.current != nil { MainLoop.after(.milliseconds(5)) { tick() } }
        }
        let outcome = Outcome()
        app.models.imports.start(LocalPath(ankiFixture("zip-bomb.apkg"))) { outcome.problem = $0; outcome.done = true }
        tick()
        pump(until: { outcome.done }, timeout: .seconds(30), "the package refused")
        #expect(outcome.problem?.hasPrefix("zip-bomb.apkg: ") == true, "\(outcome.problem ?? "nil")")
        #expect(ticks > 1, "the window went on during the import")
        pump(until: { app.dialog != nil }, "the refusal is shown")
        #expect(app.dialogTexts().contains { $0.contains("Could not import zip-bomb.apkg") })
        app.dismissDialog()
        let scratch = app.models.decks.catalog.scratchFolder.path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []).isEmpty, "nothing left unpacked")
        #expect(app.imported(ankiFixture("notes-plain.txt")) == nil, "a good file imports right after")
    }

    @Test("an Anki package whose field names say nothing asks which is the word, then imports with that choice")
    func importsAnkiPackage() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        #expect(app.imported(ankiFixture("vocab-modern.apkg")) == nil)
        let choice = try #require(app.models.imports.fieldMappingChoice, "the Kotoba note type is asked about")
        #expect(choice.current.notetype == "Kotoba")
        pump(until: { app.dialog != nil }, "the field dialog shows")
        #expect(app.dialogTexts().contains { $0.contains("Which Field Is the Word?") })
        // The meaning as the word: the choice is what the import uses.
        choice.word = 1
        choice.meaning = 0
        app.models.imports.confirmFieldMapping()
        pump(until: { app.dialog == nil }, "the dialog closes")
        #expect(app.models.imports.fieldMappingChoice == nil)
        // The import itself runs on a thread of its own once the fields are chosen.
        pump(until: { app.models.deckInUse.name == "vocab-modern" }, "the deck imported and in use")
        #expect(app.models.deckInUse.deck.cards.contains { $0.question == "bird" && $0.answer == "鳥" })
        let eat = try #require(app.models.deckInUse.deck.cards.first { $0.question == "食べる" })
        #expect(eat.audio == "taberu.mp3")
        // Its sound is in the deck's own media folder, where the Speak button plays it from.
        let id = try #require(app.models.deckInUse.catalogID)
        let recording = try #require(app.models.decks.recordingPath(for: eat), "the recording is found")
        #expect(recording == app.models.decks.catalog.mediaFolder(id: id).appendingPathComponent("taberu.mp3").path)
        // The package's review history came along into the schedule (recognition).
        let store = try ReviewStore(path: app.folder.appendingPathComponent("data").appendingPathComponent(AppModels.reviewDatabaseName).path)
        let reviewed = try app.models.deckInUse.deck.cards.filter { card in
            !(try store.reviews(of: CardID(deck: id, question: card.question))).isEmpty
        }
        #expect(!reviewed.isEmpty, "the package's reviews are in Kuchi's log")
    }

    @Test("every page fits 360×294 with no label cut short, with furigana over a kanji word too",
          arguments: [nil, "jlpt-n4.json"])
    func smallestWindow(deck: String?) throws {
        let app = try AppHarness(
            deckPath: deck.map { repository.appendingPathComponent("data/decks/\($0)").path }, width: 360, height: 294)
        defer { app.close() }
        let hasKanji = { (card: Challenge?) in card?.question.unicodeScalars.contains(where: Kana.isKanji) ?? false }
        // Register shows no word; with a deck's shorter name as the subtitle, GTK 4.8
        // measures the header's "Kuchi" at 69 px yet draws it whole in 45.
        if deck == nil { app.expectFitsWithoutClipping("register") }
        try app.register("Mei")
        pump(until: { app.text("greeting")?.contains("Mei") == true })
        if let language = ProcessInfo.processInfo.environment["KUCHI_TEST_LANGUAGE"], !language.isEmpty {
            #expect(app.text("greeting") != "Hi, Mei", "the pages are in \(language), not English")
        }
        // The header's title cross-fades from the page switcher it would show in a wide
        // window; both are mapped until the fade ends.
        pump(until: {
            app.widget("home-title").flatMap { descendant(of: $0, type: adw_view_switcher_get_type()) }
                .map { gtk_widget_get_mapped($0) == 0 } ?? true
        }, "the header's title settled")
        app.expectFitsWithoutClipping("welcome")
        app.startPractice()
        if deck != nil {
            for _ in 0..<3 where !hasKanji(app.models.challenges.currentChallenge?.challenge) { try app.answer(correct: true) }
            #expect(hasKanji(app.models.challenges.currentChallenge?.challenge), "a kanji word is asked")
        }
        app.click("question")
        app.expectFitsWithoutClipping("practice")
        while app.widget("play-again") == nil { try app.answer(correct: true) }
        pump(until: { app.widget("play-again").map { gtk_widget_get_mapped($0) != 0 } ?? false })
        app.expectFitsWithoutClipping("congratulations")
        app.models.state.homePage = .learn
        pump(until: { app.widget("flash-card").map { gtk_widget_get_mapped($0) != 0 } ?? false })
        if deck != nil {
            for _ in 0..<8 where !hasKanji(app.models.learn.current) { app.models.learn.decide(remembered: true) }
            #expect(hasKanji(app.models.learn.current), "a kanji word is on the card")
        }
        app.expectFitsWithoutClipping("learn")
        app.models.learn.flip()
        app.expectFitsWithoutClipping("learn, turned")
        app.models.state.homePage = .challenge
        app.models.typing.start()
        app.models.state.challengeStep = .typing
        pump(until: { app.widget("typing-entry").map { gtk_widget_get_mapped($0) != 0 } ?? false })
        app.expectFitsWithoutClipping("type")
        app.models.typing.typed = "a wrong answer"
        app.models.typing.submit()
        app.expectFitsWithoutClipping("type, answered wrong")
        // The writing pad open on a question that asks for the Japanese, a stroke
        // written and its candidates shown: the pad is smaller in a short window.
        app.openProductionQuestion()
        pump(until: { app.models.handwriting.availability != .unknown }, "Zinnia tried")
        #expect(app.models.handwriting.availability == .available, "Zinnia and its Japanese model are needed here")
        if app.models.handwriting.availability == .available {
            app.click("typing-write")
            app.models.handwriting.strokes = [[SketchPoint(x: 30, y: 100), SketchPoint(x: 170, y: 100)]]
            pump(until: { app.models.handwriting.candidates.count == Handwriting.candidateCount }, "the candidates read")
            pump(until: { app.isShown("handwriting-candidate-4") }, "the candidates shown")
            app.drawFrames("the pad laid out")
            #expect(app.widget("writing-pad").map { Int(gtk_widget_get_height($0)) } == WritingPad.compactSize)
            pump(until: { app.isInScrolledView("typing-writing") }, "the pad scrolled into view as it opened")
            app.expectFitsWithoutClipping("type, writing")
            app.click("typing-write")
            // A kanji asked to be written (kanji-n5 from here on), a stroke on the pad
            // and its candidates shown, then answered wrong.
            try app.openWritingQuestion(for: nil)
            pump(until: { app.isInScrolledView("typing-writing") }, "the open pad in view")
            app.models.handwriting.strokes = [[SketchPoint(x: 30, y: 100), SketchPoint(x: 170, y: 100)]]
            pump(until: { app.models.handwriting.candidates.count == Handwriting.candidateCount }, "the candidates read")
            pump(until: { app.isShown("handwriting-candidate-4") }, "the candidates shown")
            app.expectFitsWithoutClipping("type, a kanji to write")
            let asked = app.models.typing.current?.card.question
            app.models.typing.submit(writing: app.models.handwriting.character, chosen: asked == "十" ? "一" : "十")
            #expect(app.models.typing.result?.outcome == .wrong)
            app.expectFitsWithoutClipping("type, a kanji written wrong")
        }
        app.models.state.homePage = .statistics
        pump(until: { app.widget("statistics").map { gtk_widget_get_mapped($0) != 0 } ?? false })
        app.expectFitsWithoutClipping("statistics")
        app.models.state.homePage = .settings
        pump(until: { app.widget("settings").map { gtk_widget_get_mapped($0) != 0 } ?? false })
        app.expectFitsWithoutClipping("settings")
        app.models.cards.open()
        // A narrow window shows the two-line rows, not the table.
        pump(until: { app.widget("card-list-compact").map { gtk_widget_get_mapped($0) != 0 } ?? false })
        app.expectFitsWithoutClipping("cards")
        // Add a Word, with the dictionary's entries offered: its form scrolls.
        app.click("card-add")
        pump(until: { app.dialog != nil }, "the Add a Word dialog shows")
        try app.typeInDialog("nekojita", into: "add-word")
        pump(until: { !app.models.words.suggestions.isEmpty }, "the entries are offered")
        let dialog = try #require(app.dialog)
        app.expectFitsWithoutClipping("add a word", in: dialog)
        if ProcessInfo.processInfo.environment["KUCHI_TEST_LANGUAGE"].map({ !$0.isEmpty }) == true {
            #expect(!app.dialogTexts().contains("Cancel"), "the dialog's buttons are in the page's language: \(app.dialogTexts())")
        }
        app.models.words.cancel()
        pump(until: { app.dialog == nil }, "the dialog closes")
    }

    @Test("Enter typed twice on the last feedback does not press Play Again")
    func playAgainIgnoresKeysFromBefore() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.users.settings.questionsPerSession = 3
        app.startPractice()
        for _ in 1...2 { try app.answer(correct: true) }
        if !app.models.challenges.showsChoices { app.click("question") }
        app.click(try #require(app.choiceName(correct: true)))
        pump(until: { app.dialog != nil }, "the last feedback")
        let root: UnsafeMutablePointer<GtkWidget> = typed(app.window.gtkWindow)
        let keys = InputProbe(on: root)
        defer { keys.detach() }
        // The first Return dismisses the feedback; the second, typed as soon as the
        // window has the keyboard again, reaches Congratulations, where the focus is
        // on Play Again.
        try app.pressKey("Return", inDialog: true)
        pump(until: { app.isShown("play-again") }, "congratulations")
        let playAgain = try #require(app.widget("play-again"))
        pump(until: { gtk_window_is_active(typed(root)) != 0 }, "the window has the keyboard again")
        pump(until: { gtk_widget_has_focus(playAgain) != 0 }, "the focus is on Play Again, which a Return presses")
        WindowManager.run("xdotool", ["key", "--clearmodifiers", "Return"])
        // Waits for the window to have the Return (the probe sees it before any widget).
        pump(until: { keys.keyPresses.contains(UInt32(GDK_KEY_Return)) }, "the second Return reached the window")
        #expect(app.models.challenges.isOver, "Play Again was not pressed")
        #expect(app.models.challenges.numberOfAnswered == 3)
        // Positive control: Play Again pressed is seen by the same checks.
        gtk_widget_activate(playAgain)
        pump(until: { app.models.challenges.numberOfAnswered == 0 }, "Play Again pressed starts again")
        #expect(!app.models.challenges.isOver)
    }

    @Test("the name count reads at 4.5:1 or more, light and dark, and shows no error before typing")
    func counterContrast() throws {
        let app = try AppHarness()
        defer {
            Style.setColorScheme(.followSystem)
            app.close()
        }
        let count = try #require(app.widget("name-count"))
        #expect(gtk_widget_has_css_class(count, "error") == 0, "no error before anything is typed")
        let entry = try #require(app.widget("name-entry"))
        for dark in [false, true] {
            Style.setColorScheme(dark ? .dark : .light)
            for name in ["Yu", "Yuki"] {
                gtk_editable_set_text(typed(entry), name)
                MainLoop.drain()
                let ratio = contrast(of: count)
                #expect(ratio >= 4.5, "\(name) in \(dark ? "dark" : "light"): \(ratio):1")
            }
        }
    }

    @Test("Start has the focus after registering and after each switch back to Challenge: Enter starts the challenge")
    func startTakesTheFocus() throws {
        let app = try AppHarness()
        defer { app.close() }
        try app.register()
        pump(until: { app.isShown("start") }, "the welcome")
        let start = try #require(app.widget("start"))
        #expect(gtk_widget_has_focus(start) != 0, "Start has the focus after registering, not Type Answers")

        // Left with the focus on Type Answers, the page would get it back there (Alt+2
        // sets the page as here; the shipped-app test presses it).
        let typing = try #require(app.widget("start-typing"))
        gtk_widget_grab_focus(typing)
        app.models.state.homePage = .learn
        pump(until: { !app.isShown("start") }, "Learn shown")
        app.models.state.homePage = .challenge
        pump(until: { app.isShown("start") }, "the Challenge page shown again")
        #expect(gtk_widget_has_focus(start) != 0, "Start has the focus again, not Type Answers")

        try app.pressKey("Return")
        pump(until: { app.models.state.challengeStep == .practice }, "Enter started the challenge")
    }

    @Test("Type Answers pressed from the keyboard leaves the focus in the answer entry, ready for typing")
    func typingEntryTakesTheFocus() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        pump(until: { app.isShown("start-typing") }, "the welcome")
        let typing = try #require(app.widget("start-typing"))
        gtk_widget_grab_focus(typing)
        app.click("start-typing")
        pump(until: { app.isShown("typing-entry") }, "the Type page")
        let entry = try #require(app.widget("typing-entry"))
        let focus = gtk_root_get_focus(gtk_widget_get_root(entry))
        #expect(focus.map { $0 == entry || gtk_widget_is_ancestor($0, entry) != 0 } ?? false,
                "the entry has the focus, not the control after it")
    }

    @Test("Escape and Alt+Left go back from practice; the first Tab stop is in the page")
    func backKeys() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        let root: UnsafeMutablePointer<GtkWidget> = typed(app.window.gtkWindow)
        let home = try #require(app.widget("home"))
        pump(until: {
            gtk_root_get_focus(gtk_widget_get_root(root)).map { gtk_widget_is_ancestor($0, home) != 0 } ?? false
        }, "focus starts in the page")
        for key in ["Escape", "alt+Left"] {
            app.startPractice()
            try app.pressKey(key)
            pump(until: { app.models.state.challengeStep == .welcome }, "\(key) went back")
        }
    }
}

extension AppHarness {
    /// Drags `widget` sideways by `dx` pixels with the real pointer, through the X server,
    /// in eight steps. Each step waits until the window has had the pointer's motion, and
    /// the drag returns once the window has had the release; `whileHeld` runs before it.
    func drag(
        _ widget: UnsafeMutablePointer<GtkWidget>, by dx: Int, whileHeld: () -> Void = {},
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let title = "Kuchi drag \(ObjectIdentifier(self).hashValue)"
        gtk_window_set_title(window.gtkWindow, title)
        var id: UInt?
        pump(until: {
            id = WindowManager.windowID(title: title)
            return id != nil
        }, "the window has an X id")
        let windowID = try #require(id)
        WindowManager.run("xdotool", ["windowactivate", "--sync", "\(windowID)"])
        // The widget where its content puts it (a new card's text may move it): a drag
        // measures the pointer from the widget, so it must not move under it.
        drawFrames("the window is laid out before the drag", sourceLocation: sourceLocation)
        var x = 0.0, y = 0.0
        let root: UnsafeMutablePointer<GtkWidget> = typed(window.gtkWindow)
        gtk_widget_translate_coordinates(widget, root, Double(gtk_widget_get_width(widget)) / 2,
                                         Double(gtk_widget_get_height(widget)) / 2, &x, &y)
        let start = (x: Int(x), y: Int(y))
        let probe = InputProbe(on: root)
        defer { probe.detach() }
        // Where the pointer is now: a move to where it already is makes no event to wait for.
        var pointerX = 0.0, pointerY = 0.0
        let pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default()))
        gdk_surface_get_device_position(gtk_native_get_surface(typed(root)), pointer, &pointerX, &pointerY, nil)
        let alreadyThere = Int(pointerX.rounded()) == start.x && Int(pointerY.rounded()) == start.y
        for step in 0...8 {
            let to = (x: start.x + dx * step / 8, y: start.y)
            if step == 1 { WindowManager.run("xdotool", ["mousedown", "1"]) }
            WindowManager.run("xdotool", ["mousemove", "--window", "\(windowID)", "\(to.x)", "\(to.y)"])
            if step == 0 && alreadyThere { continue }
            pump(until: { probe.pointer.map { $0 == to } ?? false },
                 "drag step \(step): the window has the pointer at \(to.x), \(to.y)", sourceLocation: sourceLocation)
        }
        whileHeld()
        WindowManager.run("xdotool", ["mouseup", "1"])
        pump(until: { probe.buttonReleases == 1 }, "the window has the release", sourceLocation: sourceLocation)
    }

    /// Waits until the window has drawn two frames: what was just shown or changed is then
    /// measured and allocated (in the next frame), and drawn.
    func drawFrames(
        _ comment: Comment, in window: UnsafeMutablePointer<GtkWidget>? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        MainLoop.drain()  // the bindings' pending writes
        let root: UnsafeMutablePointer<GtkWidget> = window ?? typed(self.window.gtkWindow)
        let clock = gtk_widget_get_frame_clock(root)
        for _ in 0..<2 {
            let frame = gdk_frame_clock_get_frame_counter(clock)
            gtk_widget_queue_draw(root)
            pump(until: { gdk_frame_clock_get_frame_counter(clock) > frame }, comment, sourceLocation: sourceLocation)
        }
    }

    /// The window's minimum size fits 360×294, and every label shown has at least the
    /// room it asks for.
    /// `in` is the window measured: the main window, or a dialog over it.
    func expectFitsWithoutClipping(
        _ screen: String, in window: UnsafeMutablePointer<GtkWidget>? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let root: UnsafeMutablePointer<GtkWidget> = window ?? typed(self.window.gtkWindow)
        drawFrames("\(screen): a frame drawn", in: root, sourceLocation: sourceLocation)
        var minimumWidth: Int32 = 0, minimumHeight: Int32 = 0, natural: Int32 = 0
        var baseline: Int32 = -1, naturalBaseline: Int32 = -1
        gtk_widget_measure(root, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, &natural, &baseline, &naturalBaseline)
        gtk_widget_measure(root, GTK_ORIENTATION_VERTICAL, 360, &minimumHeight, &natural, &baseline, &naturalBaseline)
        #expect(minimumWidth <= 360 && minimumHeight <= 294,
                "\(screen) needs at least \(minimumWidth)×\(minimumHeight)", sourceLocation: sourceLocation)
        let windowWidth = Double(gtk_widget_get_width(root))
        for label in mappedLabels(in: root) {
            let width = gtk_widget_get_width(label), height = gtk_widget_get_height(label)
            // Nothing is cut at the sides: screens scroll down, never sideways.
            var left = 0.0, top = 0.0
            gtk_widget_translate_coordinates(label, root, 0, 0, &left, &top)
            #expect(left >= 0 && left + Double(width) <= windowWidth,
                    "\(screen): “\(labelText(label))” spans \(left)…\(left + Double(width)) of \(windowWidth)",
                    sourceLocation: sourceLocation)
            var neededWidth: Int32 = 0, neededHeight: Int32 = 0
            gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, &neededWidth, &natural, &baseline, &naturalBaseline)
            gtk_widget_measure(label, GTK_ORIENTATION_VERTICAL, width, &neededHeight, &natural, &baseline, &naturalBaseline)
            #expect(width >= neededWidth && height >= neededHeight,
                    "\(screen): “\(labelText(label))” has \(width)×\(height), needs \(neededWidth)×\(neededHeight)",
                    sourceLocation: sourceLocation)
        }
    }

    private func mappedLabels(in widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        guard gtk_widget_get_mapped(widget) != 0 else { return [] }
        var found = gtkkit_is_a(widget, gtk_label_get_type()) != 0 && !labelText(widget).isEmpty ? [widget] : []
        for child in children(of: widget) { found += mappedLabels(in: child) }
        return found
    }
}

@MainActor
private func revealed(_ bar: UnsafeMutablePointer<GtkWidget>) -> Bool {
    adw_view_switcher_bar_get_reveal(typed(bar)) != 0
}

@MainActor
private func switcherEnabled(_ title: UnsafeMutablePointer<GtkWidget>) -> Bool {
    adw_view_switcher_title_get_view_switcher_enabled(typed(title)) != 0
}

/// The WCAG contrast ratio of a label's text colour against the window background.
@MainActor
private func contrast(of label: UnsafeMutablePointer<GtkWidget>) -> Double {
    let style = gtk_widget_get_style_context(label)
    var text = GdkRGBA(), background = GdkRGBA()
    gtk_style_context_get_color(style, &text)
    _ = gtk_style_context_lookup_color(style, "window_bg_color", &background)
    func luminance(_ color: GdkRGBA) -> Double {
        func channel(_ value: Float) -> Double {
            let c = Double(value)
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }
    // The text's own alpha blends it with the background first.
    var blended = text
    let alpha = text.alpha
    blended.red = text.red * alpha + background.red * (1 - alpha)
    blended.green = text.green * alpha + background.green * (1 - alpha)
    blended.blue = text.blue * alpha + background.blue * (1 - alpha)
    let (lighter, darker) = (max(luminance(blended), luminance(background)), min(luminance(blended), luminance(background)))
    return (lighter + 0.05) / (darker + 0.05)
}
