/// What the planner tells the learner is wrong, in words, gathered from its parts:
/// opening (``ReviewStoreConnection``), writing answers (``AnswerWriter``) and reading
/// the schedule.
extension StudyPlanner {
    /// Why the schedule is not being kept, or the last review was not saved, in words.
    public var problems: [String] {
        [openProblem, logProblem, journalProblem, saveProblem, readProblem].compactMap(\.self)
    }

    /// Why the database could not be opened or the old progress imported, until dismissed.
    public var openProblem: String? { connection.openProblem }
    /// What the background check of the review log found, if it is damaged.
    public var logProblem: String? { connection.logProblem }
    /// Whether the background check of the review log has finished (for tests).
    public var hasCheckedLog: Bool { connection.hasCheckedLog }
    /// How many answers wait to be saved and why, until they are.
    public var saveProblem: String? { answers.saveProblem }
    /// How many answers wait to be saved (see AnswerWriter+Waiting.swift).
    public var waitingCount: Int { answers.waitingCount }
    /// Lines of the journal that could not be read, until dismissed.
    public var journalProblem: String? { answers.journalProblem }

    /// Clears ``openProblem``, ``logProblem`` and ``journalProblem`` once shown; the
    /// sentence about waiting answers stays until they are saved.
    public func dismissProblems() {
        connection.dismissProblems()
        answers.journalProblem = nil
    }

    /// Whether any problem shown is one ``dismissProblems()`` clears (the waiting
    /// answers' sentence stays until they are saved).
    public var hasDismissibleProblems: Bool { openProblem != nil || logProblem != nil || journalProblem != nil }
}
