import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import TemporaryFolderFixture
import Testing
@testable import KuchiApp

/// The pitch accent on the Learn card and in practice: a line over the high kana of the
/// reading that turns down after the accent nucleus, the pattern's name in the tooltip
/// and said with the reading; nothing for a card without one, nor with the setting off.
@Suite("Pitch accent on the card", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct PitchAccentScreenTests {
    private static let deck = #"""
        {"format": 2, "name": "Pairs", "language": "ja", "cards": [
         {"question": "箸", "reading": "はし", "romaji": "hashi", "answer": "chopsticks", "pitch": [1]},
         {"question": "橋", "reading": "はし", "romaji": "hashi", "answer": "bridge", "pitch": [2]},
         {"question": "端", "reading": "はし", "romaji": "hashi", "answer": "edge"},
         {"question": "雨", "reading": "あめ", "romaji": "ame", "answer": "rain", "pitch": [1]}
        ]}
        """#

    /// The overlines of the ruby widget `widget` as drawn now.
    private func overlines(_ widget: UnsafeMutablePointer<GtkWidget>) -> [GdkRectangle] {
        var rectangles = [GdkRectangle](repeating: GdkRectangle(), count: 8)
        let ruby = OpaquePointer(widget)
        let count = gtkkit_ruby_get_overline_rectangles(
            ruby, gtk_widget_get_width(widget), gtk_widget_get_height(widget), &rectangles, 8)
        return Array(rectangles.prefix(Int(count)))
    }

    private func spoken(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) -> Bool {
        gtkkit_accessible_label_is(widget, label) != 0
    }

    private func learn(_ settings: (inout Settings) -> Void) throws -> (AppHarness, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("pairs.json")
        try Data(Self.deck.utf8).write(to: file)
        let app = try AppHarness(registered: true, deckPath: file.path)
        settings(&app.models.users.settings)
        app.models.state.homePage = .learn
        pump(until: { app.isShown("flash-card") }, "Learn shown")
        return (app, folder)
    }

    /// Passes cards with Remembered until the card `question` shows.
    private func show(_ question: String, in app: AppHarness) {
        for _ in 0..<8 where app.models.learn.current?.question != question { app.click("remembered") }
        #expect(app.models.learn.current?.question == question)
    }

    @Test("over the furigana: a line and its drop, the name in the tooltip and for a screen reader")
    func furigana() throws {
        let (app, folder) = try learn { _ in }
        defer { app.close(); _ = folder }
        show("箸", in: app)
        let word = try #require(app.widget("word"))
        pump(until: { spoken(word, "箸, はし, high-low, atamadaka") }, "箸 said with its pitch")
        pump(until: { overlines(word).count == 2 }, "a line over は and its drop")
        #expect(String(cString: gtk_widget_get_tooltip_text(word)) == "Pitch accent: atamadaka (high-low)")

        show("端", in: app)
        pump(until: { spoken(word, "端, はし") }, "端 has no data: said without a pitch")
        #expect(overlines(word).isEmpty, "a card without data shows nothing rather than a guess")
        #expect(gtk_widget_get_tooltip_text(word) == nil)
    }

    @Test("on the line below the word, with Readings below; the word itself carries none")
    func below() throws {
        let (app, folder) = try learn { $0.readings = .below }
        defer { app.close(); _ = folder }
        show("橋", in: app)
        let word = try #require(app.widget("word")), line = try #require(app.widget("reading"))
        pump(until: { overlines(line).count == 2 }, "橋: a line over し and the drop after it")
        #expect(overlines(word).isEmpty)
        #expect(spoken(word, "橋, はし, low-high, odaka"))
        // The drop is at the end of the reading (odaka): the downstroke at the line's end.
        let rectangles = overlines(line)
        let drop = try #require(rectangles.first { $0.height > $0.width })
        let rule = try #require(rectangles.first { $0.width > $0.height })
        #expect(drop.x + drop.width == rule.x + rule.width)
    }

    @Test("Settings' Pitch Accent switch hides it everywhere, at once, and settings.json keeps it")
    func switchedOff() throws {
        let (app, folder) = try learn { _ in }
        defer { app.close(); _ = folder }
        show("雨", in: app)
        let word = try #require(app.widget("word"))
        pump(until: { overlines(word).count == 2 }, "雨 shows its pitch")
        app.models.state.homePage = .settings
        pump(until: { app.isShown("pitch-accent") }, "Settings shown")
        let row = try #require(app.widget("pitch-accent"))
        let toggle = try #require(descendant(of: row, type: gtk_switch_get_type()))
        #expect(gtk_switch_get_active(OpaquePointer(toggle)) != 0, "shown by default")
        gtk_switch_set_active(OpaquePointer(toggle), 0)
        #expect(app.models.users.settings.pitchAccent == false)
        pump(until: { overlines(word).isEmpty && spoken(word, "雨, あめ") }, "hidden at once")
        pump(until: {
            (try? String(contentsOf: app.folder.appendingPathComponent("config/settings.json"), encoding: .utf8))?
                .contains(#""pitchAccent" : false"#) == true
        }, "kept in settings.json")
    }
}
