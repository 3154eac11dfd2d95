import FoundationEssentials

/// What plans: which cards a session of a deck asks, and what a session would hold,
/// read from the review store at one moment. It keeps nothing; the planner caches what
/// it returns and says when to ask again.
struct SessionPlanning {
    let store: ReviewStore
    let now: Date
    let studyDay: StudyDay
    /// How many cards never seen a deck may bring in a study day.
    let dailyNewCards: Int

    /// The questions of a new session of `deck`, at most `limit`: the cards due now,
    /// most overdue first, then new cards (in deck order) while today's limit allows.
    /// Only questions in `questions` (the deck's, in order) are returned.
    func sessionQuestions(deck: String, questions: [String], limit: Int) throws(ReviewStoreError) -> [String] {
        guard limit > 0 else { return [] }
        let inDeck = Set(questions)
        // A few more than asked for, in case the deck's file lost some of them.
        let due = Array(try store.dueCards(deck: deck, at: now, limit: limit + 64).map(\.question)
            .filter(inDeck.contains).prefix(limit))
        let new = try store.newQuestions(
            deck: deck, in: questions, limit: min(try newCardsLeft(deck: deck), limit - due.count))
        return due + new
    }

    /// What a session of `deck` would hold now, and, with nothing due, when the next
    /// card is due.
    func outlook(deck: String, questions: [String]) throws(ReviewStoreError) -> StudyOutlook {
        let inDeck = Set(questions)
        let due = try store.dueCards(deck: deck, at: now, limit: StudyOutlook.countLimit)
            .filter { inDeck.contains($0.question) }.count
        let new = try store.newQuestions(deck: deck, in: questions, limit: try newCardsLeft(deck: deck)).count
        var next: Date?
        if due == 0 {
            next = try store.dueCards(deck: deck, at: .distantFuture, limit: 64)
                .first { inDeck.contains($0.question) }?.card.due
        }
        return StudyOutlook(due: due, new: new, nextDue: next, now: now)
    }

    /// The new cards `deck` may still bring today.
    func newCardsLeft(deck: String) throws(ReviewStoreError) -> Int {
        let seen = try store.newCardCount(deck: deck, firstReviewedSince: studyDay.start(of: now))
        return max(dailyNewCards - seen, 0)
    }
}
