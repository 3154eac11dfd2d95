import FoundationEssentials

/// The reviews a day a desired retention implies, as Anki's workload figure beside it:
/// the learner's schedule played forward with their parameters.
///
/// Every card is reviewed as it falls due (an overdue one at the first day's start),
/// recalled with the probability FSRS predicts for it at that moment (a card never
/// reviewed is rated Good), and rescheduled by the scheduler given, learning steps
/// included; each day also starts the new cards the daily limit allows while the deck
/// has some. Chance comes from a seeded source, so the same schedule always gives the
/// same figure.
public enum WorkloadSimulation {
    /// The days the figure is the mean over.
    public static let days = 30

    /// The mean number of reviews a day over the next ``days`` days from `now`, for
    /// `cards` (their stored memory states), with `newCards` never-seen cards to start at
    /// most `newPerDay` a day, scheduled by `scheduler` (fuzz is ignored).
    public static func reviewsPerDay(
        cards: [FSRSCard], newCards: Int, newPerDay: Int, scheduler: FSRSScheduler, from now: Date, seed: UInt64 = 27
    ) -> Double {
        let scheduler = FSRSScheduler(
            parameters: scheduler.parameters, desiredRetention: scheduler.desiredRetention,
            learningSteps: scheduler.learningSteps, relearningSteps: scheduler.relearningSteps,
            maximumInterval: scheduler.maximumInterval, fuzz: false)
        var random = SeededRandomNumberGenerator(seed: seed)
        var cards = cards
        var unseen = max(newCards, 0)
        var reviews = 0
        for day in 0..<days {
            let start = now.addingTimeInterval(Double(day) * 86_400), end = start.addingTimeInterval(86_400)
            let started = min(max(newPerDay, 0), unseen)
            unseen -= started
            cards.append(contentsOf: repeatElement(FSRSCard(due: start), count: started))
            for index in cards.indices {
                // Learning steps bring a card back within the day; a handful is all
                // FSRS's steps ever ask, and the bound keeps a broken card from looping.
                var steps = 0
                while cards[index].due < end, steps < 16 {
                    let time = max(cards[index].due, start)
                    let recall = cards[index].lastReview == nil ? 1 : scheduler.retrievability(of: cards[index], at: time)
                    let rating: FSRSRating = Double.random(in: 0..<1, using: &random) < recall ? .good : .again
                    cards[index] = scheduler.review(cards[index], rating: rating, at: time, using: &random)
                    reviews += 1
                    steps += 1
                }
            }
        }
        return Double(reviews) / Double(days)
    }
}
