/// Deals questions from a deck: picks a card and the choices offered with it.
///
/// Built once per deck. The answer pools are indexed up front so that dealing a question
/// costs the same for a 9-card deck and a 100,000-card one.
struct ChallengeDealer: Sendable {
    let cards: [Challenge]
    let choicesPerQuestion: Int
    /// Distinct answers of each level, in deck order (deterministic for a given seed).
    private let answersByLevel: [String: [String]]
    /// Distinct answers of the whole deck, in deck order.
    private let allAnswers: [String]

    init(deck: Deck, choicesPerQuestion: Int) {
        cards = deck.cards
        self.choicesPerQuestion = max(choicesPerQuestion, 1)
        var byLevel: [String: [String]] = [:]
        var seenByLevel: [String: Set<String>] = [:]
        var all: [String] = []
        var seen = Set<String>()
        for card in deck.cards {
            if seen.insert(card.answer).inserted { all.append(card.answer) }
            if let level = card.level, seenByLevel[level, default: []].insert(card.answer).inserted {
                byLevel[level, default: []].append(card.answer)
            }
        }
        answersByLevel = byLevel
        // A deck with fewer meanings than a question has choices (the learner's own
        // words, at first) borrows the rest from Kuchi Basics.
        if all.count < self.choicesPerQuestion {
            for card in Deck.kuchiBasics.cards where seen.insert(card.answer).inserted { all.append(card.answer) }
        }
        allAnswers = all
    }

    /// The index of a random card other than `previous` (unless it is the only one).
    func nextCardIndex(after previous: Int?, using random: inout some RandomNumberGenerator) -> Int? {
        guard !cards.isEmpty else { return nil }
        guard cards.count > 1, let previous, cards.indices.contains(previous) else {
            return Int.random(in: cards.indices, using: &random)
        }
        // Draw from every index but `previous`, uniformly, in a single draw.
        let index = Int.random(in: 0..<(cards.count - 1), using: &random)
        return index >= previous ? index + 1 : index
    }

    /// The card at `index` with its choices: the right answer plus distractors, from the
    /// card's own level first and from the whole deck if the level runs short. No two
    /// choices share a sense ("to eat; to live on" and "to eat" do), so a distractor is
    /// never also right.
    func question(forCardAt index: Int, using random: inout some RandomNumberGenerator) -> ChallengeQuestion {
        let challenge = cards[index]
        let wanted = choicesPerQuestion - 1
        var chosen: [String] = []
        var taken = Set(challenge.senses + [challenge.answer])
        if let level = challenge.level, let pool = answersByLevel[level] {
            draw(wanted, from: pool, into: &chosen, taken: &taken, using: &random)
        }
        if chosen.count < wanted {
            draw(wanted - chosen.count, from: allAnswers, into: &chosen, taken: &taken, using: &random)
        }
        chosen.append(challenge.answer)
        chosen.shuffle(using: &random)
        return ChallengeQuestion(challenge: challenge, answers: chosen)
    }

    /// Appends up to `count` answers from `pool` none of whose senses is `taken` yet.
    private func draw(
        _ count: Int,
        from pool: [String],
        into chosen: inout [String],
        taken: inout Set<String>,
        using random: inout some RandomNumberGenerator
    ) {
        guard count > 0 else { return }
        var added = 0
        // Large pools: rejection sampling touches a handful of entries, a bounded number
        // of times (a pool whose answers mostly share a sense would reject forever).
        // Then, or for a small pool, a shuffled copy, which always terminates.
        if pool.count > 4 * (count + taken.count) {
            for _ in 0..<(16 * count) where added < count {
                let answer = pool[Int.random(in: pool.indices, using: &random)]
                if Self.take(answer, into: &taken) {
                    chosen.append(answer)
                    added += 1
                }
            }
        }
        guard added < count else { return }
        for answer in pool.shuffled(using: &random) where added < count {
            if Self.take(answer, into: &taken) {
                chosen.append(answer)
                added += 1
            }
        }
    }

    /// Marks `answer` and its senses taken, unless one of them already is.
    private static func take(_ answer: String, into taken: inout Set<String>) -> Bool {
        let senses = Challenge.senses(of: answer)
        guard !taken.contains(answer), taken.isDisjoint(with: senses) else { return false }
        taken.insert(answer)
        taken.formUnion(senses)
        return true
    }
}
