import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// The writing pad on the Type page, written on with the real pointer through the X
/// server, and what the page says where Zinnia cannot read it.
@Suite("Writing on the Type page", .serialized, .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
@MainActor
struct HandwritingTests {
    @Test("一, 十 and 人 written on the pad with the pointer are among the candidates; pressing one types it into the answer and blanks the pad")
    func writtenCharactersGoIntoTheAnswer() throws {
        guard case .success = HandwritingRecognizer.open() else {
            Issue.record("Zinnia and its Japanese model are needed: apt-get install libzinnia0 tegaki-zinnia-japanese")
            return
        }
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.openProductionQuestion()
        pump(until: { app.models.handwriting.availability == .available }, "Zinnia opened")
        #expect(!app.isShown("writing-pad"), "the pad is closed until Write is pressed")
        app.click("typing-write")
        pump(until: { app.isShown("writing-pad") }, "Write opens the pad")
        let pad = try #require(app.widget("writing-pad"))
        let entry = try #require(app.widget("typing-entry"))
        // Each stroke as the pointer goes, from (x, y) to (x, y) as parts of the pad.
        let characters: [(String, [[(Double, Double)]])] = [
            ("一", [[(0.15, 0.5), (0.85, 0.5)]]),
            ("十", [[(0.15, 0.45), (0.85, 0.45)], [(0.5, 0.12), (0.5, 0.9)]]),
            ("人", [[(0.5, 0.12), (0.45, 0.5), (0.15, 0.88)], [(0.48, 0.45), (0.65, 0.7), (0.88, 0.88)]]),
        ]
        var answer = ""
        for (character, strokes) in characters {
            for stroke in strokes { try app.write(stroke, on: pad) }
            #expect(app.models.handwriting.strokes.count == strokes.count, "\(character): one stroke a drag")
            pump(until: { app.models.handwriting.candidates.contains(character) }, "\(character) is read")
            let index = try #require(app.models.handwriting.candidates.firstIndex(of: character))
            #expect(index < 3, "\(character) among the first three: \(app.models.handwriting.candidates)")
            let name = "handwriting-candidate-\(index)"
            pump(until: { app.isShown(name) && app.labelTexts(in: name) == [character] }, "\(character)'s button shows")
            app.click(name)
            answer += character
            #expect(String(cString: gtk_editable_get_text(typed(entry))) == answer)
            #expect(app.models.handwriting.strokes.isEmpty, "the pad is blank for the next character")
            pump(until: { !app.isShown("handwriting-candidate-0") }, "no candidate for a blank pad")
        }
        #expect(app.models.typing.typed == "一十人")
    }

    @Test("Undo Stroke takes back the last stroke and Clear the rest; the reading follows")
    func undoAndClear() throws {
        guard case .success = HandwritingRecognizer.open() else {
            Issue.record("Zinnia and its Japanese model are needed: apt-get install libzinnia0 tegaki-zinnia-japanese")
            return
        }
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.openProductionQuestion()
        pump(until: { app.models.handwriting.availability == .available }, "Zinnia opened")
        app.click("typing-write")
        let pad = try #require(app.widget("writing-pad"))
        pump(until: { app.isShown("writing-pad") }, "Write opens the pad")
        try app.write([(0.15, 0.45), (0.85, 0.45)], on: pad)
        try app.write([(0.5, 0.12), (0.5, 0.9)], on: pad)
        pump(until: { app.models.handwriting.candidates.first == "十" }, "十 read first")
        app.click("writing-undo")
        #expect(app.models.handwriting.strokes.count == 1)
        pump(until: { app.models.handwriting.candidates.first == "一" }, "one stroke left: 一 read first")
        app.click("writing-clear")
        #expect(app.models.handwriting.strokes.isEmpty)
        pump(until: { app.models.handwriting.candidates.isEmpty }, "nothing to read")
        #expect(app.widget("writing-clear").map { gtk_widget_is_sensitive($0) == 0 } == true, "nothing to clear")
    }

    @Test("without Zinnia's model, or Zinnia, Write is hidden and the page says why; with both it shows",
          arguments: [Missing.model, .library, nil])
    func unavailableSaysWhy(missing: Missing?) throws {
        let handwriting = switch missing {
        case .model: Handwriting(models: ["/nonexistent/handwriting-ja.model"])
        case .library: Handwriting(library: "libzinnia-not-there.so.0")
        case nil: Handwriting()
        }
        let app = try AppHarness(registered: true, handwriting: handwriting)
        defer { app.close() }
        app.openProductionQuestion()
        pump(until: { handwriting.availability != .unknown }, "Zinnia tried")
        switch missing {
        case .model:
            #expect(handwriting.availability == .unavailable("Writing needs Zinnia's Japanese model: install tegaki-zinnia-japanese."))
        case .library:
            #expect(handwriting.availability == .unavailable("Writing needs Zinnia: install libzinnia0 and tegaki-zinnia-japanese."))
        case nil:
            #expect(handwriting.availability == .available)
        }
        app.drawFrames("the page shows what Zinnia said")
        if case .unavailable(let reason) = handwriting.availability {
            #expect(!app.isShown("typing-write"), "no Write without Zinnia")
            #expect(app.isShown("typing-writing-unavailable"))
            #expect(app.text("typing-writing-unavailable") == reason)
        } else {
            // Positive control: the same checks see Write, and no reason.
            #expect(app.isShown("typing-write"))
            #expect(!app.isShown("typing-writing-unavailable"))
        }
        #expect(!app.isShown("writing-pad"))
        // The Write toggle is a named, focusable button for keyboard users.
        if missing == nil, let write = app.widget("typing-write") {
            #expect(gtk_widget_get_focusable(write) != 0)
            #expect(gtkkit_accessible_label_is(write, "Write by Hand") != 0)
        }
    }

    enum Missing: Sendable, CustomTestStringConvertible {
        case model, library
        var testDescription: String { self == .model ? "no model" : "no library" }
    }
}

extension AppHarness {
    /// Turns production on, starts a Type round and goes on to its first question that
    /// asks for the Japanese.
    func openProductionQuestion(sourceLocation: SourceLocation = #_sourceLocation) {
        models.users.settings.productionDecks = [models.deckInUse.key]
        models.state.homePage = .challenge
        models.typing.startAgain()
        models.state.challengeStep = .typing
        while let question = models.typing.current, question.direction != .production {
            models.typing.typed = question.card.answer
            models.typing.submit()
            models.typing.next()
        }
        #expect(models.typing.current?.direction == .production, "a production question", sourceLocation: sourceLocation)
        pump(until: { self.isShown("typing-entry") }, "the Type page", sourceLocation: sourceLocation)
    }

    /// Writes one stroke on `pad` with the real pointer, through the X server: pressed at
    /// the first point, moved through the others in small steps, released at the last.
    /// Points are parts of the pad's width and height. Each move waits until the window
    /// has had it, and the stroke returns once the window has had the release.
    func write(
        _ stroke: [(Double, Double)], on pad: UnsafeMutablePointer<GtkWidget>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let title = "Kuchi writing \(ObjectIdentifier(self).hashValue)"
        gtk_window_set_title(window.gtkWindow, title)
        var id: UInt?
        pump(until: {
            id = WindowManager.windowID(title: title)
            return id != nil
        }, "the window has an X id", sourceLocation: sourceLocation)
        let windowID = try #require(id, sourceLocation: sourceLocation)
        WindowManager.run("xdotool", ["windowactivate", "--sync", "\(windowID)"])
        drawFrames("the window is laid out before the stroke", sourceLocation: sourceLocation)
        let root: UnsafeMutablePointer<GtkWidget> = typed(window.gtkWindow)
        func inWindow(_ point: (Double, Double)) -> (x: Int, y: Int) {
            var x = 0.0, y = 0.0
            gtk_widget_translate_coordinates(pad, root, point.0 * Double(gtk_widget_get_width(pad)),
                                             point.1 * Double(gtk_widget_get_height(pad)), &x, &y)
            return (Int(x), Int(y))
        }
        var path = [inWindow(stroke[0])]
        for (from, to) in zip(stroke, stroke.dropFirst()) {
            for step in 1...6 {
                let part = Double(step) / 6
                path.append(inWindow((from.0 + (to.0 - from.0) * part, from.1 + (to.1 - from.1) * part)))
            }
        }
        let probe = InputProbe(on: root)
        defer { probe.detach() }
        let releases = probe.buttonReleases
        // Away first, so the move to the stroke's start is an event to wait for.
        WindowManager.run("xdotool", ["mousemove", "--window", "\(windowID)", "1", "1"])
        pump(until: { probe.pointer.map { $0 == (1, 1) } ?? false }, "the pointer away", sourceLocation: sourceLocation)
        for (index, to) in path.enumerated() {
            if index == 1 { WindowManager.run("xdotool", ["mousedown", "1"]) }
            WindowManager.run("xdotool", ["mousemove", "--window", "\(windowID)", "\(to.x)", "\(to.y)"])
            pump(until: { probe.pointer.map { $0 == to } ?? false },
                 "stroke step \(index): the window has the pointer at \(to.x), \(to.y)", sourceLocation: sourceLocation)
        }
        WindowManager.run("xdotool", ["mouseup", "1"])
        pump(until: { probe.buttonReleases == releases + 1 }, "the window has the release", sourceLocation: sourceLocation)
        MainLoop.drain()
    }
}
