import Testing
import KuchiModel

@MainActor
@Suite("Answer choices")
struct ChoicesTests {
    @Test("choices are distinct, three of them, and hold the answer exactly once", arguments: 0..<200 as Range<UInt64>)
    func choicesAreWellFormed(seed: UInt64) throws {
        let model = ChallengesViewModel(deck: repeatedAnswers, questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: seed))
        for _ in 0..<5 {
            let test = try #require(model.currentChallenge)
            #expect(test.answers.count == 3)
            #expect(Set(test.answers).count == 3)
            #expect(test.answers.filter(test.isCorrect).count == 1)
            model.moveOn()
        }
    }

    @Test("the correct answer appears in every position", arguments: [0, 1, 2])
    func correctAnswerMoves(position: Int) {
        let model = ChallengesViewModel(deck: .kuchiBasics, questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: 42))
        var seen = false
        for _ in 0..<100 where !seen {
            if let test = model.currentChallenge, test.isCorrect(test.answers[position]) { seen = true }
            model.moveOn()
        }
        #expect(seen)
    }

    @Test("distractors come from the question's own level", arguments: 0..<50 as Range<UInt64>)
    func distractorsFromSameLevel(seed: UInt64) throws {
        let model = ChallengesViewModel(deck: twoLevels, questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: seed))
        for _ in 0..<5 {
            let test = try #require(model.currentChallenge)
            let level = try #require(test.challenge.level)
            let levelAnswers = Set(twoLevels.cards.filter { $0.level == level }.map(\.answer))
            #expect(Set(test.answers).isSubset(of: levelAnswers))
            model.moveOn()
        }
    }

    @Test("a level too small for its choices borrows from the rest of the deck", arguments: 0..<50 as Range<UInt64>)
    func smallLevelBorrows(seed: UInt64) throws {
        let model = ChallengesViewModel(deck: thinLevel, questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: seed))
        for _ in 0..<5 {
            let test = try #require(model.currentChallenge)
            #expect(Set(test.answers).count == 3)
            #expect(test.answers.contains(test.challenge.answer))
            if test.challenge.level == "N4" {
                // The N4 level has two distinct answers, so both are offered.
                #expect(test.answers.contains("to learn") && test.answers.contains("to teach"))
            }
            model.moveOn()
        }
    }

    @Test("no distractor shares a sense with the answer or with another choice", arguments: 0..<100 as Range<UInt64>)
    func noSharedSense(seed: UInt64) throws {
        let model = ChallengesViewModel(deck: sharedSenses, questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: seed))
        for _ in 0..<8 {
            let test = try #require(model.currentChallenge)
            let senses = test.answers.flatMap { Challenge(question: "", answer: $0).senses }
            #expect(Set(senses).count == senses.count, "\(test.answers)")
            #expect(test.answers.filter(test.isCorrect).count == 1)
            model.moveOn()
        }
    }

    @Test("a large pool whose answers nearly all share the answer's sense still deals, without hanging")
    func poolOfSharedSenses() throws {
        let cards = (0..<400).map { Challenge(question: "q\($0)", answer: "to eat; sense \($0)", level: "N1") }
            + [Challenge(question: "x", answer: "to drink", level: "N1"), Challenge(question: "y", answer: "to see", level: "N1")]
        let model = ChallengesViewModel(
            deck: Deck(name: "eat", language: "ja", cards: cards), questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: 3))
        for _ in 0..<20 {
            let test = try #require(model.currentChallenge)
            let eating = test.answers.filter { $0.hasPrefix("to eat") }
            #expect(eating.count <= 1, "\(test.answers)")
            model.moveOn()
        }
    }

    @Test("more choices than the deck has answers offers every answer once, and borrows the rest from Kuchi Basics")
    func tooFewAnswersOffersAll() throws {
        let model = ChallengesViewModel(deck: repeatedAnswers, choicesPerQuestion: 10, questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: 1)
        )
        let test = try #require(model.currentChallenge)
        #expect(Set(["hello", "no", "yes"]).isSubset(of: test.answers), "\(test.answers)")
        #expect(Set(test.answers).count == test.answers.count, "each once")
        let basics = Set(Deck.kuchiBasics.cards.map(\.answer))
        #expect(test.answers.allSatisfy { ["hello", "no", "yes"].contains($0) || basics.contains($0) })
        // Kuchi Basics' ten meanings, two of them sharing a sense with the deck's
        // ("hello" and "hello (on the phone)"): as many as there are without a clash.
        #expect(test.answers.count > 3)
    }

    @Test("a large deck deals well-formed choices")
    func largeDeck() throws {
        let cards = (0..<5_000).map {
            Challenge(question: "q\($0)", pronunciation: "p", answer: "a\($0 % 1_000)", level: "L\($0 % 3)")
        }
        let model = ChallengesViewModel(
            deck: Deck(name: "Big", language: "ja", cards: cards), questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: 3)
        )
        for _ in 0..<200 {
            let test = try #require(model.currentChallenge)
            #expect(Set(test.answers).count == 3 && test.answers.contains(test.challenge.answer))
            model.moveOn()
        }
    }
}

/// Two cards share "yes": choices must still be three different strings.
private let repeatedAnswers = Deck(name: "Repeats", language: "ja", cards: [
    Challenge(question: "はい", pronunciation: "hai", answer: "yes"),
    Challenge(question: "ええ", pronunciation: "ē", answer: "yes"),
    Challenge(question: "いいえ", pronunciation: "iie", answer: "no"),
    Challenge(question: "こんにちは", pronunciation: "konnichiwa", answer: "hello"),
])

private let twoLevels = Deck(name: "Levels", language: "ja", cards: [
    Challenge(question: "犬", pronunciation: "inu", answer: "dog", level: "N5"),
    Challenge(question: "猫", pronunciation: "neko", answer: "cat", level: "N5"),
    Challenge(question: "鳥", pronunciation: "tori", answer: "bird", level: "N5"),
    Challenge(question: "魚", pronunciation: "sakana", answer: "fish", level: "N5"),
    Challenge(question: "習う", pronunciation: "narau", answer: "to learn", level: "N4"),
    Challenge(question: "教える", pronunciation: "oshieru", answer: "to teach", level: "N4"),
    Challenge(question: "運ぶ", pronunciation: "hakobu", answer: "to carry", level: "N4"),
    Challenge(question: "集める", pronunciation: "atsumeru", answer: "to collect", level: "N4"),
])

private let thinLevel = Deck(name: "Thin level", language: "ja", cards: [
    Challenge(question: "犬", pronunciation: "inu", answer: "dog", level: "N5"),
    Challenge(question: "猫", pronunciation: "neko", answer: "cat", level: "N5"),
    Challenge(question: "鳥", pronunciation: "tori", answer: "bird", level: "N5"),
    Challenge(question: "習う", pronunciation: "narau", answer: "to learn", level: "N4"),
    Challenge(question: "教える", pronunciation: "oshieru", answer: "to teach", level: "N4"),
])

/// Senses shared across cards: 'to eat' must never be offered beside 'to eat; to live on'.
private let sharedSenses = Deck(name: "Senses", language: "ja", cards: [
    Challenge(question: "食べる", answer: "to eat; to live on", level: "N5"),
    Challenge(question: "食う", answer: "to eat", level: "N5"),
    Challenge(question: "召し上がる", answer: "To Eat", level: "N5"),
    Challenge(question: "飲む", answer: "to drink", level: "N5"),
    Challenge(question: "見る", answer: "to see; to look", level: "N5"),
    Challenge(question: "眺める", answer: "to look", level: "N5"),
    Challenge(question: "行く", answer: "to go", level: "N5"),
    Challenge(question: "来る", answer: "to come", level: "N5"),
])
