import FoundationEssentials
import Observation

/// The planner's part that keeps time: the outlook of a deck (what a session would hold
/// now), kept until something it depends on changes, and a wake-up for when time alone
/// changes it — a card falls due, or a study day begins — so that what shows the
/// outlook follows (a Welcome screen left open says "1 card to review" when it is so).
@MainActor
@Observable
final class OutlookWatch {
    /// Counts the moments the outlook changed with time alone. Read by
    /// ``outlook(deck:questions:revision:dailyNewCards:now:studyDay:read:)``, so what
    /// shows it follows.
    private var timeTick = 0
    @ObservationIgnored private var cached: (key: Key, value: StudyOutlook)?
    @ObservationIgnored private var wakeUp: Task<Void, Never>?
    /// When ``timeTick`` is next bumped, and when the wake-up's current sleep ends.
    @ObservationIgnored private var wakeDeadline: ContinuousClock.Instant?
    @ObservationIgnored private var sleepEnd: ContinuousClock.Instant?
    /// Tells the current wake-up from one that was replaced.
    @ObservationIgnored private var wakeGeneration = 0

    /// The outlook of `deck` now: the one kept, unless the schedule (`revision`), the
    /// settings, the deck, the study day or time alone changed it since; else `read`'s,
    /// kept, with a wake-up set for when the next card falls due or the day turns.
    func outlook(
        deck: String, questions: [String], revision: Int, dailyNewCards: Int, now: Date, studyDay: StudyDay,
        read: () -> StudyOutlook?
    ) -> StudyOutlook? {
        let key = Key(
            deck: deck, questions: questions.count, first: questions.first, last: questions.last,
            revision: revision, timeTick: timeTick, dailyNewCards: dailyNewCards, day: studyDay.start(of: now))
        if let cached, cached.key == key { return cached.value }
        let outlook = read()
        if let outlook {
            cached = (key, outlook)
            let dayEnd = studyDay.start(of: now, offsetBy: 1)
            wake(after: min(outlook.nextDue ?? dayEnd, dayEnd).timeIntervalSince(now))
        }
        return outlook
    }

    private struct Key: Equatable {
        var deck: String
        var questions: Int
        var first: String?
        var last: String?
        var revision: Int
        var timeTick: Int
        var dailyNewCards: Int
        var day: Date
    }

    /// Stops the wake-up that keeps the outlook current.
    func stop() {
        wakeUp?.cancel()
        wakeUp = nil
        wakeDeadline = nil
        sleepEnd = nil
        wakeGeneration += 1
    }

    /// The longest single sleep of the wake-up.
    // NB: a cancelled `Task.sleep` keeps its timer queued until its own deadline, which
    // for "tomorrow at 4 AM" was a day: cancelling one per answer grew memory by about
    // 0.6 KiB an answer. Sleeps are short and a later deadline never cancels one, so a
    // cancelled timer lingers at most this long.
    static let longestSleep = Duration.seconds(60)

    /// Bumps ``timeTick`` a second after `seconds` from now (one deadline at a time).
    private func wake(after seconds: TimeInterval) {
        wakeDeadline = ContinuousClock.now.advanced(by: .seconds(max(seconds, 0) + 1))
        // A sleep under way that ends before the deadline: the wake-up goes on from there.
        if wakeUp != nil, let sleepEnd, let wakeDeadline, sleepEnd <= wakeDeadline { return }
        wakeUp?.cancel()
        wakeGeneration += 1
        let generation = wakeGeneration
        wakeUp = Task { [weak self] in
            while let end = self?.nextWakeUp(generation: generation) {
                try? await Task.sleep(until: end, clock: .continuous)
            }
        }
    }

    /// When the wake-up's next sleep ends; at the deadline, bumps ``timeTick`` and ends
    /// the wake-up (nil), as it does for a wake-up that was replaced or cancelled.
    private func nextWakeUp(generation: Int) -> ContinuousClock.Instant? {
        guard generation == wakeGeneration, !Task.isCancelled else { return nil }
        let now = ContinuousClock.now
        guard let deadline = wakeDeadline, now < deadline else {
            if wakeDeadline != nil { timeTick += 1 }
            wakeDeadline = nil
            sleepEnd = nil
            wakeUp = nil
            return nil
        }
        let end = min(deadline, now.advanced(by: Self.longestSleep))
        sleepEnd = end
        return end
    }
}
