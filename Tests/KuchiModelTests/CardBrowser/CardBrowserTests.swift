import Foundation
import Testing
@testable import KuchiModel

@Suite("Card browser: search and order")
@MainActor
struct CardBrowserTests {
    @Test("typing romaji finds a word by its kana reading: taberu finds 食べる")
    func romajiFindsReading() {
        let browser = browsing()
        browser.query = "taberu"
        #expect(questions(browser) == ["食べる"])
    }

    @Test("romaji typed so far finds the words whose reading starts so: tabe")
    func romajiPrefix() {
        let browser = browsing()
        browser.query = "tabe"
        #expect(questions(browser) == ["食べる", "食べ物"])
    }

    @Test("katakana finds hiragana and the reverse; case does not matter in meanings")
    func kanaAndCaseInsensitive() {
        let browser = browsing()
        browser.query = "タベル"
        #expect(questions(browser) == ["食べる"])
        browser.query = "こーひー"
        #expect(questions(browser) == ["コーヒー"])
        browser.query = "DOG"
        #expect(questions(browser) == ["犬"])
    }

    @Test("the word as written, and any part of the meaning, find a card")
    func wordAndMeaning() {
        let browser = browsing()
        browser.query = "物"
        #expect(questions(browser) == ["食べ物"])
        browser.query = "coff"
        #expect(questions(browser) == ["コーヒー"])
    }

    @Test("an empty or blank query shows every card; a query nothing holds shows none")
    func emptyAndMissing() {
        let browser = browsing()
        browser.query = "zzz"
        #expect(browser.visible.isEmpty)
        #expect(browser.summary == "0 of 5 cards")
        browser.query = "  "
        #expect(browser.visible == [0, 1, 2, 3, 4])
        #expect(browser.summary == "5 cards")
    }

    @Test("a match never spans two fields: the end of the word and the start of the reading")
    func noMatchAcrossFields() {
        let browser = browsing()
        browser.query = "犬いぬ"
        #expect(browser.visible.isEmpty)
        browser.query = "いぬ"
        #expect(questions(browser) == ["犬"])
    }

    @Test("by due: soonest first, new cards after in deck order; by state: new, learning, review, relearning, suspended")
    func orders() {
        let browser = browsing()
        browser.order = .due
        #expect(questions(browser) == ["犬", "食べ物", "猫", "食べる", "コーヒー"])
        browser.order = .state
        #expect(questions(browser) == ["食べる", "コーヒー", "犬", "食べ物", "猫"])
        browser.order = .deck
        #expect(questions(browser) == ["食べる", "食べ物", "犬", "猫", "コーヒー"])
    }

    @Test("by word: in kana order of the readings, katakana as hiragana")
    func wordOrder() {
        let browser = browsing()
        browser.order = .word
        // いぬ, こーひー, たべもの, たべる, ねこ
        #expect(questions(browser) == ["犬", "コーヒー", "食べ物", "食べる", "猫"])
    }

    @Test("search and order combine, and a card's new state moves it in its order")
    func searchWithinOrder() {
        let browser = browsing()
        browser.order = .due
        browser.query = "tabe"
        #expect(questions(browser) == ["食べ物", "食べる"])
        var schedule = fixtureSchedule
        schedule.cards["食べる"] = ScheduledCard(state: .review, due: epoch.addingTimeInterval(-60))
        browser.update("食べる", deck: "fixture", schedule: schedule)
        #expect(questions(browser) == ["食べる", "食べ物"])
        #expect(browser.cards[0].status == .review)
    }

    @Test("a suspended card says so, whatever its state")
    func suspendedStatus() throws {
        let browser = browsing()
        let cat = try #require(browser.position(of: "猫", deck: "fixture"))
        #expect(browser.cards[cat].status == .suspended)
        #expect(browser.cards[cat].state == .review)
        #expect(browser.cards[try #require(browser.position(of: "犬", deck: "fixture"))].status == .learning)
    }

    @Test("every deck at once: deck after deck, a word in two decks is two cards, each changed in its own deck")
    func everyDeck() throws {
        let browser = CardBrowser(now: { epoch })
        let mine = Deck(name: "My Words", language: "ja", cards: [
            Challenge(question: "猫舌", reading: "ねこじた", answer: "dislike of hot food"),
            Challenge(question: "犬", reading: "いぬ", answer: "hound"),
        ])
        browser.show([
            BrowsedDeck(fixtureDeck, key: "fixture", catalogID: "fixture", schedule: fixtureSchedule, isImported: false),
            BrowsedDeck(mine, key: "my-words", catalogID: "my-words", schedule: nil, isImported: true),
        ], everyDeck: true)
        #expect(browser.showsEveryDeck && browser.summary == "7 cards")
        #expect(questions(browser) == ["食べる", "食べ物", "犬", "猫", "コーヒー", "猫舌", "犬"])
        let theirDog = try #require(browser.position(of: "犬", deck: "fixture"))
        let myDog = try #require(browser.position(of: "犬", deck: "my-words"))
        #expect(theirDog != myDog && browser.deck(of: browser.cards[myDog])?.name == "My Words")
        #expect(browser.cards[theirDog].status == .learning && browser.cards[myDog].status == .new)
        browser.update("犬", deck: "my-words", schedule: DeckSchedule(suspended: ["犬"]))
        #expect(browser.cards[myDog].status == .suspended)
        #expect(browser.cards[theirDog].status == .learning, "the same word in the other deck is another card")
        // Delete is for imported decks: the selected card's deck says.
        #expect(!browser.isImportedDeck, "nothing selected among every deck")
        browser.selected = myDog
        #expect(browser.isImportedDeck)
        browser.selected = theirDog
        #expect(!browser.isImportedDeck)
        browser.query = "hound"
        #expect(browser.visible == [myDog])
        // The deck in use alone again: the selection goes with the other decks.
        browser.show(fixtureDeck, key: "fixture", schedule: fixtureSchedule, isImported: false)
        #expect(!browser.showsEveryDeck && browser.selected == nil && browser.cards.count == 5)
    }

    @Test("over 100,000 cards a search finds exactly the cards that match")
    func largeDeck() {
        let cards = (0..<100_000).map { Challenge(question: "語\($0)", reading: "ご", answer: "word \($0)") }
        let browser = CardBrowser(now: { epoch })
        browser.show(Deck(name: "Big", language: "ja", cards: cards), key: "big", schedule: nil, isImported: false)
        browser.query = "word 99999"
        #expect(browser.visible == [99_999])
        browser.query = "ご"
        #expect(browser.visible.count == 100_000)
    }
}

private let epoch = Date(timeIntervalSince1970: 1_795_306_500)

private let fixtureDeck = Deck(name: "Fixture", language: "ja", cards: [
    Challenge(question: "食べる", reading: "たべる", romaji: "taberu", answer: "to eat"),
    Challenge(question: "食べ物", reading: "たべもの", answer: "food"),
    Challenge(question: "犬", reading: "いぬ", answer: "dog"),
    Challenge(question: "猫", reading: "ねこ", answer: "cat"),
    Challenge(question: "コーヒー", reading: "コーヒー", answer: "Coffee"),
])

private let fixtureSchedule = DeckSchedule(
    cards: [
        "犬": ScheduledCard(state: .learning, due: epoch.addingTimeInterval(60)),
        "食べ物": ScheduledCard(state: .review, due: epoch.addingTimeInterval(3_600)),
        "猫": ScheduledCard(state: .review, due: epoch.addingTimeInterval(7_200)),
    ],
    suspended: ["猫"])

@MainActor
private func browsing() -> CardBrowser {
    let browser = CardBrowser(now: { epoch })
    browser.show(fixtureDeck, key: "fixture", schedule: fixtureSchedule, isImported: false)
    return browser
}

@MainActor
private func questions(_ browser: CardBrowser) -> [String] {
    browser.visible.map { browser.cards[$0].card.question }
}
