import FoundationEssentials

/// The card browser's changes to the schedule: a word suspended, unsuspended or reset
/// in every direction (recognition, production and writing are cards of one word), and
/// where the deck's cards stand. Each change is durable when it returns, and what
/// shows the schedule follows (``revision``).
extension StudyPlanner {
    /// Where the recognition cards of `deck` stand (what the browser shows), or nil
    /// without a store; a store error is shown as a problem and gives nil.
    public func schedule(deck: String) -> DeckSchedule? {
        _ = revision
        openStore()
        guard let store = connection.store else { return nil }
        return saving { () throws(ReviewStoreError) -> DeckSchedule in try store.schedule(deck: deck) }
    }

    /// Suspends (or unsuspends) the word `question` of `deck` in every direction it can
    /// be asked in: a suspended word is never planned, due or new. Throws why it could
    /// not be saved.
    public func setSuspended(_ isSuspended: Bool, question: String, deck: String) throws(ReviewStoreError) {
        let store = try openedStore()
        for direction in PracticeDirection.directions(asking: question) {
            try store.setSuspended(isSuspended, card: CardID(deck: direction.scheduleKey(for: deck), question: question))
        }
        answers.didSave()
    }

    /// Whether the word `question` of `deck` is suspended (its recognition card: the
    /// directions are suspended together); false without a store.
    public func isSuspended(question: String, deck: String) -> Bool {
        guard let store = try? openedStore() else { return false }
        return (try? store.isSuspended(CardID(deck: PracticeDirection.recognition.scheduleKey(for: deck), question: question)))
            ?? false
    }

    /// Removes every review and the memory state of the word `question` of `deck`, in
    /// every direction: it is new again. Its last answer can no longer be taken back.
    public func resetProgress(question: String, deck: String) throws(ReviewStoreError) {
        let store = try openedStore()
        for direction in PracticeDirection.allCases {
            let card = CardID(deck: direction.scheduleKey(for: deck), question: question)
            try store.resetProgress(of: card)
            answers.forgetUndo(of: card)
        }
        answers.didSave()
    }

    /// Every review of `deck`, every direction, for ``ReviewLogCSV``.
    public func exportedReviews(deck: String) throws(ReviewStoreError) -> [ExportedReview] {
        let store = try openedStore()
        return try store.exportedReviews(decks: PracticeDirection.allCases.map { $0.scheduleKey(for: deck) })
    }

    /// The store, opened if it can be; why not, when it cannot (or the planner is closed).
    func openedStore() throws(ReviewStoreError) -> ReviewStore {
        openStore()
        guard !isClosed, let store = connection.store else {
            throw answers.failure ?? ReviewStoreError(path: "", kind: .other(tr("the review history is not open")))
        }
        return store
    }
}
