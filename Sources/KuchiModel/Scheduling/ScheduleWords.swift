import FoundationEssentials

/// What the schedule says to the learner, in words: why it is not being kept, why an
/// answer waits, what a session would hold. The planner and the store opener decide;
/// only this type words it.
enum ScheduleWords {
    /// The database could not be opened; answers wait until it can be.
    static func notOpened(_ error: ReviewStoreError) -> String {
        tr("Your review history could not be opened: {reason}. Until it can be, Kuchi does not schedule reviews; your answers are kept and saved once it opens.", ["reason": error.description])
    }

    /// The file is another program's: this run's reviews are kept in memory.
    static func keptInMemory(_ error: ReviewStoreError) -> String {
        tr("Your review history could not be opened: {reason}. Kuchi keeps this run's reviews in memory only, and they are lost when it quits. Move that file elsewhere and Kuchi starts a new history in its place.", ["reason": error.description])
    }

    /// The progress file of Kuchi before the review history could not be imported.
    static func legacyNotImported(_ error: ReviewStoreError) -> String {
        tr("Your old progress could not be brought over: {reason}.", ["reason": error.description])
    }

    /// The background check of the review log found damage.
    static func logDamaged(_ error: ReviewStoreError) -> String {
        tr("Your review history is damaged: {reason}. Kuchi goes on scheduling with it; copy the file somewhere safe before anything else.", ["reason": String(describing: error)])
    }

    /// Reading the schedule failed.
    static func notRead(_ error: ReviewStoreError) -> String {
        tr("Your review history could not be read: {reason}.", ["reason": error.description])
    }

    /// Lines of the journal of waiting answers could not be read.
    static func journalUnreadable(_ problems: [String], movedAsideTo aside: String?) -> String {
        let opening = problems.prefix(3).joined(separator: "; ") + "."
        guard let aside else { return opening }
        return opening + " " + tr("Kuchi moved it aside to {file} and kept the answers it could read.", ["file": aside])
    }

    /// How many answers wait to be saved and why; where they are kept meanwhile, and
    /// how many of them only in memory (with why they could not be written).
    static func waiting(
        _ count: Int, reason: ReviewStoreError?, journalFile: String?, onlyInMemory: Int,
        journalError: AtomicFile.WriteError?
    ) -> String {
        let reason = reason?.description ?? tr("your review history is not open")
        let opening = trn("{count} answer waits to be saved: {reason}.", "{count} answers wait to be saved: {reason}.", count, ["reason": reason])
        guard onlyInMemory > 0 else {
            let promise = trn("Kuchi saves it, with the time it was given, as soon as it can.", "Kuchi saves them, each with the time it was given, as soon as it can.", count)
            guard let journalFile else { return opening + " " + promise }
            let file = trn("It keeps it in {file} meanwhile.", "It keeps them in {file} meanwhile.", count, ["file": journalFile])
            return opening + " " + promise + " " + file
        }
        let promise = trn("Kuchi saves it, with the time it was given, as soon as it can;", "Kuchi saves them, each with the time it was given, as soon as it can;", count)
        let memory = journalError.map {
            trn("{count} answer could not be written to disk either ({reason}) and is kept in memory only: quitting now would lose it.", "{count} answers could not be written to disk either ({reason}) and are kept in memory only: quitting now would lose them.", onlyInMemory, ["reason": $0.description])
        } ?? trn("{count} answer could not be written to disk either and is kept in memory only: quitting now would lose it.", "{count} answers could not be written to disk either and are kept in memory only: quitting now would lose them.", onlyInMemory)
        return opening + " " + promise + " " + memory
    }

    /// "3 cards to review and 20 new ones", or when the next card is due.
    static func summary(of outlook: StudyOutlook) -> String {
        let limit = StudyOutlook.countLimit
        switch (outlook.due, outlook.new) {
        case (0, 0):
            guard let nextDue = outlook.nextDue else { return tr("Nothing is due, and no new cards are left.") }
            return tr("Nothing is due. The next card is due {when}.", ["when": DueTime.describe(nextDue, from: outlook.now)])
        case (0, let new):
            return new >= limit
                ? trn("{count} or more new card to learn today.", "{count} or more new cards to learn today.", limit)
                : trn("{count} new card to learn today.", "{count} new cards to learn today.", new)
        case (let due, 0):
            return due >= limit
                ? trn("{count} or more card to review.", "{count} or more cards to review.", limit)
                : trn("{count} card to review.", "{count} cards to review.", due)
        case (let due, let new):
            let review = due >= limit
                ? trn("{count} or more card to review", "{count} or more cards to review", limit)
                : trn("{count} card to review", "{count} cards to review", due)
            let learn = new >= limit
                ? trn("{count} or more new card to learn", "{count} or more new cards to learn", limit)
                : trn("{count} new card to learn", "{count} new cards to learn", new)
            // TRANSLATORS: "{review}" is "3 cards to review", "{learn}" is "20 new cards to learn".
            return tr("{review} and {learn}.", ["review": review, "learn": learn])
        }
    }
}
