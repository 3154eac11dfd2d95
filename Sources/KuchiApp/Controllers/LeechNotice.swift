import KuchiModel

/// What Kuchi does when an answer makes a card a leech (``Leech``: its 8th lapse, then
/// every 4th): a toast after the answer says so and where to find it (the card browser's
/// Leeches filter), and the card is suspended too when the learner chose so in Settings
/// (``LeechAction``).
@MainActor
enum LeechNotice {
    /// Has `planner` tell of leeches this way from now on.
    static func install(planner: StudyPlanner, users: UserManager, state: AppState) {
        planner.onLeech = { [weak planner, users, state] card, lapses in
            guard let planner else { return }
            state.toaster.show(notice(card, lapses: lapses, planner: planner, action: users.settings.leechAction))
        }
    }

    /// Suspends the card if `action` says so, and says what happened.
    static func notice(_ card: CardID, lapses: Int, planner: StudyPlanner, action: LeechAction) -> String {
        let word = card.question
        guard action == .suspend else {
            return trn(
                "{word} is a leech: you have forgotten it {count} time. Find it under Leeches in Cards to edit, suspend or reset it.",
                "{word} is a leech: you have forgotten it {count} times. Find it under Leeches in Cards to edit, suspend or reset it.",
                lapses, ["word": word])
        }
        do {
            try planner.setSuspended(true, question: word, deck: PracticeDirection.deckKey(ofScheduleKey: card.deck))
        } catch {
            return tr("{word} is a leech, but it could not be suspended: {reason}", ["word": word, "reason": error.description])
        }
        return trn(
            "{word} is a leech: you have forgotten it {count} time, so Kuchi suspended it. Find it under Leeches in Cards.",
            "{word} is a leech: you have forgotten it {count} times, so Kuchi suspended it. Find it under Leeches in Cards.",
            lapses, ["word": word])
    }
}
