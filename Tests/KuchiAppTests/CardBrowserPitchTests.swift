import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import TemporaryFolderFixture
import Testing
@testable import KuchiApp

/// The card browser's rows draw a card's pitch accent over its reading as the Learn
/// card does: over the Reading column in a wide window, over the furigana in a narrow
/// one; nothing for a card without one, nor with Settings' Pitch Accent off.
@Suite("Pitch accent in the card browser", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct CardBrowserPitchTests {
    private static let deck = #"""
        {"format": 2, "name": "Pairs", "language": "ja", "cards": [
         {"question": "箸", "reading": "はし", "romaji": "hashi", "answer": "chopsticks", "pitch": [1]},
         {"question": "雨", "reading": "あめ", "romaji": "ame", "answer": "rain"},
         {"question": "橋", "reading": "はしご", "romaji": "hashigo", "answer": "ladder (not really)", "pitch": [0]}
        ]}
        """#

    private func browse(width: Int) throws -> (AppHarness, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("pairs.json")
        try Data(Self.deck.utf8).write(to: file)
        let app = try AppHarness(registered: true, deckPath: file.path, width: width)
        app.models.cards.open()
        pump(until: { app.text("card-count") == "3 cards" }, "the deck's cards in the browser")
        return (app, folder)
    }

    /// The widgets named `name` in the window, in order.
    private func named(_ name: String, in app: AppHarness) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        func walk(_ widget: UnsafeMutablePointer<GtkWidget>) {
            if let widgetName = gtk_widget_get_name(widget), String(cString: widgetName) == name,
               gtk_widget_get_mapped(widget) != 0 { found.append(widget) }
            children(of: widget).forEach(walk)
        }
        walk(typed(app.window.gtkWindow))
        return found
    }

    /// The number of overline rectangles (lines and drops) of the mapped ruby widget
    /// `name` that a screen reader names `label`; nil when none shows.
    private func overlines(_ name: String, _ label: String, in app: AppHarness) -> Int? {
        guard let widget = named(name, in: app).first(where: { gtkkit_accessible_label_is($0, label) != 0 }) else { return nil }
        var rectangles = [GdkRectangle](repeating: GdkRectangle(), count: 8)
        return Int(gtkkit_ruby_get_overline_rectangles(
            OpaquePointer(widget), gtk_widget_get_width(widget), gtk_widget_get_height(widget), &rectangles, 8))
    }

    @Test("wide: a line over the Reading column's は and its drop for 箸, none for 雨; the setting hides it")
    func wide() throws {
        let (app, folder) = try browse(width: 1000)
        defer { app.close(); _ = folder }
        pump(until: { overlines("card-browser-reading", "あめ", in: app) != nil }, "the rows show")
        pump(until: { overlines("card-browser-reading", "はし", in: app) == 2 }, "箸: a line over は and the drop after it")
        #expect(overlines("card-browser-reading", "あめ", in: app) == 0, "no data: nothing rather than a guess")
        #expect((overlines("card-browser-reading", "はしご", in: app) ?? 0) > 0, "heiban: a line from し on")
        app.models.users.settings.pitchAccent = false
        pump(until: { overlines("card-browser-reading", "はし", in: app) == 0 }, "hidden with the setting")
    }

    @Test("narrow: the line over the furigana of the word, as on the Learn card")
    func narrow() throws {
        let (app, folder) = try browse(width: 360)
        defer { app.close(); _ = folder }
        pump(until: { overlines("card-browser-word", "雨, あめ", in: app) != nil }, "the rows show")
        pump(until: { overlines("card-browser-word", "箸, はし, high-low, atamadaka", in: app) == 2 }, "箸's pitch over はし")
        #expect(overlines("card-browser-word", "雨, あめ", in: app) == 0)
        app.models.users.settings.pitchAccent = false
        pump(until: { overlines("card-browser-word", "箸, はし", in: app) == 0 }, "hidden with the setting")
    }
}
