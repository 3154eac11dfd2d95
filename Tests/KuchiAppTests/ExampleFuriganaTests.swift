import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import TemporaryFolderFixture
import Testing
@testable import KuchiApp

/// The turned Learn card's example sentence: furigana over its kanji words through the
/// real ruby widget, as the Readings setting shows the word's; the sentence in kana
/// below with Readings below; said once to a screen reader; wrapped in a narrow window.
@Suite("Furigana in the example sentence", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct ExampleFuriganaScreenTests {
    private static let deck = #"""
        {"format": 2, "name": "Sentences", "language": "ja", "cards": [
         {"question": "頭痛", "reading": "ずつう", "romaji": "zutsū", "answer": "headache", "examples": [
          {"ja": "頭痛がする。", "en": "I have a headache.", "ruby": [[0, 2, "ずつう"]]}]},
         {"question": "食べる", "reading": "たべる", "romaji": "taberu", "answer": "to eat", "examples": [
          {"ja": "私は毎朝七時に家で家族と一緒に温かいご飯を食べてから学校へ行きます。", "en": "I eat breakfast at home with my family every morning at seven before going to school.",
           "ruby": [[0, 1, "わたし"], [2, 4, "まいあさ"], [4, 5, "なな"], [5, 6, "じ"], [7, 8, "いえ"], [9, 11, "かぞく"],
                    [12, 14, "いっしょ"], [15, 17, "あたたか"], [19, 20, "はん"], [21, 23, "たべ"], [26, 28, "がっこう"],
                    [29, 31, "いき"]]}]},
         {"question": "猫", "reading": "ねこ", "romaji": "neko", "answer": "cat", "examples": [
          {"ja": "10時に猫が来た。", "en": "The cat came at ten."}]}
        ]}
        """#

    private func learn(width: Int = 720, _ settings: (inout Settings) -> Void = { _ in }) throws -> (AppHarness, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("sentences.json")
        try Data(Self.deck.utf8).write(to: file)
        let app = try AppHarness(registered: true, deckPath: file.path, width: width)
        settings(&app.models.users.settings)
        app.models.state.homePage = .learn
        pump(until: { app.isShown("flash-card") }, "Learn shown")
        return (app, folder)
    }

    /// Shows the card `question` turned.
    private func turned(_ question: String, in app: AppHarness) {
        for _ in 0..<6 where app.models.learn.current?.question != question { app.click("remembered") }
        #expect(app.models.learn.current?.question == question)
        app.models.learn.flip()
        pump(until: { app.isShown("example") }, "the example shown on the turned card")
    }

    /// The example's cells as laid out now: each base and, where there is one, its ruby.
    private func cells(_ widget: UnsafeMutablePointer<GtkWidget>) -> [(base: GdkRectangle, ruby: GdkRectangle?)] {
        var bases = [GdkRectangle](repeating: GdkRectangle(), count: 64), rubies = bases
        let count = Int(gtkkit_ruby_get_rectangles(
            OpaquePointer(widget), gtk_widget_get_width(widget), gtk_widget_get_height(widget), &bases, &rubies, 64))
        return (0..<min(count, 64)).map { (bases[$0], rubies[$0].width > 0 ? rubies[$0] : nil) }
    }

    private func spoken(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) -> Bool {
        gtkkit_accessible_label_is(widget, label) != 0
    }

    @Test("with furigana: ずつう over 頭痛, nothing over the kana, the sentence said once")
    func furigana() throws {
        let (app, folder) = try learn()
        defer { app.close(); _ = folder }
        turned("頭痛", in: app)
        let example = try #require(app.widget("example"))
        pump(until: { cells(example).count == 2 && gtk_widget_get_width(example) > 0 }, "頭痛 and がする。 laid out")
        let laid = cells(example)
        let ruby = try #require(laid[0].ruby, "a ruby over 頭痛")
        #expect(laid[1].ruby == nil, "none over the kana")
        #expect(ruby.y + ruby.height <= laid[0].base.y, "the ruby above its word")
        #expect(spoken(example, "頭痛がする。"), "the sentence once, not its reading after it")
        #expect(!app.isShown("example-reading"), "no empty line under the sentence")
        #expect(app.text("example-translation") == "I have a headache.")
    }

    @Test("Readings on Romaji: no furigana over the sentence, which has no romaji; Below: the sentence in kana below it")
    func otherSettings() throws {
        let (app, folder) = try learn { $0.readings = .romaji }
        defer { app.close(); _ = folder }
        turned("頭痛", in: app)
        let example = try #require(app.widget("example"))
        pump(until: { cells(example).count == 2 }, "the sentence laid out")
        #expect(cells(example).allSatisfy { $0.ruby == nil })
        #expect(spoken(example, "頭痛がする。"))
        // The setting changed while the card shows: the sentence follows at once.
        app.models.users.settings.readings = .below
        pump(until: { app.text("example-reading") == "ずつうがする。" && app.isShown("example-reading") },
             "the sentence in kana below")
        #expect(cells(example).allSatisfy { $0.ruby == nil })
        app.models.users.settings.readings = .furigana
        pump(until: { cells(example).first?.ruby != nil }, "furigana again")
        pump(until: { !app.isShown("example-reading") }, "the kana line gone")
    }

    @Test("a sentence without readings in the deck shows as it is")
    func without() throws {
        let (app, folder) = try learn()
        defer { app.close(); _ = folder }
        turned("猫", in: app)
        let example = try #require(app.widget("example"))
        pump(until: { !cells(example).isEmpty }, "the sentence laid out")
        #expect(cells(example).allSatisfy { $0.ruby == nil })
        #expect(spoken(example, "10時に猫が来た。"))
    }

    @Test("a long sentence wraps in a 360 px window, its readings over their words, た over 食 only")
    func narrow() throws {
        let (app, folder) = try learn(width: 360)
        defer { app.close(); _ = folder }
        turned("食べる", in: app)
        let example = try #require(app.widget("example"))
        pump(until: { cells(example).count > 20 && gtk_widget_get_width(example) > 0 }, "the sentence laid out")
        let laid = cells(example)
        let lines = Set(laid.map(\.base.y))
        #expect(lines.count >= 2, "one line of \(laid.count) cells")
        #expect(laid.allSatisfy { $0.base.x + $0.base.width <= gtk_widget_get_width(example) })
        #expect(app.window.size.width <= 360, "the window widened to \(app.window.size.width) px")
        #expect(laid.filter { $0.ruby != nil }.count == 12, "a ruby over each kanji word, none over its kana")
        #expect(spoken(example, "私は毎朝七時に家で家族と一緒に温かいご飯を食べてから学校へ行きます。"))
    }
}
