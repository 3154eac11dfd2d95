import FoundationEssentials
import Observation

/// Typed answers: a round of cards, each answered by typing — the reading (or the word)
/// for a meaning (production), or the meaning for a word (recognition) — or, for a
/// kanji, by writing it (writing). Romaji typed for the Japanese becomes kana as it is
/// typed (``KanaInput``); kana from an input method is taken as it is.
///
/// After an answer the expected one shows with the difference marked; ``next()`` goes
/// on. Grades follow the practice core's one rule: right = Good, right after the hint =
/// Hard, wrong = Again; "I was right" (``claimRight()``) turns a typo's Again into Good
/// before the next card.
///
/// A writing question shows the card's meaning (`card.answer`) and reading
/// (`card.reading`) and is answered with ``submit(writing:chosen:)``: the kanji written
/// on the Type page's writing pad, and the candidate the learner chose. The right kanji
/// written in order is Good; the right kanji with a stroke missing, extra, out of turn or
/// backwards is Hard, and ``Result/strokeOrder`` says which (its
/// ``StrokeOrderCheck/finding``: "Stroke 3 came before stroke 2."); another kanji is
/// Again. After answering, `card.question` is the kanji expected.
///
/// With a ``StudyPlanner`` a round is what each studied direction's schedule asks now
/// (due, then new), each direction's cards counted apart; with nothing scheduled, extra
/// practice from the whole deck.
@MainActor
@Observable
public final class TypingSession {
    /// A card and which way it is asked.
    public struct Question: Equatable, Sendable {
        public let card: Challenge
        public let direction: PracticeDirection
        /// The kanji's strokes, KanjiVG's, for a writing question (what the written kanji
        /// is checked against, and what the window may draw after the answer); nil for
        /// the other directions.
        public let strokes: KanjiStrokes?

        init(card: Challenge, direction: PracticeDirection, strokes: KanjiStrokes? = nil) {
            self.card = card
            self.direction = direction
            self.strokes = strokes
        }
    }

    /// What an answer came to.
    public struct Result: Equatable, Sendable {
        public let outcome: AnswerOutcome
        /// The closest right answer, and how what was typed (or written) differs from it.
        public let difference: AnswerDiff
        /// Whether the grade was turned from wrong to right by "I was right".
        public let wasClaimed: Bool
        /// For a written answer, how its strokes compare with the kanji's; nil for a
        /// typed one, and for a written kanji that is not the one asked.
        public let strokeOrder: StrokeOrderCheck?
    }

    /// What asking a kanji to be written needs: its strokes, and a reader of handwriting.
    /// Without it (the default) nothing is asked in the writing direction.
    public struct Writing {
        /// The strokes of a kanji, nil when they are not known.
        public var strokes: @MainActor (Character) -> KanjiStrokes?
        /// The likeliest character a written one is, nil when none (the recogniser's best
        /// candidate).
        public var recognize: @MainActor (HandwrittenCharacter) -> String?

        /// What the session writes with: `strokes` of a kanji (the app's bundled
        /// KanjiVG data) and `recognize`, the best reading of a written character
        /// (``HandwritingRecognizer/candidates(for:limit:)``'s first).
        public init(
            strokes: @escaping @MainActor (Character) -> KanjiStrokes?,
            recognize: @escaping @MainActor (HandwrittenCharacter) -> String?
        ) {
            self.strokes = strokes
            self.recognize = recognize
        }
    }

    /// The question being answered, or nil once the round is over.
    public var current: Question? { round.indices.contains(index) ? round[index] : nil }
    /// What is typed. For the Japanese, romaji becomes kana as it comes in.
    public var typed = "" {
        didSet {
            guard current?.direction == .production else { return }
            let kana = KanaInput.hiragana(fromRomaji: typed)
            if kana != typed { typed = kana }
        }
    }
    /// The result of the current question once answered; nil while it is being answered.
    public private(set) var result: Result?
    /// Whether the hint (the first sound or letter) is showing.
    public private(set) var isHintShown = false
    /// Questions answered right in this round.
    public private(set) var rightCount = 0
    /// Questions in the round.
    public var total: Int { round.count }
    /// The current question's place in the round, from 1.
    public var position: Int { min(index + 1, total) }
    /// Whether every question of the round has been answered and seen.
    public var isFinished: Bool { index >= round.count }
    /// Whether this round is extra practice: the schedule had nothing to ask.
    public private(set) var isExtraPractice = false

    private var round: [Question] = []
    private var index = 0
    /// Whether a round has been planned since the session was made or its deck changed.
    @ObservationIgnored private var hasStarted = false
    @ObservationIgnored private let core: PracticeCore
    @ObservationIgnored private let directions: @MainActor (String) -> Set<PracticeDirection>
    @ObservationIgnored private let roundSize: Int
    @ObservationIgnored private let writing: Writing?
    @ObservationIgnored private var shownAt = ContinuousClock.now
    @ObservationIgnored private var random: any RandomNumberGenerator

    /// - Parameters:
    ///   - inUse: the deck in use; a change of deck starts a new round on the new one,
    ///     once a round has been planned.
    ///   - roundSize: questions a round holds at most.
    ///   - directions: the directions studied for a deck (by its schedule key), read at
    ///     each new round; recognition when it gives none.
    ///   - planner: plans each round and keeps each answer as a review; without one,
    ///     rounds are practice that is not scheduled.
    ///   - random: where every random choice comes from.
    ///   - writing: the strokes and the recogniser writing questions need; without it
    ///     none is asked.
    ///   - startsNow: plan the first round at once; else at ``start()`` (the app plans
    ///     it when the learner asks for it, not before its first frame).
    public init(
        deck inUse: DeckInUse, roundSize: Int = 10, directions: @escaping @MainActor (String) -> Set<PracticeDirection>,
        planner: StudyPlanner? = nil, random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        writing: Writing? = nil, startsNow: Bool = true
    ) {
        core = PracticeCore(deck: inUse, planner: planner)
        self.directions = directions
        self.writing = writing
        self.roundSize = max(roundSize, 1)
        self.random = random
        inUse.whenChanged { [weak self] in
            guard let self, hasStarted else { return }
            startAgain()
        }
        if startsNow { startAgain() }
    }

    /// Typed answers for `deck` alone, named `deckKey` in the schedule (its name without one).
    public convenience init(
        deck: Deck, roundSize: Int = 10, directions: @escaping @MainActor (String) -> Set<PracticeDirection>,
        planner: StudyPlanner? = nil, deckKey: String? = nil,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(), writing: Writing? = nil,
        startsNow: Bool = true
    ) {
        self.init(
            deck: DeckInUse(deck, key: deckKey), roundSize: roundSize, directions: directions, planner: planner,
            random: random, writing: writing, startsNow: startsNow)
    }

    /// Typed answers are asked for: a round that is over (or was never planned) starts
    /// again; one under way goes on.
    public func start() {
        if isFinished || !hasStarted { startAgain() }
    }

    /// The hint: the reading's first sound, the meaning's first letter, or how many
    /// strokes the kanji has.
    public var hint: String {
        guard let current else { return "" }
        let answer: String
        switch current.direction {
        case .production: answer = current.card.reading.isEmpty ? current.card.question : current.card.reading
        case .recognition: answer = current.card.senses.first ?? current.card.answer
        case .writing:
            let count = current.strokes?.strokeCount ?? 0
            return trn("{count} stroke", "{count} strokes", count, ["count": "\(count)"])
        }
        return String(answer.prefix(1)) + "…"
    }

    /// Shows the hint; a right answer after it is Hard.
    public func showHint() {
        guard current != nil, result == nil else { return }
        isHintShown = true
    }

    /// Answers the current question with what is typed: rated, recorded with its time,
    /// and shown against the expected answer. Nothing happens for an empty answer.
    ///
    /// A writing question answered by typing (a candidate put into the answer, or the
    /// kanji from an input method) is judged by the character alone: there are no
    /// strokes to check.
    public func submit() {
        guard let question = current, result == nil, !typed.trimmingWhitespace().isEmpty else { return }
        let card = question.card
        let right: Bool
        let difference: AnswerDiff
        switch question.direction {
        case .production:
            right = TypedAnswer.isRight(japanese: typed, for: card)
            difference = TypedAnswer.difference(japanese: typed, for: card)
        case .recognition:
            right = TypedAnswer.isRight(meaning: typed, for: card)
            difference = TypedAnswer.difference(meaning: typed, for: card)
        case .writing:
            let character = typed.trimmingWhitespace()
            right = character == card.question
            difference = AnswerDiff(expected: card.question, typed: character)
        }
        let outcome: AnswerOutcome = right ? (isHintShown ? .rightAfterHint : .right) : .wrong
        record(question, outcome, difference: difference, claimed: false)
    }

    /// Answers the current writing question with the kanji `written` on the pad: the
    /// character is `chosen` (the candidate the learner picked), else the recogniser's
    /// best reading of it. The right kanji is then checked stroke by stroke against
    /// KanjiVG's (``StrokeOrderCheck``): in order it is Good (Hard after the hint), with
    /// a stroke missing, extra, out of turn or backwards Hard; another kanji, or none
    /// read, is Again. Rated, recorded with its time and shown as ``submit()``'s answers
    /// are; ``typed`` becomes the character. "I was right" (``claimRight()``) turns a
    /// misreading's Again into Good, as it does a typo's. Nothing happens for a question
    /// that is not a writing one, or a pad with no stroke.
    public func submit(writing written: HandwrittenCharacter, chosen: String?) {
        guard let question = current, question.direction == .writing, let strokes = question.strokes, result == nil,
              written.strokes.contains(where: { !$0.isEmpty }) else { return }
        let character = chosen ?? writing?.recognize(written) ?? ""
        typed = character
        let card = question.card
        let difference = AnswerDiff(expected: card.question, typed: character)
        guard character == card.question else {
            record(question, .wrong, difference: difference, claimed: false)
            return
        }
        let check = StrokeOrderCheck(written: written, expected: strokes)
        let outcome: AnswerOutcome =
            !check.isOrderRight ? .rightWithStrokeMistake : isHintShown ? .rightAfterHint : .right
        record(question, outcome, difference: difference, claimed: false, strokeOrder: check)
    }

    /// "I was right": a wrong answer (a typo) counts as right, Good, before the next
    /// card: its review is taken back and saved again. Nothing happens if the review
    /// cannot be taken back (the error is the planner's to show).
    public func claimRight() {
        guard let question = current, let result, result.outcome == .wrong else { return }
        let typed = self.typed
        guard (try? core.undoLast()) != nil else { return }
        self.typed = typed
        record(question, .right, difference: result.difference, claimed: true)
    }

    /// Takes back the last answer (Ctrl+Z): its review, and the question as it was
    /// before it. Returns its card, or nil when there is none to take back.
    public func undoLastAnswer() throws(ReviewStoreError) -> Challenge? { try core.undoLast() }

    private func record(
        _ question: Question, _ outcome: AnswerOutcome, difference: AnswerDiff, claimed: Bool,
        strokeOrder: StrokeOrderCheck? = nil
    ) {
        let (position, count, shown, hint) = (index, rightCount, shownAt, isHintShown)
        let undo: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            index = position
            rightCount = count
            result = nil
            isHintShown = hint
            shownAt = shown
        }
        if outcome.isRight { rightCount += 1 }
        core.record(question.card, outcome, shownAt: shownAt, direction: question.direction, undo: undo)
        result = Result(outcome: outcome, difference: difference, wasClaimed: claimed, strokeOrder: strokeOrder)
    }

    /// After an answer: the next question, with an empty entry and no hint.
    public func next() {
        guard result != nil else { return }
        index += 1
        prepareQuestion()
    }

    /// A new round from the same deck.
    public func startAgain() {
        var wanted = directions(core.deckKey)
        if wanted.isEmpty { wanted = [.recognition] }
        var scheduled: [Question] = []
        var scheduling = false
        for direction in PracticeDirection.allCases where wanted.contains(direction) {
            let asks: ((Challenge) -> Bool)? = direction == .writing ? { [self] in writableStrokes(of: $0) != nil } : nil
            guard let planned = core.plan(limit: roundSize, direction: direction, asking: asks) else { continue }
            scheduling = true
            scheduled += planned.map { question(core.deck.cards[$0], direction) }
        }
        // The directions of a word apart, not one after the other.
        scheduled.shuffle(using: &random)
        isExtraPractice = scheduling && scheduled.isEmpty
        if scheduled.isEmpty {
            let directions = PracticeDirection.allCases.filter(wanted.contains)
            scheduled = core.deck.cards.shuffled(using: &random).prefix(roundSize).map { card in
                // A card that cannot be written is asked one of the other ways.
                let ways = directions.filter { $0 != .writing || writableStrokes(of: card) != nil }
                return question(card, ways.randomElement(using: &random) ?? .recognition)
            }
        }
        round = Array(scheduled.prefix(roundSize))
        hasStarted = true
        index = 0
        rightCount = 0
        prepareQuestion()
    }

    /// The strokes a card's kanji is written with: a card whose question is one kanji
    /// with strokes known, in a session that can ask for writing. Nil for any other.
    private func writableStrokes(of card: Challenge) -> KanjiStrokes? {
        guard let writing, PracticeDirection.canBeWritten(card.question), let character = card.question.first else { return nil }
        return writing.strokes(character)
    }

    private func question(_ card: Challenge, _ direction: PracticeDirection) -> Question {
        Question(card: card, direction: direction, strokes: direction == .writing ? writableStrokes(of: card) : nil)
    }

    private func prepareQuestion() {
        result = nil
        isHintShown = false
        typed = ""
        shownAt = .now
    }
}
