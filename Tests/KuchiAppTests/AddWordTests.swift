import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// "Add a Word" through its real widgets: the dictionary fills the form as the word is
/// typed, Add puts the card into My Words (made then) where the schedule has it new, a
/// word already in a deck is named, and the dialog fits the smallest window.
@Suite("Add a word", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct AddWordTests {
    private func type(_ text: String, into name: String, in app: AppHarness) throws {
        try app.typeInDialog(text, into: name)
    }

    @Test("typing 猫舌 fills its reading and meaning; Add puts it in My Words, new in the schedule, and says so")
    func addFromTheDictionary() throws {
        let app = try AppHarness(registered: true, width: 360, height: 294)
        defer { app.close() }
        app.models.words.open()
        pump(until: { app.dialog != nil }, "the dialog shows")
        #expect(app.dialogTexts().contains("Add a Word"))
        try type("猫舌", into: "add-word", in: app)
        #expect(app.models.words.reading == "ねこじた")
        #expect(app.models.words.meaning.contains("hot food"), "\(app.models.words.meaning)")
        #expect(app.dialogTexts().contains { $0.hasPrefix("猫舌 (ねこじた)") }, "the entry is offered")
        #expect(app.models.words.canAdd)
        app.models.words.add()
        pump(until: { app.dialog == nil }, "the dialog closes")
        let deck = try app.models.decks.catalog.load(id: DeckCatalog.ownWordsID)
        #expect(deck.name == "My Words")
        #expect(deck.cards.map(\.question) == ["猫舌"])
        #expect(deck.cards.first?.reading == "ねこじた")
        #expect(app.models.decks.entries.contains { $0.id == DeckCatalog.ownWordsID }, "listed in Settings")
        // In use, it is asked at once: the card is new.
        app.models.decks.select(DeckCatalog.ownWordsID)
        pump(until: { app.models.deckInUse.name == "My Words" })
        #expect(app.models.planner.sessionQuestions(deck: app.models.deckInUse.key, questions: ["猫舌"], limit: 5) == ["猫舌"])
    }

    @Test("Enter in the word's entry adds it, as the dialog's default response (Add)")
    func enterAdds() throws {
        let app = try AppHarness(registered: true, width: 360, height: 294)
        defer { app.close() }
        app.models.words.open()
        pump(until: { app.dialog != nil }, "the dialog shows")
        try type("猫舌", into: "add-word", in: app)
        #expect(app.models.words.canAdd)
        let entry = try #require(app.dialogWidget("add-word"))
        // What Enter does in an entry: its text's "activate", which a GtkEntry keeps to
        // itself unless it activates the window's default (Add).
        let text = try #require(gtk_editable_get_delegate(OpaquePointer(entry)))
        gtkkit_emit(UnsafeMutableRawPointer(text).assumingMemoryBound(to: GtkWidget.self), "activate")
        pump(until: { app.dialog == nil }, "Enter closed the dialog")
        let deck = try app.models.decks.catalog.load(id: DeckCatalog.ownWordsID)
        #expect(deck.cards.map(\.question) == ["猫舌"], "Enter added the word")
    }

    @Test("the card browser's Add button opens the dialog")
    func fromTheBrowser() throws {
        let app = try AppHarness(registered: true, width: 360, height: 294)
        defer { app.close() }
        app.models.cards.open()
        pump(until: { app.isShown("card-add") }, "the browser shows its Add button")
        app.click("card-add")
        pump(until: { app.dialog != nil }, "the dialog shows")
        #expect(app.dialogTexts().contains("Add a Word"))
    }

    @Test("romaji finds the word; choosing a suggestion fills word, reading and meaning; a typed meaning stays")
    func romajiAndChoices() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        app.models.words.open()
        pump(until: { app.dialog != nil }, "the dialog shows")
        try type("nippon", into: "add-word", in: app)
        let rows = app.models.words.suggestionRows
        let index = try #require(rows.firstIndex { $0.title.hasPrefix("日本 (にっぽん)") }, "\(rows.map(\.title))")
        app.models.words.choose(index)
        #expect(app.models.words.word == "日本")
        #expect(app.models.words.reading == "にっぽん", "the chosen reading, not the best one (にほん)")
        try type("my own meaning", into: "add-meaning", in: app)
        try type("猫", into: "add-word", in: app)
        #expect(app.models.words.meaning == "my own meaning", "a meaning the learner typed is left alone")
        #expect(app.models.words.reading == "ねこ")
    }

    @Test("a word already in a bundled deck is named, and still goes into My Words; a second time it is refused in words")
    func alreadyInADeck() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        let word = try #require(try app.models.decks.catalog.load(id: "jlpt-n5").cards.first)
        app.models.words.open()
        pump(until: { app.dialog != nil }, "the dialog shows")
        try type(word.question, into: "add-word", in: app)
        pump(until: { !app.models.words.alreadyIn.isEmpty }, "the decks that have it found")
        #expect(app.models.words.alreadyIn.contains("JLPT N5"))
        pump(until: { app.dialogTexts().contains { $0.hasPrefix("Already in") && $0.contains("JLPT N5") } }, "the dialog names it")
        if app.models.words.meaning.isEmpty { try type(word.answer, into: "add-meaning", in: app) }
        app.models.words.add()
        pump(until: { app.dialog == nil })
        #expect(try app.models.decks.catalog.load(id: DeckCatalog.ownWordsID).cards.map(\.question) == [word.question])
        app.models.words.open()
        pump(until: { app.dialog != nil })
        try type(word.question, into: "add-word", in: app)
        if app.models.words.meaning.isEmpty { try type(word.answer, into: "add-meaning", in: app) }
        app.models.words.add()
        pump(until: { app.models.state.importFailure != nil }, "refused")
        #expect(app.models.state.importFailure?.message == "my-words.json: already has \(word.question)")
    }
}
