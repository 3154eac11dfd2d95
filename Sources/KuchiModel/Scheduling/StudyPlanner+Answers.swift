import FoundationEssentials

/// The answers the planner is given, each a review, through its ``AnswerWriter``; one
/// taken back; and another program's history replayed.
extension StudyPlanner {
    /// Records an answer to `question` as a review rated `rating`, and returns the
    /// card's new state. An answer the database cannot take now waits to be saved
    /// (AnswerWriter+Waiting.swift) and the state it will have is returned; nil only
    /// once the planner is closed.
    @discardableResult
    public func review(_ question: String, deck: String, rating: FSRSRating, answerTime: Duration) -> FSRSCard? {
        answers.review(question, deck: deck, rating: rating, answerTime: answerTime)
    }

    /// How long between tries while answers wait.
    public var retryInterval: Duration {
        get { answers.retryInterval }
        set { answers.retryInterval = newValue }
    }
    /// How long after the last save the database file is brought up to date.
    public var checkpointDelay: Duration {
        get { answers.checkpointDelay }
        set { answers.checkpointDelay = newValue }
    }

    /// Replays another program's review history into `deck`'s cards
    /// (``ReviewStore/importHistory(_:deck:scheduler:)``) with today's desired retention
    /// and no fuzz; what shows the schedule follows.
    ///
    /// - Throws: why it could not be saved (nothing was), or why there is no store.
    public func importHistory(_ history: [ImportedReview], deck: String) throws(ReviewStoreError) -> HistoryImport {
        let scheduler = Self.scheduler(settings(), fuzz: false)
        let result = try openedStore().importHistory(history, deck: deck, scheduler: scheduler)
        if result.reviews > 0 { answers.didSave() }
        return result
    }

    /// The answer ``undoLastAnswer()`` would take back: the last one given to this
    /// planner in this run, until it is taken back; nil before any, after that, or once
    /// closed.
    public var lastAnswer: PendingAnswer? { answers.lastAnswer }

    /// Takes back the last answer given to this planner in this run, saved or waiting
    /// (AnswerWriter+Undo.swift); returns it, or nil when there is none. Only that one
    /// answer, once; what shows the schedule follows (``revision``).
    ///
    /// - Throws: why the database or the journal could not take it back; nothing was
    ///   changed, and the answer can still be taken back.
    @discardableResult
    public func undoLastAnswer() throws(ReviewStoreError) -> PendingAnswer? { try answers.undoLastAnswer() }
}
