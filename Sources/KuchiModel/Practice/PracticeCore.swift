import FoundationEssentials

/// How an answer went, as every practice mode reports it.
public enum AnswerOutcome: Sendable, Equatable {
    /// Right at once (a choice, a card marked remembered, a typed answer that matches).
    case right
    /// Right, after a hint was shown.
    case rightAfterHint
    /// The right kanji, written with a stroke missing or one too many, a stroke out of
    /// its turn or one drawn backwards (``StrokeOrderCheck``).
    case rightWithStrokeMistake
    /// Wrong (or a card marked not yet).
    case wrong

    /// The one rule that turns an answer into an FSRS rating: right = Good, right after
    /// a hint or with a stroke mistake = Hard, wrong = Again.
    public var rating: FSRSRating {
        switch self {
        case .right: .good
        case .rightAfterHint, .rightWithStrokeMistake: .hard
        case .wrong: .again
        }
    }

    public var isRight: Bool { self != .wrong }
}

/// Which way a word is asked. Each direction of a word is its own FSRS card, as Anki's
/// "reversed" card is, scheduled and counted apart. The raw values are stored (settings,
/// schedule keys): they never change.
public enum PracticeDirection: String, Codable, Sendable, CaseIterable {
    /// Japanese → meaning: the word is shown, its meaning chosen or typed.
    case recognition
    /// Meaning → Japanese: the meaning is shown, the reading (or the word) typed.
    case production
    /// Meaning and reading → the kanji, written by hand and checked stroke by stroke.
    /// Asked only of a card whose question is one kanji with known strokes: a word
    /// deck asks nothing this way.
    case writing

    /// Whether `question` can be asked to be written: one kanji (its strokes known is
    /// the session's to check).
    public static func canBeWritten(_ question: String) -> Bool {
        question.count == 1 && question.unicodeScalars.allSatisfy(Kana.isKanji)
    }

    /// The directions `question` can be asked in: writing only for one kanji.
    public static func directions(asking question: String) -> [PracticeDirection] {
        allCases.filter { $0 != .writing || canBeWritten(question) }
    }

    /// The deck's name in the schedule for this direction: recognition keeps the deck's
    /// own (every review before directions existed is one), production adds
    /// "/production", writing "/writing".
    public func scheduleKey(for deckKey: String) -> String {
        deckKey + suffix
    }

    /// The deck's key in a schedule key, whichever direction it names: "jlpt-n5" for
    /// "jlpt-n5", "jlpt-n5/production" and "kanji-n5/writing" alike.
    public static func deckKey(ofScheduleKey key: String) -> String {
        for direction in allCases where !direction.suffix.isEmpty && key.hasSuffix(direction.suffix) {
            return String(key.dropLast(direction.suffix.count))
        }
        return key
    }

    /// What the direction adds to a deck's key in the schedule.
    private var suffix: String {
        switch self {
        case .recognition: ""
        case .production: "/production"
        case .writing: "/writing"
        }
    }
}

/// What every practice mode stands on: the deck in use (read from its one owner,
/// ``DeckInUse``), planning a session from the schedule, recording an answer as a
/// review with its timing, and taking the last answer back. Challenge, Learn and Type
/// are thin over it; no other type knows the rating rule.
@MainActor
final class PracticeCore {
    /// The deck in use, whose changes the practice mode follows.
    let inUse: DeckInUse
    private let planner: StudyPlanner?
    /// The last answer recorded since the session was planned, until it is taken back.
    private var lastAnswer: RecordedAnswer?

    init(deck inUse: DeckInUse, planner: StudyPlanner?) {
        self.inUse = inUse
        self.planner = planner
    }

    /// The cards practised.
    var deck: Deck { inUse.deck }
    /// The deck's name in the schedule (its identifier).
    var deckKey: String { inUse.key }
    /// The deck's questions and where each stands.
    private var questions: DeckQuestions { inUse.questions }

    /// Whether answers are scheduled and saved: there is a planner with a store.
    var isScheduling: Bool { planner?.isScheduling ?? false }

    /// The cards the schedule asks now, as indices into the deck, at most `limit`: due
    /// ones most overdue first, then new ones while today's limit allows (empty when
    /// nothing is). Nil when answers are not scheduled, even after the planner tried
    /// to open its database again. Only the cards `asks` takes are planned (a direction
    /// some cards cannot be asked in: writing).
    func plan(
        limit: Int, direction: PracticeDirection = .recognition, asking asks: ((Challenge) -> Bool)? = nil
    ) -> [Int]? {
        // A new session: the last one's answers are not taken back into it.
        lastAnswer = nil
        guard let planner else { return nil }
        let questions = questions
        let asked = asks.map { asks in deck.cards.filter(asks).map(\.question) } ?? questions.all
        let planned = planner.sessionQuestions(
            deck: direction.scheduleKey(for: deckKey), questions: asked, limit: limit)
        guard planner.isScheduling else { return nil }
        return planned.compactMap { questions.index(of: $0) }
    }

    /// What a new session would hold now; nil without a schedule.
    var outlook: StudyOutlook? { planner?.outlook(deck: deckKey, questions: questions.all) }

    /// The time the clock of the schedule says it is.
    var now: Date? { planner?.now }

    /// Records an answer to `card` shown at `shownAt`: as `isReview` says (a retry of a
    /// question already rated is not), saved as a review rated by
    /// ``AnswerOutcome/rating`` with the time it took. Returns the card's next
    /// state, or nil when no review was saved (no schedule, not a review, or it waits).
    ///
    /// `undo` puts the practice mode back as it was before this answer, for
    /// ``undoLast()``; without it the answer cannot be taken back.
    @discardableResult
    func record(
        _ card: Challenge, _ outcome: AnswerOutcome, shownAt: ContinuousClock.Instant, isReview: Bool = true,
        direction: PracticeDirection = .recognition, undo: (@MainActor () -> Void)? = nil
    ) -> FSRSCard? {
        let after = isReview
            ? planner?.review(
                card.question, deck: direction.scheduleKey(for: deckKey), rating: outcome.rating,
                answerTime: ContinuousClock.now - shownAt)
            : nil
        lastAnswer = undo.map { RecordedAnswer(card: card, review: after == nil ? nil : planner?.lastAnswer, restore: $0) }
        return after
    }

    /// Takes back the last answer recorded since the session was planned, once: its
    /// review (if it was one), and the practice mode's state before it. Returns its card,
    /// or nil when there is nothing to take back: no answer, it was taken back, or it is
    /// no longer the planner's last (the other practice mode answered since).
    ///
    /// - Throws: why the review could not be taken back; nothing changed.
    func undoLast() throws(ReviewStoreError) -> Challenge? {
        guard let last = lastAnswer else { return nil }
        if let review = last.review {
            guard let planner, planner.lastAnswer == review else { return nil }
            try planner.undoLastAnswer()
        }
        lastAnswer = nil
        last.restore()
        return last.card
    }

    /// An answer as ``undoLast()`` takes it back.
    private struct RecordedAnswer {
        var card: Challenge
        /// The planner's answer it was, when it was a review.
        var review: PendingAnswer?
        var restore: @MainActor () -> Void
    }
}
