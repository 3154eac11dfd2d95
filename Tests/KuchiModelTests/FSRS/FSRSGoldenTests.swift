import Foundation
import Testing
import KuchiModel

/// Replays the reference implementation's review sequences (see `FSRSGolden`).
@Suite("FSRS against the reference")
struct FSRSGoldenTests {
    static let golden = Result { try FSRSGolden.load() }

    @Test("the golden file is the reference's, and large enough to mean something")
    func fixtureIsComplete() throws {
        let golden = try Self.golden.get()
        #expect(golden.reference.hasPrefix("fsrs 6.3.2"))
        #expect(golden.sequences.count >= 500)
        // One test case per scheduler below: keep the count in step with the script.
        #expect(golden.schedulers.count == 13)
        #expect(golden.schedulers.indices.allSatisfy { index in golden.sequences.contains { $0.scheduler == index } })
    }

    @Test("the golden sequences reach every state with every rating, same-day and late reviews")
    func fixtureCoversTheCases() throws {
        let golden = try Self.golden.get()
        var seen: Set<String> = []
        for sequence in golden.sequences {
            var before = sequence.card
            for review in sequence.reviews {
                seen.insert("state \(before.state) rating \(review.rating)")
                if let last = before.lastReview, before.stability != nil {
                    let days = ((review.time - last) / 86400).rounded(.down)
                    seen.insert(days < 0 ? "before last" : days < 1 ? "same day" : days > 365 ? "year late" : "later")
                }
                before = review.card
            }
        }
        for state in 1...3 {
            for rating in 1...4 { #expect(seen.contains("state \(state) rating \(rating)")) }
        }
        #expect(seen.isSuperset(of: ["before last", "same day", "later", "year late"]))
    }

    @Test("every golden sequence agrees with the reference field by field", arguments: 0..<13)
    func sequencesAgree(schedulerIndex: Int) throws {
        let golden = try Self.golden.get()
        try #require(golden.schedulers.indices.contains(schedulerIndex))
        let scheduler = golden.schedulers[schedulerIndex].scheduler
        var reviews = 0
        for (number, sequence) in golden.sequences.enumerated() where sequence.scheduler == schedulerIndex {
            var card = try #require(sequence.card.fsrsCard)
            for (index, review) in sequence.reviews.enumerated() {
                let rating = try #require(FSRSRating(rawValue: review.rating))
                let time = Date(timeIntervalSince1970: review.time)
                card = scheduler.review(card, rating: rating, at: time)
                let sample = scheduler.retrievability(of: card, at: Date(timeIntervalSince1970: review.sampleTime))
                let problems = differences(card, review.card) + (
                    close(sample, review.retrievability) ? [] : ["retrievability \(sample) ≠ \(review.retrievability)"])
                #expect(problems.isEmpty, "sequence \(number), review \(index): \(problems.joined(separator: "; "))")
                // Go on from the reference's card, so one disagreement is reported once.
                card = try #require(review.card.fsrsCard)
                reviews += 1
            }
        }
        #expect(reviews > 0)
    }

    /// What differs between our card and the reference's, beyond the tolerances: 1e-9
    /// relative for stability and difficulty, one second for times.
    private func differences(_ card: FSRSCard, _ expected: FSRSGolden.Card) -> [String] {
        var problems: [String] = []
        if card.state.rawValue != expected.state { problems.append("state \(card.state) ≠ \(expected.state)") }
        if card.step != expected.step { problems.append("step \(String(describing: card.step)) ≠ \(String(describing: expected.step))") }
        if !close(card.stability, expected.stability) {
            problems.append("stability \(String(describing: card.stability)) ≠ \(String(describing: expected.stability))")
        }
        if !close(card.difficulty, expected.difficulty) {
            problems.append("difficulty \(String(describing: card.difficulty)) ≠ \(String(describing: expected.difficulty))")
        }
        if abs(card.due.timeIntervalSince1970 - expected.due) > 1 {
            problems.append("due \(card.due.timeIntervalSince1970) ≠ \(expected.due)")
        }
        let lastReview = card.lastReview?.timeIntervalSince1970
        if lastReview == nil || abs((lastReview ?? 0) - (expected.lastReview ?? 0)) > 1 {
            problems.append("last review \(String(describing: lastReview)) ≠ \(String(describing: expected.lastReview))")
        }
        return problems
    }

    private func close(_ value: Double?, _ expected: Double?) -> Bool {
        guard let value, let expected else { return value == nil && expected == nil }
        return abs(value - expected) <= 1e-9 * max(abs(value), abs(expected))
    }
}
