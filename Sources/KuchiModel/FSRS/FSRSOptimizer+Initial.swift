#if canImport(Glibc)
import Glibc
#endif

/// The first step of fitting, as fsrs-rs does it: outliers set aside, then the first four
/// parameters (the stability after a first review rated Again, Hard, Good or Easy) fitted
/// from how often each card's second study day found it remembered.
extension FSRSOptimizer {
    /// A card's first rating and the study days to its second day: the pairs fsrs-rs
    /// groups first reviews by.
    struct FirstPair: Hashable {
        var rating: UInt8
        var interval: Int32
    }

    /// What the outlier filter keeps.
    struct Prepared {
        /// Each card's first item (its first later-day review) from the groups kept, by pair.
        var firstReviews: [FirstPair: (count: Int, recalled: Int)]
        /// The items to train on: those of cards whose pair was not set aside, in time order.
        var training: [FSRSReviewHistory.Item]
    }

    /// fsrs-rs's outlier filter (`prepare_training_data`): for each first rating, the
    /// rarest intervals to the second day are set aside until together they reach 20
    /// cards or a twentieth of that rating's cards, whichever is more; so is any interval
    /// left with fewer than 6 cards or longer than 100 days (365 after Easy). A card whose
    /// pair is set aside is left out of training altogether: its first interval says the
    /// log does not show how it was learnt (imported, or rescheduled by hand).
    static func prepare(_ history: FSRSReviewHistory) -> Prepared {
        // A card's first item: the first with an interval (the rest come later in time,
        // so the first seen for each card in time order).
        var firstItem: [Int32: FSRSReviewHistory.Item] = [:]
        for item in history.items where firstItem[item.card] == nil { firstItem[item.card] = item }
        var groups: [UInt8: [Int32: (count: Int, recalled: Int)]] = [:]
        for item in firstItem.values {
            let pair = FirstPair(rating: history.cards[Int(item.card)].ratings[0], interval: history.interval(item))
            let recalled = history.rating(item) > 1 ? 1 : 0
            let sum = groups[pair.rating, default: [:]][pair.interval, default: (0, 0)]
            groups[pair.rating, default: [:]][pair.interval] = (sum.count + 1, sum.recalled + recalled)
        }
        var removed: Set<FirstPair> = []
        var kept: [FirstPair: (count: Int, recalled: Int)] = [:]
        for (rating, intervals) in groups {
            let total = intervals.values.reduce(0) { $0 + $1.count }
            // Rarest first; of equally rare intervals, the shortest first.
            let rarestFirst = intervals.sorted { $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key < $1.key }
            var setAside = 0
            for (interval, group) in rarestFirst {
                let pair = FirstPair(rating: rating, interval: interval)
                if setAside + group.count >= max(20, total / 20) {
                    if group.count >= 6, interval <= (rating != 4 ? 100 : 365) {
                        kept[pair] = group
                    } else {
                        removed.insert(pair)
                    }
                } else {
                    setAside += group.count
                    removed.insert(pair)
                }
            }
        }
        let training = history.items.filter { item in
            guard let first = firstItem[item.card] else { return false }
            return !removed.contains(FirstPair(rating: history.cards[Int(item.card)].ratings[0], interval: history.interval(first)))
        }
        return Prepared(firstReviews: kept, training: training)
    }

    /// The initial stabilities fsrs-rs's pre-training finds (`initialize_stability_parameters`)
    /// and how many first reviews each first rating had; nil where no first review is left.
    ///
    /// For each first rating, the stability whose forgetting curve (with the default decay)
    /// best predicts whether the second day's review was remembered, by log loss over the
    /// intervals seen, each interval's recall rate smoothed towards `averageRecall` by one
    /// review, plus a pull of 1/16 per day towards the default. A ternary search over 0.001
    /// to 100 days, as fsrs-rs's: the loss has one minimum there.
    static func initialStabilities(
        _ firstReviews: [FirstPair: (count: Int, recalled: Int)], averageRecall: Double
    ) -> (stabilities: [Double], ratingCounts: [UInt8: Int])? {
        // fsrs-rs keeps its parameters in 32-bit floats; the default decay is read from
        // there, so the search uses the same value.
        let decay = -Double(Float(FSRSModel.defaultWeights[20]))
        let factor = pow(0.9, 1 / decay) - 1
        var fitted: [UInt8: Double] = [:]
        var counts: [UInt8: Int] = [:]
        for rating in UInt8(1)...4 {
            let groups = firstReviews.filter { $0.key.rating == rating }.sorted { $0.key.interval < $1.key.interval }
            guard !groups.isEmpty else { continue }
            counts[rating] = groups.reduce(0) { $0 + $1.value.count }
            let points = groups.map { group -> (days: Double, recall: Double, count: Double) in
                let count = Double(group.value.count)
                let recall = (Double(group.value.recalled) + averageRecall) / (count + 1)
                return (Double(group.key.interval), recall, count)
            }
            let defaultStability = Double(Float(FSRSModel.defaultWeights[Int(rating) - 1]))
            func loss(_ stability: Double) -> Double {
                var sum = 0.0
                for point in points {
                    let predicted = pow(point.days / stability * factor + 1, decay)
                    sum -= (point.recall * log(predicted) + (1 - point.recall) * log(1 - predicted)) * point.count
                }
                return sum + abs(stability - defaultStability) / 16
            }
            var low = FSRSOptimizer.minimumStability, high = FSRSOptimizer.maximumInitialStability
            var best = defaultStability
            var steps = 0
            while high - low > Double.ulpOfOne, steps < 1000 {
                steps += 1
                let third1 = low + (high - low) / 3, third2 = high - (high - low) / 3
                if loss(third1) < loss(third2) { high = third2 } else { low = third1 }
                best = (high + low) / 2
            }
            fitted[rating] = best
        }
        guard let stabilities = smoothedAndFilled(fitted, counts: counts) else { return nil }
        return (stabilities, counts)
    }

    /// Four initial stabilities from those of the first ratings seen, as fsrs-rs's
    /// `smooth_and_fill`: first put in order (a lower rating never more stable than a
    /// higher one: of two out of order, the one with fewer reviews takes the other's
    /// value), then the missing ones filled by the geometric relations FSRS's authors
    /// found across many collections, then each kept within 0.001...100 days. Nil when
    /// there are none at all.
    static func smoothedAndFilled(_ given: [UInt8: Double], counts: [UInt8: Int]) -> [Double]? {
        var s = given.filter { counts[$0.key] != nil }
        for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] as [(UInt8, UInt8)] {
            guard let smallValue = s[small], let bigValue = s[big], smallValue > bigValue else { continue }
            if counts[small, default: 0] > counts[big, default: 0] { s[big] = smallValue } else { s[small] = bigValue }
        }
        let w1 = 0.41, w2 = 0.54
        let defaults = FSRSModel.defaultWeights
        var r: [Double?] = [s[1], s[2], s[3], s[4]]
        switch s.count {
        case 0:
            return nil
        case 1:
            guard let (rating, value) = s.first else { return nil }
            let factor = value / defaults[Int(rating) - 1]
            r = (0..<4).map { defaults[$0] * factor }
        case 2:
            switch (r[0], r[1], r[2], r[3]) {
            case (nil, nil, let r3?, let r4?):
                let r2 = pow(r3, 1 / (1 - w2)) * pow(r4, 1 - 1 / (1 - w2))
                r[1] = r2
                r[0] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (nil, let r2?, nil, let r4?):
                let r3 = pow(r2, 1 - w2) * pow(r4, w2)
                r[2] = r3
                r[0] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (nil, let r2?, let r3?, nil):
                r[3] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
                r[0] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (let r1?, nil, nil, let r4?):
                let share = w1 / (w1 + w2 - w1 * w2), share2 = w2 / (w1 + w2 - w1 * w2)
                r[1] = pow(r1, share) * pow(r4, 1 - share)
                r[2] = pow(r1, 1 - share2) * pow(r4, share2)
            case (let r1?, nil, let r3?, nil):
                let r2 = pow(r1, w1) * pow(r3, 1 - w1)
                r[1] = r2
                r[3] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            case (let r1?, let r2?, nil, nil):
                let r3 = pow(r1, 1 - 1 / (1 - w1)) * pow(r2, 1 / (1 - w1))
                r[2] = r3
                r[3] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            default:
                break
            }
        case 3:
            if r[0] == nil, let r2 = r[1], let r3 = r[2] {
                r[0] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            } else if r[1] == nil, let r1 = r[0], let r3 = r[2] {
                r[1] = pow(r1, w1) * pow(r3, 1 - w1)
            } else if r[2] == nil, let r2 = r[1], let r4 = r[3] {
                r[2] = pow(r2, 1 - w2) * pow(r4, w2)
            } else if r[3] == nil, let r2 = r[1], let r3 = r[2] {
                r[3] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            }
        default:
            break
        }
        let filled = r.compactMap { $0 }
        guard filled.count == 4 else { return nil }
        return filled.map { min(max($0, minimumStability), maximumInitialStability) }
    }
}
