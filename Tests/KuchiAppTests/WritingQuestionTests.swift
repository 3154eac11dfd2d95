import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// A kanji asked to be written on the Type page (kanji-n5, studied by writing): written
/// with the real pointer through the X server, chosen among Zinnia's candidates, graded
/// and kept in the schedule's "kanji-n5/writing"; and where Zinnia is missing, asked not
/// at all, with the page and Settings saying why.
@Suite("Kanji written on the Type page", .serialized, .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
@MainActor
struct WritingQuestionTests {
    @Test("a kanji written with the pointer and chosen is graded: 一 in order Good, 二 with a stroke backwards Hard with the stroke named, 十 for 一 Again",
          arguments: [Way.inOrder, .backwards, .otherKanji])
    func writtenKanjiIsGraded(way: Way) throws {
        guard case .success = HandwritingRecognizer.open() else {
            Issue.record("Zinnia and its Japanese model are needed: apt-get install libzinnia0 tegaki-zinnia-japanese")
            return
        }
        let app = try AppHarness(registered: true)
        defer { app.close() }
        try app.openWritingQuestion(for: way.asked)
        let card = try #require(app.models.typing.current?.card)
        // The question: meaning, reading, the instruction and the pad open, no entry and no toggle.
        #expect(app.labelTexts(in: "typing-meaning") == [card.answer], "\(app.labelTexts(in: "typing-meaning"))")
        #expect(app.labelTexts(in: "typing-reading") == [card.reading], "\(app.labelTexts(in: "typing-reading"))")
        #expect(app.labelTexts(in: "typing-instruction") == ["Write the kanji"], "\(app.labelTexts(in: "typing-instruction"))")
        #expect(app.isShown("writing-pad"), "the pad is open at once")
        #expect(!app.isShown("typing-entry"))
        #expect(!app.isShown("typing-write"))
        let pad = try #require(app.widget("writing-pad"))
        #expect(gtk_widget_get_tooltip_text(pad).map { String(cString: $0) } == "Write the kanji with the mouse, a finger or a pen",
                "no entry to type it in")
        for stroke in way.strokes { try app.write(stroke, on: pad) }
        pump(until: { app.models.handwriting.isReadingCurrent && app.models.handwriting.candidates.contains(way.character) },
             "\(way.character) is read")
        let index = try #require(app.models.handwriting.candidates.firstIndex(of: way.character))
        let name = "handwriting-candidate-\(index)"
        pump(until: { app.isShown(name) && app.labelTexts(in: name) == [way.character] }, "\(way.character)'s button shows")
        app.click(name)
        let result = try #require(app.models.typing.result, "choosing a candidate answers")
        #expect(result.outcome == way.outcome)
        app.drawFrames("the verdict shows")
        #expect(app.labelTexts(in: "typing-verdict").first == way.verdict, "\(app.labelTexts(in: "typing-verdict"))")
        #expect(!app.isShown("writing-pad"), "nothing more to write")
        #expect(app.isShown("typing-claim") == (way == .otherKanji), "I Was Right after a misread kanji only")
        #expect(app.isShown("typing-written-kanji"), "the kanji asked, drawn stroke by stroke")
        #expect(try app.writingReviews(of: way.asked) == [way.rating])
        let position = app.models.typing.position
        app.click("typing-check")
        #expect(app.models.typing.position == position + 1 || app.models.typing.isFinished, "Next goes on")
    }

    @Test("without Zinnia a kanji deck studied by writing asks nothing to be written, and the Type page and Settings say why; with it, it does",
          arguments: [false, true])
    func withoutZinniaNothingIsWritten(zinnia: Bool) throws {
        let handwriting = zinnia ? Handwriting() : Handwriting(library: "libzinnia-not-there.so.0")
        let app = try AppHarness(registered: true, handwriting: handwriting)
        defer { app.close() }
        // A word deck has no switch: it asks for no kanji to be written.
        app.models.state.homePage = .settings
        pump(until: { app.isShown("production") }, "Settings")
        #expect(!app.isShown("writing"))
        try app.useKanjiDeckForWriting()
        pump(until: { app.isShown("writing") }, "a kanji deck has the switch")
        let reason = "Writing needs Zinnia: install libzinnia0 and tegaki-zinnia-japanese."
        let row = try #require(app.widget("writing"))
        if zinnia {
            #expect(gtk_widget_is_sensitive(row) != 0)
            #expect(!app.labelTexts(in: "writing").contains(reason))
        } else {
            #expect(gtk_widget_is_sensitive(row) == 0, "no switch to turn without Zinnia")
            #expect(app.labelTexts(in: "writing").contains(reason), "\(app.labelTexts(in: "writing"))")
        }
        app.models.state.homePage = .challenge
        app.models.typing.startAgain()
        app.models.state.challengeStep = .typing
        pump(until: { app.isShown("typing-check") }, "the Type page")
        #expect(app.isShown("typing-writing-unavailable") == !zinnia)
        if !zinnia { #expect(app.text("typing-writing-unavailable") == reason) }
        var directions: [PracticeDirection] = []
        while let question = app.models.typing.current {
            directions.append(question.direction)
            app.models.typing.typed = question.direction == .writing ? question.card.question : question.card.answer
            app.models.typing.submit()
            app.models.typing.next()
        }
        #expect(directions.contains(.writing) == zinnia, "\(directions)")
        #expect(directions.contains(.recognition))
    }

    @Test("a round planned before writing could be asked is planned again with kanji to write while nothing of it is answered; one under way is kept",
          arguments: [false, true])
    func roundPlannedAgainWhenWritingCanBeAsked(underWay: Bool) throws {
        guard case .success = HandwritingRecognizer.open() else {
            Issue.record("Zinnia and its Japanese model are needed: apt-get install libzinnia0 tegaki-zinnia-japanese")
            return
        }
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.decks.select("kanji-n5")
        pump(until: { app.models.deckInUse.catalogID == "kanji-n5" && !app.models.deckInUse.isLoading }, "kanji-n5 in use")
        app.models.typing.startAgain()
        if underWay {
            let question = try #require(app.models.typing.current)
            app.models.typing.typed = question.card.answer
            app.models.typing.submit()
            app.models.typing.next()
        }
        let position = app.models.typing.position
        app.models.users.settings.writingDecks = [app.models.deckInUse.key]
        pump(until: { app.models.handwriting.availability == .available && StrokeData.shared.isRead }, "Zinnia and the strokes")
        MainLoop.drain()
        #expect(app.models.typing.position == (underWay ? position : 1))
        var directions: [PracticeDirection] = []
        while let question = app.models.typing.current {
            directions.append(question.direction)
            app.models.typing.typed = question.direction == .writing ? question.card.question : question.card.answer
            app.models.typing.submit()
            app.models.typing.next()
        }
        #expect(directions.contains(.writing) == !underWay, "\(directions)")
    }

    enum Way: Sendable, CustomTestStringConvertible {
        case inOrder, backwards, otherKanji

        var testDescription: String {
            switch self {
            case .inOrder: "一 in order"
            case .backwards: "二 with its first stroke backwards"
            case .otherKanji: "十 for 一"
            }
        }

        /// The kanji asked to be written.
        var asked: String { self == .backwards ? "二" : "一" }

        /// Each stroke as the pointer goes, as parts of the pad.
        var strokes: [[(Double, Double)]] {
            switch self {
            case .inOrder: [[(0.15, 0.5), (0.85, 0.5)]]
            // Zinnia reads it as 二 all the same (and 一 drawn backwards as "1").
            case .backwards: [[(0.75, 0.3), (0.25, 0.3)], [(0.1, 0.75), (0.9, 0.75)]]
            case .otherKanji: [[(0.15, 0.45), (0.85, 0.45)], [(0.5, 0.12), (0.5, 0.9)]]
            }
        }

        /// The kanji written, and chosen among the candidates.
        var character: String { self == .otherKanji ? "十" : asked }

        var outcome: AnswerOutcome {
            switch self {
            case .inOrder: .right
            case .backwards: .rightWithStrokeMistake
            case .otherKanji: .wrong
            }
        }

        var rating: FSRSRating {
            switch self {
            case .inOrder: .good
            case .backwards: .hard
            case .otherKanji: .again
            }
        }

        var verdict: String {
            switch self {
            case .inOrder: "Right: 一"
            case .backwards: "Right, but not in order: 二. Stroke 1 was drawn backwards."
            case .otherKanji: "Not quite. Expected: 一"
            }
        }
    }
}

extension AppHarness {
    /// Makes kanji-n5 the deck in use, studied by writing, and waits for Zinnia to be
    /// tried and, where it opened, the strokes to be read.
    func useKanjiDeckForWriting(sourceLocation: SourceLocation = #_sourceLocation) throws {
        models.decks.select("kanji-n5")
        pump(until: { self.models.deckInUse.catalogID == "kanji-n5" && !self.models.deckInUse.isLoading },
             "kanji-n5 in use", sourceLocation: sourceLocation)
        models.users.settings.writingDecks = [models.deckInUse.key]
        pump(until: {
            switch self.models.handwriting.availability {
            case .unknown: false
            case .available: StrokeData.shared.isRead
            case .unavailable: true
            }
        }, "Zinnia tried and the strokes read", sourceLocation: sourceLocation)
    }

    /// Starts a Type round on kanji-n5 studied by writing and answers (typed) what comes
    /// before `kanji` asked to be written, or before the first kanji asked so when nil,
    /// round after round (new cards come in the deck's order).
    func openWritingQuestion(for kanji: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try useKanjiDeckForWriting(sourceLocation: sourceLocation)
        models.state.homePage = .challenge
        models.typing.startAgain()
        models.state.challengeStep = .typing
        for _ in 0..<60 {
            guard let question = models.typing.current else {
                models.typing.startAgain()
                continue
            }
            if question.direction == .writing, kanji.map({ question.card.question == $0 }) ?? true { break }
            models.typing.typed = question.direction == .writing ? question.card.question : question.card.answer
            models.typing.submit()
            models.typing.next()
        }
        let current = models.typing.current
        #expect(current?.direction == .writing && (kanji == nil || current?.card.question == kanji),
                "\(kanji ?? "a kanji") asked to be written", sourceLocation: sourceLocation)
        pump(until: { self.isShown("writing-pad") }, "the pad", sourceLocation: sourceLocation)
    }

    /// Whether the widget named `name` is wholly in view in its page's scrolled area.
    func isInScrolledView(_ name: String) -> Bool {
        guard let widget = widget(name), gtk_widget_get_mapped(widget) != 0,
              let scrolled = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()) else { return false }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, scrolled, &bounds) != 0 else { return false }
        return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= Float(gtk_widget_get_height(scrolled)) + 0.5
    }

    /// The ratings kept for writing `kanji` in kanji-n5, read through a store of its own.
    func writingReviews(of kanji: String) throws -> [FSRSRating] {
        let path = folder.appendingPathComponent("data").appendingPathComponent(AppModels.reviewDatabaseName).path
        return try ReviewStore(path: path).reviews(of: CardID(deck: "kanji-n5/writing", question: kanji)).map(\.review.rating)
    }
}
