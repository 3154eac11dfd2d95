import CGtk
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// A control keeps its size between the states of one question: the Learn card when
/// it is turned, the Type page's entry when an answer is checked or claimed right.
@Suite("Screens that keep still", .serialized, .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
@MainActor
struct StillScreensTests {
    @Test("the Learn card is as large turned as unturned, for every card", arguments: windowSizes, [false, true])
    func learnCardKeepsItsSize(size: WindowSize, readingsHidden: Bool) throws {
        // Kanji words, examples, and (hidden) furigana that appear when the card turns.
        let deck = readingsHidden ? repository.appendingPathComponent("data/decks/jlpt-n5.json").path : nil
        let app = try AppHarness(registered: true, deckPath: deck, width: size.width, height: size.height)
        defer { app.close() }
        if readingsHidden { app.models.users.settings.readings = .hidden }
        app.models.state.homePage = .learn
        pump(until: { app.isShown("flash-card") }, "Learn shown")
        let card = try #require(app.widget("flash-card"))
        let total = app.models.learn.total
        var cards = 0
        while let word = app.models.learn.current?.question {
            let front = app.settledSize(of: card)
            app.models.learn.flip()
            let back = app.settledSize(of: card)
            #expect(app.models.learn.isFlipped)
            #expect(front == back, "\(word) at \(size): \(front) unturned, \(back) turned")
            app.click("remembered")
            cards += 1
        }
        #expect(cards == total && total > 1, "every card of the round was turned")
    }

    @Test("the Type page's entry is as wide checked, and claimed right, as before checking", arguments: windowSizes)
    func typingEntryKeepsItsWidth(size: WindowSize) throws {
        let app = try AppHarness(registered: true, width: size.width, height: size.height)
        defer { app.close() }
        let typing = app.models.typing
        typing.start()
        app.models.state.challengeStep = .typing
        pump(until: { app.isShown("typing-entry") }, "Type shown")
        let entry = try #require(app.widget("typing-entry"))
        var outcomes: [AnswerOutcome] = []
        // Right and wrong in turn: each leaves a different row of buttons under the entry.
        while let question = typing.current {
            let asked = app.settledSize(of: entry).width
            let right = outcomes.count.isMultiple(of: 2)
            let answer = question.direction == .production ? question.card.romaji : question.card.answer
            gtk_editable_set_text(typed(entry), right ? answer : "a wrong answer")
            app.click("typing-check")
            let outcome = try #require(typing.result?.outcome)
            outcomes.append(outcome)
            let checked = app.settledSize(of: entry).width
            #expect(asked == checked, "\(question.card.question) at \(size): \(asked) px asked, \(checked) px \(outcome)")
            if outcome == .wrong {
                app.click("typing-claim")
                #expect(typing.result?.wasClaimed == true)
                let claimed = app.settledSize(of: entry).width
                #expect(asked == claimed, "\(question.card.question) at \(size): \(asked) px asked, \(claimed) px claimed right")
            }
            app.click("typing-check")
        }
        #expect(outcomes.contains(.right) && outcomes.contains(.wrong), "both kinds of answer were checked: \(outcomes)")
    }
}

/// GNOME's smallest window and Kuchi's usual one.
struct WindowSize: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    let width: Int, height: Int
    var description: String { "\(width)×\(height)" }
    var testDescription: String { description }
}

private let windowSizes = [WindowSize(width: 720, height: 640), WindowSize(width: 360, height: 294)]

/// A widget's allocated size.
struct AllocatedSize: Equatable, CustomStringConvertible {
    let width: Int32, height: Int32
    var description: String { "\(width)×\(height)" }
}

extension AppHarness {
    /// The widget's size once what changed before has been laid out: two frames drawn.
    func settledSize(of widget: UnsafeMutablePointer<GtkWidget>, sourceLocation: SourceLocation = #_sourceLocation)
        -> AllocatedSize
    {
        let root: UnsafeMutablePointer<GtkWidget> = typed(window.gtkWindow)
        let clock = gtk_widget_get_frame_clock(root)
        for _ in 0..<2 {
            let frame = gdk_frame_clock_get_frame_counter(clock)
            gtk_widget_queue_draw(root)
            pump(until: { gdk_frame_clock_get_frame_counter(clock) > frame }, "a frame drawn", sourceLocation: sourceLocation)
        }
        return AllocatedSize(width: gtk_widget_get_width(widget), height: gtk_widget_get_height(widget))
    }
}
