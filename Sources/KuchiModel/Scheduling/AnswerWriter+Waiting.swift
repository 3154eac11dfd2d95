import FoundationEssentials

/// Answers the database could not take yet.
///
/// An answer that cannot be saved (the database locked by another program, the disk
/// full, its folder read-only, or not open at all) is not dropped: it joins the queue
/// of waiting answers, in memory and in the ``AnswerJournal`` beside the database when
/// that can be written. Every later answer queues behind it, so the log keeps the order
/// they were given in. The queue is saved, oldest first and each at its own time, at
/// the next answer, every ``retryInterval`` while it waits, at the planner's close, and
/// at the next start (from the journal). An answer from the journal that the log already
/// has (same card, same millisecond: saved just before a crash) is not saved twice.
extension AnswerWriter {
    /// Queues `answer`, the newest, to be saved later; returns the card's state as it
    /// will be.
    func keepWaiting(_ answer: PendingAnswer) -> FSRSCard {
        let before = expected[answer.card]
        let after = expectedState(of: answer.card, after: answer.rating, at: answer.time)
        expected[answer.card] = after
        waiting.append(answer)
        var line: Int64?
        do {
            line = try journal?.append(answer)
        } catch {
            answersOnlyInMemory += 1
            lastJournalError = error
        }
        undoable = .waiting(answer, journalLine: line, expectedBefore: before)
        waitingChanged()
        retryWhileWaiting()
        return after
    }

    /// Saves the waiting answers in order, as far as the store (opened by the caller)
    /// lets it.
    func saveWaiting() {
        guard !waiting.isEmpty, let store = connection.store else { return }
        var saved = 0
        while let answer = waiting.first {
            // The newest waiting answer of this run, once saved, is taken back from the log.
            let isUndoable = waiting.count == 1 && undoable?.isWaiting == true
            do {
                if try !store.hasReview(of: answer.card, at: answer.time) {
                    let (_, reviewID) = try save(answer, in: store)
                    if isUndoable { undoable = .saved(answer, reviewID: reviewID) }
                } else if isUndoable {
                    undoable = nil
                }
            } catch {
                lastSaveError = error
                break
            }
            waiting.removeFirst()
            saved += 1
        }
        // The oldest are saved first; those in memory only may be among them.
        answersOnlyInMemory = min(answersOnlyInMemory, waiting.count)
        if answersOnlyInMemory == 0 { lastJournalError = nil }
        if waiting.isEmpty { stopWaiting() }
        if saved > 0 { didSave() }
        waitingChanged()
    }

    /// Nothing waits any more: the journal and the timer go.
    func stopWaiting() {
        expected = [:]
        journal?.remove()
        retryTask?.cancel()
        retryTask = nil
    }

    /// Reads the answers a previous run left waiting, and saves them if it can.
    ///
    /// Nothing is taken from the journal of a file Kuchi will not write (another
    /// program's): they wait there until it is Kuchi's database again.
    func takeJournal() {
        guard let journal else { return }
        let (answers, problems) = journal.read()
        if !problems.isEmpty {
            let aside = journal.moveAside(at: clock())
            journalProblem = ScheduleWords.journalUnreadable(problems, movedAsideTo: aside.map { "\($0.lastComponent)" })
            // The answers read are written again, into a new journal.
            if aside != nil { for answer in answers { _ = try? journal.append(answer) } }
        }
        guard !answers.isEmpty else { return }
        waiting = answers
        saveWaiting()
        // Only what is still waiting needs the state a session goes on from.
        for answer in waiting {
            expected[answer.card] = expectedState(of: answer.card, after: answer.rating, at: answer.time)
        }
        waitingChanged()
        retryWhileWaiting()
    }

    private func retryWhileWaiting() {
        guard retryTask == nil, !waiting.isEmpty, !connection.isClosed else { return }
        retryTask = Task { [weak self] in
            while let interval = self?.retryInterval {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let self, !self.waiting.isEmpty else { return }
                self.connection.open(at: self.clock())
                self.saveWaiting()
            }
        }
    }

    /// Updates the count and the banner's sentence about waiting answers.
    func waitingChanged() {
        if waitingCount != waiting.count { waitingCount = waiting.count }
        let text = waiting.isEmpty ? nil : waitingSentence()
        if saveProblem != text { saveProblem = text }
    }

    private func waitingSentence() -> String {
        ScheduleWords.waiting(
            waiting.count, reason: failure, journalFile: journal.map { "\($0.path.lastComponent)" },
            onlyInMemory: answersOnlyInMemory, journalError: lastJournalError)
    }
}
