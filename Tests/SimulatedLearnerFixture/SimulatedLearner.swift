// A learner whose memory follows FSRS-6 with parameters of our choosing, for the
// optimizer's tests and its benchmark (store-bench --optimizer): no GTK, no Testing.
import Foundation
import KuchiModel

/// A learner who studies through Kuchi's scheduler and remembers each card with the
/// probability FSRS-6 predicts for known parameters, so an optimizer fitted to the log
/// should find parameters that predict it as well as those.
///
/// Each new card is first seen at a random time between 09:00 and 20:00 in Tokyo (no
/// clock changes), and its learning steps (1 and 10 minutes) and relearning step (10
/// minutes) are taken on time, the same day. A card in review is taken on the day it is
/// due or, half the time, up to its interval again later, at the same time of day: so
/// the whole days the scheduler counts between reviews are the study days the optimizer
/// counts (days starting at 04:00), and recall is drawn from a spread of predictions,
/// not only from 90%.
public struct SimulatedLearner {
    /// The learner's memory: the parameters the log is drawn from.
    public let parameters: [Double]
    /// Where study days are counted, for the optimizer: Tokyo's (UTC+9, no clock changes).
    public static let timeZone = TimeZone(secondsFromGMT: 9 * 3600) ?? .gmt
    public static let dayStartHour = 4

    /// A memory unlike the defaults in every part: faster forgetting after a first
    /// review, slower stability growth, a steeper curve.
    public static let knownParameters: [Double] = [
        0.35, 1.8, 4.5, 12.0, 6.9, 0.6, 2.4, 0.02, 1.6, 0.12, 1.05, 1.7, 0.08, 0.35, 1.4, 0.45, 2.1, 0.4, 0.15, 0.1, 0.25,
    ]

    public init(parameters: [Double] = knownParameters) {
        self.parameters = parameters
    }

    /// The log of `reviews` reviews of up to `cards` cards, `newPerDay` new ones a day,
    /// from 2026-01-01 (Tokyo), in time order; the same for the same seed.
    public func reviews(cards: Int, reviews: Int, newPerDay: Int = 50, seed: UInt64 = 27) -> [ExportedReview] {
        var random = SeededRandomNumberGenerator(seed: seed)
        let scheduler = FSRSScheduler(parameters: parameters, fuzz: true)
        // 2026-01-01 00:00 in Tokyo, in seconds since 1970 (UTC).
        let start: Int64 = 1_767_193_200
        var queue = ReviewQueue()
        var states: [FSRSCard] = []
        for index in 0..<cards {
            let day = Int64(index / max(newPerDay, 1))
            let time = start + day * 86_400 + Int64.random(in: (9 * 3600)..<(20 * 3600), using: &random)
            queue.push((time, index))
            states.append(FSRSCard(due: Date(timeIntervalSince1970: Double(time))))
        }
        var log: [ExportedReview] = []
        log.reserveCapacity(reviews)
        while log.count < reviews, let (time, index) = queue.pop() {
            let card = states[index]
            let date = Date(timeIntervalSince1970: Double(time))
            let rating = rate(card, at: date, scheduler: scheduler, using: &random)
            log.append(ExportedReview(
                card: Int64(index + 1), milliseconds: time * 1000, rating: rating,
                stateBefore: card.lastReview == nil ? nil : card.state, durationMilliseconds: 4000))
            let next = scheduler.review(card, rating: rating, at: date, using: &random)
            states[index] = next
            var due = Int64(next.due.timeIntervalSince1970.rounded())
            if next.state == .review, Bool.random(using: &random) {
                let interval = max(1, (due - time) / 86_400)
                due += Int64.random(in: 1...interval, using: &random) * 86_400
            }
            queue.push((due, index))
        }
        return log
    }

    /// The learner's answer: a first rating drawn from a fixed spread; later, remembered
    /// with the probability FSRS-6 gives (by the scheduler's whole days, or by the hour
    /// on the same day), and then Hard, Good or Easy.
    private func rate(
        _ card: FSRSCard, at date: Date, scheduler: FSRSScheduler, using random: inout SeededRandomNumberGenerator
    ) -> FSRSRating {
        let draw = Double.random(in: 0..<1, using: &random)
        guard let last = card.lastReview, let stability = card.stability else {
            return draw < 0.25 ? .again : draw < 0.35 ? .hard : draw < 0.9 ? .good : .easy
        }
        let elapsed = date.timeIntervalSince(last) / 86_400
        let recall: Double
        if elapsed < 1 {
            let decay = -parameters[20]
            recall = pow(1 + (pow(0.9, 1 / decay) - 1) * elapsed / stability, decay)
        } else {
            recall = scheduler.retrievability(of: card, at: date)
        }
        guard draw < recall else { return .again }
        let kind = Double.random(in: 0..<1, using: &random)
        return kind < 0.1 ? .hard : kind < 0.9 ? .good : .easy
    }
}

/// The next review due: a binary heap of (time, card), earliest first, ties by card.
private struct ReviewQueue {
    private var heap: [(Int64, Int)] = []

    private static func before(_ a: (Int64, Int), _ b: (Int64, Int)) -> Bool {
        a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
    }

    mutating func push(_ entry: (Int64, Int)) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (Int64, Int)? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, Self.before(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.before(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
