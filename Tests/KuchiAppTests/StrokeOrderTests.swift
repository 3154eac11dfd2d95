import CGtk
import CGtkShim
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit
import KuchiModel
import TemporaryFolderFixture
import Testing
@testable import KuchiApp

/// Stroke order on the turned Learn card: each kanji of the word drawn from the bundled
/// KanjiVG data, with its stroke count and Replay; nothing for a word in kana.
@Suite("Stroke order on the card", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct StrokeOrderScreenTests {
    private static let deck = #"""
        {"format": 2, "name": "Strokes", "language": "ja", "cards": [
         {"question": "日本語", "reading": "にほんご", "romaji": "nihongo", "answer": "Japanese"},
         {"question": "はい", "reading": "はい", "romaji": "hai", "answer": "yes"},
         {"question": "日曜日", "reading": "にちようび", "romaji": "nichiyōbi", "answer": "Sunday"},
         {"question": "一生懸命", "reading": "いっしょうけんめい", "romaji": "isshōkenmei", "answer": "with all one's might"}
        ]}
        """#

    private func learn(width: Int = 720) throws -> (AppHarness, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("strokes.json")
        try Data(Self.deck.utf8).write(to: file)
        let app = try AppHarness(registered: true, deckPath: file.path, width: width)
        app.models.state.homePage = .learn
        pump(until: { app.isShown("flash-card") }, "Learn shown")
        return (app, folder)
    }

    private func show(_ question: String, in app: AppHarness) {
        for _ in 0..<6 where app.models.learn.current?.question != question { app.click("remembered") }
        #expect(app.models.learn.current?.question == question)
    }

    /// The widgets named `name` under `root`, in order.
    private func named(_ name: String, under root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        func walk(_ widget: UnsafeMutablePointer<GtkWidget>) {
            if let widgetName = gtk_widget_get_name(widget), String(cString: widgetName) == name { found.append(widget) }
            children(of: widget).forEach(walk)
        }
        walk(root)
        return found
    }

    @Test("the turned card draws each kanji of the word, once each, with its stroke count, named for a screen reader")
    func eachKanji() throws {
        let (app, folder) = try learn()
        defer { app.close(); _ = folder }
        show("日本語", in: app)
        app.models.learn.flip()
        pump(until: { app.isShown("stroke-order") }, "the stroke order shown on the turned card")
        let order = try #require(app.widget("stroke-order"))
        // The data is read on a thread of its own; the card fills in when it is.
        pump(until: { named("stroke-drawing", under: order).count == 3 }, "日, 本 and 語 drawn")
        let drawings = named("stroke-drawing", under: order)
        #expect(drawings.indices.allSatisfy { index in
            gtkkit_accessible_label_is(drawings[index], ["日, stroke order, 4 strokes", "本, stroke order, 5 strokes",
                                                         "語, stroke order, 14 strokes"][index]) != 0
        })
        #expect(app.labelTexts(in: "stroke-order") == ["4 strokes", "5 strokes", "14 strokes"])
        #expect(named("stroke-replay", under: order).count == 3)

        // A word in kana has no kanji to draw.
        show("はい", in: app)
        app.models.learn.flip()
        pump(until: { app.labelTexts(in: "stroke-order").isEmpty }, "no stroke order for はい")

        // 日曜日 has 日 twice: drawn once.
        show("日曜日", in: app)
        app.models.learn.flip()
        pump(until: { app.labelTexts(in: "stroke-order") == ["4 strokes", "18 strokes"] }, "日 and 曜, 日 once")
    }

    @Test("a word of four kanji fits a 360 px window: its drawings are smaller")
    func narrow() throws {
        let (app, folder) = try learn(width: 360)
        defer { app.close(); _ = folder }
        show("一生懸命", in: app)
        app.models.learn.flip()
        pump(until: { app.labelTexts(in: "stroke-order") == ["1 stroke", "5 strokes", "20 strokes", "8 strokes"] },
             "four kanji drawn")
        let order = try #require(app.widget("stroke-order"))
        let drawings = named("stroke-drawing", under: order)
        pump(until: { drawings.allSatisfy { gtk_widget_get_width($0) > 0 } }, "the drawings laid out")
        #expect(drawings.map { gtk_widget_get_width($0) } == [58, 58, 58, 58])
        #expect(app.window.size.width <= 360, "the window widened to \(app.window.size.width) px")
        var minimum: Int32 = 0
        gtk_widget_measure(order, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        #expect(minimum <= 260, "the row asks for \(minimum) px")
    }

    @Test("Replay draws the strokes again on the frame clock")
    func replay() throws {
        let (app, folder) = try learn()
        defer { app.close(); _ = folder }
        let settings = try #require(gtk_settings_get_default().map { UnsafeMutableRawPointer($0) })
        let animations = gtkkit_get_boolean_property(settings, "gtk-enable-animations")
        defer { gtkkit_set_boolean_property(settings, "gtk-enable-animations", animations) }
        // Drawn still under reduced motion: no frame clock ticks for it.
        gtkkit_set_boolean_property(settings, "gtk-enable-animations", 0)
        show("日本語", in: app)
        app.models.learn.flip()
        pump(until: { app.isShown("stroke-order") }, "the stroke order shown")
        let order = try #require(app.widget("stroke-order"))
        pump(until: { !named("stroke-replay", under: order).isEmpty }, "the strokes read and drawn")
        // Animations back on: only a Replay starts a drawing now.
        gtkkit_set_boolean_property(settings, "gtk-enable-animations", 1)
        let replay = try #require(named("stroke-replay", under: order).first)
        let before = Diagnostics.strokeFrames
        gtkkit_emit(replay, "clicked")
        MainLoop.drain()
        pump(until: { Diagnostics.strokeFrames > before + 3 }, "drawn again, on the frame clock, after Replay")
    }
}
