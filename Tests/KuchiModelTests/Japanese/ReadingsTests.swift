import Foundation
import Testing
import KuchiModel

@Suite("Deck format 2: readings and examples")
struct DeckFormat2Tests {
    private let text = """
        {"format": 2, "name": "Two", "language": "ja", "license": "CC0-1.0", "attribution": "Tests",
         "cards": [
          {"question": "食べる", "reading": "たべる", "romaji": "taberu", "answer": "to eat", "level": "N5",
           "examples": [{"ja": "パンを食べた。", "en": "I ate bread."}]},
          {"question": "テレビ", "reading": "テレビ", "romaji": "terebi", "answer": "television", "level": "N5"},
          {"question": "日", "reading": "ニチ、ジツ、ひ", "answer": "day; sun", "level": "N5", "examples": null}
        ]}
        """

    @Test("a format 2 deck is read with every field")
    func readsEveryField() throws {
        let deck = try DeckLoader.decode(Data(text.utf8), file: "two.json")
        #expect(deck.cards[0] == Challenge(
            question: "食べる", reading: "たべる", romaji: "taberu", answer: "to eat", level: "N5",
            examples: [Example(ja: "パンを食べた。", en: "I ate bread.")]))
        #expect(deck.cards[1].reading == "テレビ")
        #expect(deck.cards[2].romaji == "" && deck.cards[2].examples.isEmpty)
        #expect(deck.cards[2].senses == ["day", "sun"])
    }

    @Test("format 1: kana in 'pronunciation' is the reading, romaji is romaji, a kana word reads as itself")
    func formatOneReadings() throws {
        let data = Data(#"""
            {"format": 1, "name": "One", "language": "ja", "cards": [
              {"question": "犬", "pronunciation": "inu", "answer": "dog"},
              {"question": "猫", "pronunciation": "ねこ", "answer": "cat"},
              {"question": "はい", "pronunciation": "hai", "answer": "yes"}]}
            """#.utf8)
        let cards = try DeckLoader.decode(data, file: "one.json").cards
        #expect(cards.map(\.reading) == ["", "ねこ", "はい"])
        #expect(cards.map(\.romaji) == ["inu", "", "hai"])
    }

    @Test("a deck written by Kuchi (format 2) reads back the same")
    func roundTrip() throws {
        let deck = try DeckLoader.decode(Data(text.utf8), file: "two.json")
        let temporaryFolder = try TemporaryFolder()
        let folder = temporaryFolder.url
        let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder)
        let source = folder.appendingPathComponent("source.json")
        try Data(text.utf8).write(to: source)
        let entry = try catalog.import(LocalPath(source)).entry
        #expect(try catalog.load(id: entry.id) == deck)
    }

    @Test("Kana: what is a reading")
    func kanaReadings() {
        #expect(Kana.isReading("たべる") && Kana.isReading("テレビ") && Kana.isReading("ニチ、ジツ、ひ"))
        #expect(Kana.isReading("おねがい します") && Kana.isReading("コーヒー"))
        #expect(!Kana.isReading("taberu") && !Kana.isReading("食べる") && !Kana.isReading("") && !Kana.isReading("、"))
        #expect(Kana.hiragana("カタカナとひらがなー") == "かたかなとひらがなー")
    }
}

@Suite("How readings show")
struct ReadingPresentationTests {
    private let eat = Challenge(
        question: "食べる", reading: "たべる", romaji: "taberu", answer: "to eat",
        examples: [Example(ja: "パンを食べた。", en: "I ate bread.")])
    private let yes = Challenge(question: "はい", pronunciation: "hai", answer: "yes")
    private let day = Challenge(question: "日", reading: "ニチ、ジツ、ひ", romaji: "nichi", answer: "day")
    private let romajiOnly = Challenge(question: "犬", pronunciation: "inu", answer: "dog")

    @Test("furigana: the reading over the word, read as 'word, reading'")
    func furigana() {
        let shown = ReadingPresentation(eat, display: .furigana, revealed: false)
        #expect(shown.word.contains { $0.reading != nil })
        #expect(shown.word.map(\.text).joined() == "食べる")
        #expect(shown.line == "")
        #expect(shown.spoken == "食べる, たべる")
    }

    @Test("below, romaji and hidden")
    func otherDisplays() {
        let below = ReadingPresentation(eat, display: .below, revealed: false)
        #expect(below.word.allSatisfy { $0.reading == nil } && below.line == "たべる")
        let romaji = ReadingPresentation(eat, display: .romaji, revealed: false)
        #expect(romaji.line == "taberu" && romaji.spoken == "食べる, taberu")
        let hidden = ReadingPresentation(eat, display: .hidden, revealed: false)
        #expect(hidden.line == "" && hidden.word.allSatisfy { $0.reading == nil } && hidden.spoken == "食べる")
    }

    @Test("a hidden reading shows as furigana once the card is turned or answered")
    func revealed() {
        let shown = ReadingPresentation(eat, display: .hidden, revealed: true)
        #expect(shown == ReadingPresentation(eat, display: .furigana, revealed: false))
    }

    @Test("a kana word has no furigana and is not read twice; a kanji's list of readings goes below")
    func specialCards() {
        let kana = ReadingPresentation(yes, display: .furigana, revealed: true)
        #expect(kana.word == [FuriganaSegment(text: "はい", reading: nil)] && kana.line == "" && kana.spoken == "はい")
        #expect(ReadingPresentation(yes, display: .romaji, revealed: false).line == "hai")
        let kanji = ReadingPresentation(day, display: .furigana, revealed: false)
        #expect(kanji.word == [FuriganaSegment(text: "日", reading: nil)] && kanji.line == "ニチ、ジツ、ひ")
    }

    @Test("what is said aloud: the reading in kana, the word itself for a card with romaji only")
    func spokenText() {
        #expect(eat.spokenText == "たべる")
        #expect(day.spokenText == "ニチ、ジツ、ひ")
        #expect(romajiOnly.spokenText == "犬")
    }

    @Test("a deck with romaji only shows romaji whatever the setting, except hidden")
    func romajiOnlyDeck() {
        for display in [ReadingDisplay.furigana, .below, .romaji] {
            #expect(ReadingPresentation(romajiOnly, display: display, revealed: false).line == "inu")
        }
        #expect(ReadingPresentation(romajiOnly, display: .hidden, revealed: false).line == "")
    }

    @Test("an example finds its word: as written, by its stem, or by its reading")
    func exampleWord() {
        let sentence = Example(ja: "パンを食べた。", en: "")
        #expect(sentence.wordRange(of: eat).map { String(sentence.ja[$0]) } == "食べ")
        let kana = Example(ja: "たべものがすき。", en: "")
        let card = Challenge(question: "食べ物", reading: "たべもの", answer: "food")
        #expect(kana.wordRange(of: card).map { String(kana.ja[$0]) } == "たべもの")
        #expect(Example(ja: "水を飲む。", en: "").wordRange(of: eat) == nil)
    }

    @Test("the setting is kept, and a settings file without it takes furigana")
    func setting() throws {
        #expect(try JSONDecoder().decode(Settings.self, from: Data("{}".utf8)).readings == .furigana)
        var settings = Settings()
        settings.readings = .romaji
        let copy = try JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(settings))
        #expect(copy.readings == .romaji)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Settings.self, from: Data(#"{"readings": "kanji"}"#.utf8))
        }
    }
}

@Suite("The practice core")
struct PracticeCoreTests {
    @Test("one rule rates every answer: right = Good, right after a hint = Hard, wrong = Again")
    func ratingRule() {
        #expect(AnswerOutcome.right.rating == .good)
        #expect(AnswerOutcome.rightAfterHint.rating == .hard)
        #expect(AnswerOutcome.wrong.rating == .again)
        #expect(AnswerOutcome.rightAfterHint.isRight && !AnswerOutcome.wrong.isRight)
    }
}
