import FoundationEssentials

extension FSRSScheduler {
    /// How long until a card is due again: a step, in seconds, or a review interval in
    /// whole days (the only kind fuzz may touch).
    enum Wait: Equatable {
        case step(TimeInterval)
        case days(Int)

        var seconds: TimeInterval {
            switch self {
            case .step(let seconds): seconds
            case .days(let days): Double(days) * 86400
            }
        }
    }

    /// Moves `card`, whose memory state is already updated, to its next state and step,
    /// and says how long until it is due.
    func advance(_ card: inout FSRSCard, rating: FSRSRating, stability: Double) -> Wait {
        switch card.state {
        case .learning:
            return climb(&card, steps: learningSteps, rating: rating, stability: stability)
        case .relearning:
            return climb(&card, steps: relearningSteps, rating: rating, stability: stability)
        case .review:
            card.step = nil
            if rating == .again, let first = relearningSteps.first {
                card.state = .relearning
                card.step = 0
                return .step(first)
            }
            // Without relearning steps a lapse stays in review, at its shrunken interval.
            return .days(intervalDays(stability: stability))
        }
    }

    /// One review of a learning or relearning card through `steps`.
    private func climb(
        _ card: inout FSRSCard, steps: [TimeInterval], rating: FSRSRating, stability: Double
    ) -> Wait {
        let step = max(card.step ?? 0, 0)
        // No steps at all, or a step past the end (the card was scheduled when there were
        // more steps): any rating graduates, except Again, which starts over when it can.
        guard !steps.isEmpty, step < steps.count || rating == .again else {
            return graduate(&card, stability: stability)
        }
        switch rating {
        case .again:
            card.step = 0
            return .step(steps[0])
        case .hard:
            // Hard repeats the step; on the first it waits a bit longer than Again would.
            card.step = step
            guard step == 0 else { return .step(steps[step]) }
            return .step(steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2)
        case .good:
            guard step + 1 < steps.count else { return graduate(&card, stability: stability) }
            card.step = step + 1
            return .step(steps[step + 1])
        case .easy:
            return graduate(&card, stability: stability)
        }
    }

    private func graduate(_ card: inout FSRSCard, stability: Double) -> Wait {
        card.state = .review
        card.step = nil
        return .days(intervalDays(stability: stability))
    }
}
