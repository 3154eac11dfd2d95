import Foundation
import Testing
@testable import KuchiModel

/// The learner's own words: "My Words" is made with its first word, a word goes into a
/// deck once, a deck that is not the learner's takes none, and a deck thinner than a
/// question's choices borrows the rest from Kuchi Basics.
@Suite("The learner's own words")
struct OwnWordsTests {
    private let nekojita = Challenge(question: "猫舌", reading: "ねこじた", answer: "being unable to eat hot food")

    private func catalog(in folder: URL) -> DeckCatalog {
        DeckCatalog(bundledFolder: RepositoryPaths.root.appendingPathComponent("data/decks"), importedFolder: folder.appendingPathComponent("decks"))
    }

    @Test("the first word makes My Words, which loads with one card, and is listed among the decks")
    func firstWord() throws {
        let temporaryFolder = try TemporaryFolder()
        let catalog = catalog(in: temporaryFolder.url)
        #expect(catalog.ownDecks().map(\.id) == [DeckCatalog.ownWordsID], "offered before it exists")
        let deck = try catalog.add(nekojita)
        #expect(deck.name == "My Words" && deck.cards == [nekojita])
        #expect(try catalog.load(id: DeckCatalog.ownWordsID).cards == [nekojita], "it loads, one meaning and all")
        #expect(catalog.entries().contains { $0.id == DeckCatalog.ownWordsID && $0.name == "My Words" })
        let second = Challenge(question: "積ん読", reading: "つんどく", answer: "buying books and not reading them")
        #expect(try catalog.add(second).cards == [nekojita, second])
    }

    @Test("a word already in the deck, a card a deck could not hold, and a deck not the learner's are refused, and nothing changes")
    func refusals() throws {
        let temporaryFolder = try TemporaryFolder()
        let catalog = catalog(in: temporaryFolder.url)
        try catalog.add(nekojita)
        let file = try #require(catalog.file(id: DeckCatalog.ownWordsID))
        let before = try Data(contentsOf: file)
        #expect(throws: DeckError(problems: [DeckProblem(file: "my-words.json", message: "already has 猫舌")])) {
            try catalog.add(nekojita)
        }
        #expect(throws: DeckError.self) { try catalog.add(Challenge(question: "空", reading: "そら", answer: "")) }
        #expect(throws: DeckError.self) { try catalog.add(Challenge(question: "空", reading: "sora", answer: "sky")) }
        #expect(throws: DeckError(problems: [DeckProblem(
            file: "jlpt-n5.json", message: "is not one of your decks: words go into My Words or a deck you imported")])) {
            try catalog.add(nekojita, to: "jlpt-n5")
        }
        #expect(try Data(contentsOf: file) == before, "the deck file is as it was")
    }

    @Test("the decks that have a word are found: a bundled one, Kuchi Basics, and My Words once it has it")
    func decksContaining() throws {
        let temporaryFolder = try TemporaryFolder()
        let catalog = catalog(in: temporaryFolder.url)
        #expect(catalog.decks(containing: "猫舌").isEmpty)
        try catalog.add(nekojita)
        #expect(catalog.decks(containing: "猫舌").map(\.id) == [DeckCatalog.ownWordsID])
        #expect(catalog.decks(containing: "はい").map(\.id).first == "kuchi-basics")
        let n5Word = try #require(try catalog.load(id: "jlpt-n5").cards.first?.question)
        #expect(catalog.decks(containing: n5Word).contains { $0.id == "jlpt-n5" })
    }

    @Test("a deck of one word still asks with three choices, two of them borrowed from Kuchi Basics")
    @MainActor
    func thinDeckChoices() throws {
        let deck = Deck(name: "My Words", language: "ja", cards: [nekojita])
        let dealer = ChallengeDealer(deck: deck, choicesPerQuestion: 3)
        var random = SeededRandomNumberGenerator(seed: 3)
        let question = dealer.question(forCardAt: 0, using: &random)
        #expect(question.answers.count == 3)
        #expect(question.answers.contains(nekojita.answer))
        let basics = Set(Deck.kuchiBasics.cards.map(\.answer))
        #expect(question.answers.filter { basics.contains($0) }.count == 2)
    }
}
