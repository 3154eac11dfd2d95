import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Taking back the last answer (Ctrl+Z): once, and only the one last answer the planner
/// was given in this run.
///
/// A saved answer is taken out of the log and its card put back as it was, in one
/// durable transaction (``ReviewStore/undo(reviewID:)``). An answer still waiting to be
/// saved is the newest in the queue: it leaves the queue, and its line, the journal's
/// last, is cut off the journal (``AnswerJournal/takeBack(_:at:)``), so the next start
/// does not save it. Either way a kill right after the undo returns finds it undone.
extension AnswerWriter {
    /// The last answer of this run, as it stands.
    enum UndoableAnswer {
        /// Saved, as review `reviewID` of the log.
        case saved(PendingAnswer, reviewID: Int64)
        /// Waiting to be saved, the newest of ``waiting``: at `journalLine` of the journal
        /// (nil when it is in memory only), after the state its card was expected to have
        /// (nil when no other answer to it waits).
        case waiting(PendingAnswer, journalLine: Int64?, expectedBefore: FSRSCard?)

        var answer: PendingAnswer {
            switch self {
            case .saved(let answer, _), .waiting(let answer, _, _): answer
            }
        }

        var isWaiting: Bool {
            if case .waiting = self { true } else { false }
        }
    }

    /// The answer ``undoLastAnswer()`` would take back: the last one given in this run,
    /// until it is taken back; nil before any, after that, or once closed.
    var lastAnswer: PendingAnswer? { connection.isClosed ? nil : undoable?.answer }

    /// Takes back the last answer given in this run, saved or waiting; returns it, or
    /// nil when there is none.
    ///
    /// Only that one answer, once: a second call does nothing, since the answer before
    /// it is the planner's no longer (it may even be from another run). What shows the
    /// schedule follows (``onSave``).
    ///
    /// - Throws: why the database or the journal could not take it back; nothing was
    ///   changed, and the answer can still be taken back.
    func undoLastAnswer() throws(ReviewStoreError) -> PendingAnswer? {
        guard !connection.isClosed, let undoable else { return nil }
        switch undoable {
        case .saved(let answer, let reviewID):
            guard let store = connection.store else { return nil }
            do {
                // By its card and time too: a sync merge may have written the card's
                // reviews again since.
                try store.undo(
                    reviewID: reviewID, answered: answer.card, at: answer.time,
                    replayingWith: replayScheduler())
            } catch {
                // No longer the card's latest review: it never will be again.
                if case .notLatestReview = error.kind { self.undoable = nil }
                throw error
            }
            self.undoable = nil
            didSave()
            return answer
        case .waiting(let answer, let line, let before):
            if let line, let journal { try takeBack(answer, at: line, from: journal) }
            waiting.removeLast()
            expected[answer.card] = before
            if line == nil {
                answersOnlyInMemory = max(answersOnlyInMemory - 1, 0)
                if answersOnlyInMemory == 0 { lastJournalError = nil }
            }
            if waiting.isEmpty { stopWaiting() }
            waitingChanged()
            self.undoable = nil
            return answer
        }
    }

    /// Forgets the last answer if it was to `card`, whose history is gone (reset).
    func forgetUndo(of card: CardID) {
        if undoable?.answer.card == card { undoable = nil }
    }

    /// Cuts `answer`'s line off `journal`, or says why it could not.
    private func takeBack(_ answer: PendingAnswer, at line: Int64, from journal: AnswerJournal) throws(ReviewStoreError) {
        let path = journal.path.description
        let isTaken: Bool
        do throws(AtomicFile.WriteError) {
            isTaken = try journal.takeBack(answer, at: line)
        } catch {
            switch error.error.code {
            case ENOSPC, EDQUOT: throw ReviewStoreError(path: path, kind: .diskFull)
            case EACCES, EPERM, EROFS: throw ReviewStoreError(path: path, kind: .readOnly)
            default: throw ReviewStoreError(path: path, kind: .other(tr("could not {operation} it: {reason}", ["operation": "\(error.operation)", "reason": "\(error.error.words)"])))
            }
        }
        guard isTaken else {
            throw ReviewStoreError(
                path: path, kind: .other(tr("it no longer ends with that answer (was it changed?), so it was left as it is")))
        }
    }
}
