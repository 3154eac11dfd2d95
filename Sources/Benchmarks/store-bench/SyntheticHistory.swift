import Foundation
import KuchiModel

/// A year of study of one big deck: `cards` cards with `reviewsPerCard` answers each,
/// written straight into the store's tables in one transaction (going through
/// `record` would mean a million durable commits).
struct SyntheticHistory {
    static let deck = "bench"

    /// The deck's questions in deck order: the first `cards` have a history, the
    /// rest are new. Three hiragana each, like short real words.
    let questions: [String]
    let cards: Int
    let reviewsPerCard: Int
    let now: Date

    init(cards: Int, newCards: Int, reviewsPerCard: Int, now: Date) {
        let kana = (0x3041...0x3093).compactMap { Unicode.Scalar($0).map(Character.init) }
        questions = (0..<(cards + newCards)).map { index in
            String([kana[index % kana.count], kana[index / kana.count % kana.count],
                    kana[index / (kana.count * kana.count) % kana.count]])
        }
        self.cards = cards
        self.reviewsPerCard = reviewsPerCard
        self.now = now
    }

    /// One answer, with the card's state before (nil when new) and after.
    private struct Answer {
        var card: Int
        var time: Date
        var rating: FSRSRating
        var before: FSRSCard?
        var after: FSRSCard
    }

    /// Writes the history into the (new, migrated) store at `path`.
    func write(to path: String) throws {
        var random = SeededRandomNumberGenerator(seed: 2026)
        var answers: [Answer] = []
        answers.reserveCapacity(cards * reviewsPerCard)
        var finalCards: [(first: Date, card: FSRSCard)] = []
        for card in 0..<cards {
            let first = now.addingTimeInterval(-Double.random(in: 20...365, using: &random) * 86_400)
            let span = now.timeIntervalSince(first) * Double.random(in: 0.6...1, using: &random)
            var state: FSRSCard?
            for index in 0..<reviewsPerCard {
                let progress = Double(index) / Double(max(reviewsPerCard - 1, 1))
                let time = first.addingTimeInterval(span * progress * progress + Double(index) * 60)
                let rating = Self.rating(first: state == nil, using: &random)
                let after = Self.schedule(state, rating, at: time)
                answers.append(Answer(card: card, time: time, rating: rating, before: state, after: after))
                state = after
            }
            if let state { finalCards.append((first, state)) }
        }
        answers.sort { $0.time < $1.time }

        let database = try SQLiteDatabase(path: path)
        // A bulk load: no journal, no syncs, a large cache; the store's settings return on reopening.
        try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144")
        try database.transaction {
            try database.run("INSERT INTO deck (id, name) VALUES (1, ?)", [.text(Self.deck)])
            for (index, card) in finalCards.enumerated() {
                try database.run("""
                    INSERT INTO card (id, deck, question, state, step, stability, difficulty, due, last_review,
                        first_review) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.integer(Int64(index + 1)), .text(questions[index])] + Self.values(card.card)
                        + [.integer(Self.milliseconds(card.first))])
            }
            for answer in answers {
                try database.run("""
                    INSERT INTO review (card, deck, time, rating, answer_ms,
                        state_before, step_before, stability_before, difficulty_before, due_before,
                        last_review_before, state_after, step_after, stability_after, difficulty_after,
                        due_after) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.integer(Int64(answer.card + 1)), .integer(Self.milliseconds(answer.time)),
                          .integer(Int64(answer.rating.rawValue)), .integer(Int64(1_000 + answer.card % 9_000))]
                        + Self.values(answer.before) + Self.values(answer.after).dropLast())
            }
        }
        try database.execute("PRAGMA journal_mode = WAL")
    }

    private static func rating(first: Bool, using random: inout SeededRandomNumberGenerator) -> FSRSRating {
        let roll = Int.random(in: 0..<100, using: &random)
        if first { return roll < 20 ? .again : roll < 90 ? .good : .easy }
        return roll < 10 ? .again : roll < 20 ? .hard : roll < 90 ? .good : .easy
    }

    /// A rough stand-in for FSRS: stability grows on success and shrinks on a lapse.
    private static func schedule(_ card: FSRSCard?, _ rating: FSRSRating, at time: Date) -> FSRSCard {
        let stability = card?.stability ?? 1
        let difficulty = card?.difficulty ?? 5
        if rating == .again {
            let state: FSRSState = card?.state == .review ? .relearning : (card?.state ?? .learning)
            return FSRSCard(state: state, step: 0, stability: max(0.2, stability * 0.3), difficulty: min(10, difficulty + 1),
                            due: time.addingTimeInterval(600), lastReview: time)
        }
        let next = stability * (rating == .easy ? 3.5 : rating == .hard ? 1.4 : 2.5)
        return FSRSCard(state: .review, step: nil, stability: next, difficulty: difficulty,
                        due: time.addingTimeInterval(next * 86_400), lastReview: time)
    }

    private static func values(_ card: FSRSCard?) -> [SQLiteValue] {
        guard let card else { return Array(repeating: .null, count: 6) }
        return [.integer(Int64(card.state.rawValue)), .optional(card.step.map { Int64($0) }),
                .optional(card.stability), .optional(card.difficulty), .integer(milliseconds(card.due)),
                .optional(card.lastReview.map(milliseconds))]
    }

    private static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
