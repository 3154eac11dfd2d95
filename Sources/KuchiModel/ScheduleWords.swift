import FoundationEssentials

/// What the schedule says to the learner, in words: why it is not being kept, why an
/// answer waits, what a session would hold. The planner and the store opener decide;
/// only this type words it.
enum ScheduleWords {
    /// The database could not be opened; answers wait until it can be.
    static func notOpened(_ error: ReviewStoreError) -> String {
        "Your review history could not be opened: \(error.description). Until it can be, "
            + "Kuchi does not schedule reviews; your answers are kept and saved once it opens."
    }

    /// The file is another program's: this run's reviews are kept in memory.
    static func keptInMemory(_ error: ReviewStoreError) -> String {
        "Your review history could not be opened: \(error.description). Kuchi keeps "
            + "this run's reviews in memory only, and they are lost when it quits. Move that file "
            + "elsewhere and Kuchi starts a new history in its place."
    }

    /// The progress file of Kuchi before the review history could not be imported.
    static func legacyNotImported(_ error: ReviewStoreError) -> String {
        "Your old progress could not be brought over: \(error.description)."
    }

    /// The background check of the review log found damage.
    static func logDamaged(_ error: ReviewStoreError) -> String {
        let advice = "Kuchi goes on scheduling with it; copy the file somewhere safe before anything else."
        return "Your review history is damaged: \(String(describing: error)). \(advice)"
    }

    /// Reading the schedule failed.
    static func notRead(_ error: ReviewStoreError) -> String {
        "Your review history could not be read: \(error.description)."
    }

    /// Lines of the journal of waiting answers could not be read.
    static func journalUnreadable(_ problems: [String], movedAsideTo aside: String?) -> String {
        let opening = problems.prefix(3).joined(separator: "; ") + "."
        guard let aside else { return opening }
        return opening + " Kuchi moved it aside to \(aside) and kept the answers it could read."
    }

    /// How many answers wait to be saved and why; where they are kept meanwhile, and
    /// how many of them only in memory (with why they could not be written).
    static func waiting(
        _ count: Int, reason: ReviewStoreError?, journalFile: String?, onlyInMemory: Int,
        journalError: AtomicFile.WriteError?
    ) -> String {
        let one = count == 1
        let reason = reason?.description ?? "your review history is not open"
        let opening = "\(count.counted("answer")) \(one ? "waits" : "wait") to be saved: \(reason)."
        let promise = one
            ? "Kuchi saves it, with the time it was given, as soon as it can"
            : "Kuchi saves them, each with the time it was given, as soon as it can"
        guard onlyInMemory > 0 else {
            let file = journalFile.map { " It keeps \(one ? "it" : "them") in \($0) meanwhile." } ?? ""
            return "\(opening) \(promise).\(file)"
        }
        let why = journalError.map { " (\($0.description))" } ?? ""
        return "\(opening) \(promise); \(onlyInMemory.counted("answer")) could not be written to disk "
            + "either\(why) and \(onlyInMemory == 1 ? "is" : "are") kept in memory only: quitting now would lose "
            + "\(onlyInMemory == 1 ? "it" : "them")."
    }

    /// "3 cards to review and 20 new ones", or when the next card is due.
    static func summary(of outlook: StudyOutlook) -> String {
        switch (outlook.due, outlook.new) {
        case (0, 0):
            guard let nextDue = outlook.nextDue else { return "Nothing is due, and no new cards are left." }
            return "Nothing is due. The next card is due \(DueTime.describe(nextDue, from: outlook.now))."
        case (0, let new): return "\(count(new, "new card")) to learn today."
        case (let due, 0): return "\(count(due, "card")) to review."
        case (let due, let new): return "\(count(due, "card")) to review and \(count(new, "new card")) to learn."
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number >= StudyOutlook.countLimit ? "\(StudyOutlook.countLimit.grouped) or more \(noun)s" : number.counted(noun)
    }
}
