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
    /// (``ReviewStore/importHistory(_:deck:scheduler:unlistedFile:shouldStop:)``) with today's desired retention
    /// and no fuzz; what shows the schedule follows.
    ///
    /// - Throws: why it could not be saved (nothing was), or why there is no store.
    public func importHistory(_ history: [ImportedReview], deck: String) throws(ReviewStoreError) -> HistoryImport {
        let scheduler = Self.scheduler(settings(), fuzz: false)
        let result = try openedStore().importHistory(history, deck: deck, scheduler: scheduler)
        if result.reviews > 0 { answers.didSave() }
        return result
    }

    /// What replays another program's history on an import's own thread
    /// (``HistoryReplayer``), with today's desired retention and no fuzz; nil when the
    /// reviews of this run are kept in memory only (the database file is another
    /// program's), where a replay would not last. Once it has replayed, tell the
    /// planner (``historyReplayed(_:)``).
    ///
    /// - Throws: why the database is not open.
    public func historyReplayer() throws(ReviewStoreError) -> HistoryReplayer? {
        let store = try openedStore()
        guard !store.isInMemory else { return nil }
        return HistoryReplayer(path: store.path, scheduler: Self.scheduler(settings(), fuzz: false))
    }

    /// Keeps the replays of imports whose deck file `isListed` now, and takes back
    /// those whose file is not (``ReviewStore/settleImports(isListed:)``); what shows
    /// the schedule follows. Call it at start-up and when an import has ended.
    ///
    /// - Throws: why the database could not settle them (they stay marked, for the
    ///   next call).
    @discardableResult
    public func settleImports(isListed: (_ deckFile: String) -> Bool) throws(ReviewStoreError) -> Int {
        let store = try openedStore()
        let takenBack = try store.settleImports(isListed: isListed)
        if takenBack > 0 { answers.didSave() }
        return takenBack
    }

    /// What shows the schedule follows reviews another connection wrote to the
    /// planner's database (a sync's merge).
    public func reviewsChangedElsewhere() {
        answers.didSave()
    }

    /// What shows the schedule follows a replay a ``HistoryReplayer`` committed.
    public func historyReplayed(_ result: HistoryImport) {
        if result.reviews > 0 { answers.didSave() }
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

/// Replays another program's review history into the review store from a thread of
/// its own (an import's, so a history of 200,000 reviews never holds up the window),
/// through a connection of its own that lives only as long as the replay: the same
/// one transaction as ``ReviewStore/importHistory(_:deck:scheduler:unlistedFile:shouldStop:)``,
/// while the window's connection goes on reading (the database is in WAL mode) and an
/// answer given meanwhile waits its turn (AnswerWriter+Waiting.swift).
/// Made by ``StudyPlanner/historyReplayer()``.
public struct HistoryReplayer: Sendable {
    let path: String
    let scheduler: FSRSScheduler

    /// Replays `history` into `deck`'s cards; `shouldStop` is asked between cards and
    /// rolls the whole replay back. `unlistedFile` is the id of the deck file the import
    /// lists afterwards: until then the replay is the import's to take back
    /// (``StudyPlanner/settleImports(isListed:)``). Then brings the database file up to date from the
    /// log, here: a replay of 2,000,000 reviews leaves 236 MiB in the log, which the
    /// window's connection would otherwise copy on the main thread a quiet moment later
    /// (AnswerWriter's checkpoint), holding the window up for seconds. A checkpoint that
    /// cannot finish now (a reader of an old snapshot) is left to that one.
    public func replay(
        _ history: [ImportedReview], deck: String, unlistedFile: String, shouldStop: () -> Bool = { false }
    ) throws(ReviewStoreError) -> HistoryImport {
        let store = try ReviewStore(path: path)
        let result = try store.importHistory(
            history, deck: deck, scheduler: scheduler, unlistedFile: unlistedFile, shouldStop: shouldStop)
        try? store.checkpoint()
        return result
    }
}
