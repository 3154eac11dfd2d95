#if canImport(Glibc)
import Glibc
#endif

/// How well a set of parameters predicts a review history, measured as fsrs-rs's
/// `evaluate` measures it (the figures Anki shows after "Evaluate").
extension FSRSOptimizer {
    package struct Evaluation: Sendable, Equatable {
        /// The mean log loss (binary cross-entropy) of every item's predicted recall,
        /// weighted by recency as training weights it. Lower is better.
        package var logLoss: Double
        /// The calibration error: the items put in bins by interval, number of earlier
        /// later-day reviews and lapses (bins growing geometrically, fsrs-rs's), the root of
        /// the mean squared difference between a bin's mean predicted recall and the share
        /// of it remembered, bins weighted by their items' weights. Lower is better.
        package var rmseBins: Double
    }

    /// `parameters` (clamped as fsrs-rs clamps parameters it is given) evaluated on every
    /// item of `history`: nothing set aside as an outlier, and no length limit.
    package static func evaluate(_ parameters: [Double], on history: FSRSReviewHistory) -> Evaluation {
        var bounded = parameters.count == 21 ? parameters : FSRSModel.defaultWeights
        for i in 0..<21 {
            // A parameter the scheduler gets is not required to model same-day reviews.
            let bounds = i == 19 ? 0...0.8 : trainingBounds[i]
            bounded[i] = FSRSCardModel.clamp(bounded[i].isNaN ? FSRSModel.defaultWeights[i] : bounded[i], bounds)
        }
        let model = FSRSCardModel(bounded)
        // Each card walked once: the recall predicted before each of its reviews.
        var predicted: [[Double]] = []
        predicted.reserveCapacity(history.cards.count)
        for card in history.cards {
            var recall = [1.0]
            var state = model.initialState(card.ratings[0])
            for k in 1..<card.ratings.count {
                let r = model.retrievability(days: Double(card.intervals[k]), stability: state.s)
                recall.append(r)
                state = model.next(s: state.s, d: state.d, r: r, days: card.intervals[k], rating: card.ratings[k])
            }
            predicted.append(recall)
        }
        struct Bin { var predicted = 0.0, remembered = 0.0, count = 0.0, weight = 0.0 }
        var bins: [BinKey: Bin] = [:]
        var loss = 0.0, weights = 0.0
        let span = max(Double(history.items.count) - 1, 1)
        for (index, item) in history.items.enumerated() {
            let weight = 0.25 + 0.75 * pow(Double(index) / span, 3)
            let r = predicted[Int(item.card)][Int(item.end)]
            let remembered = history.rating(item) > 1
            loss -= (remembered ? log(r) : log(1 - r)) * weight
            weights += weight
            let key = binKey(history.cards[Int(item.card)], end: Int(item.end))
            bins[key, default: Bin()].predicted += r
            bins[key, default: Bin()].remembered += remembered ? 1 : 0
            bins[key, default: Bin()].count += 1
            bins[key, default: Bin()].weight += weight
        }
        var squares = 0.0, binWeights = 0.0
        for bin in bins.values {
            let difference = bin.predicted / bin.count - bin.remembered / bin.count
            squares += difference * difference * bin.weight
            binWeights += bin.weight
        }
        return Evaluation(logLoss: loss / weights, rmseBins: (squares / binWeights).squareRoot())
    }

    struct BinKey: Hashable {
        var interval: Int
        var length: Int
        var lapses: Int
    }

    /// fsrs-rs's bins (`r_matrix_index`): the interval in steps of ×3.62, the number of
    /// later-day reviews up to and including this one plus one in steps of ×1.89, and
    /// the earlier lapses on later days in steps of ×1.73 (0 alone).
    static func binKey(_ card: FSRSReviewHistory.Card, end: Int) -> BinKey {
        func bin(_ value: Double, base: Double, scale: Double, by multiplier: Double = 1) -> Int {
            Int((scale * pow(base, (log(value) / log(base)).rounded(.down)) * multiplier).rounded())
        }
        var longTerm = 0, lapses = 0
        for k in 0...end where card.intervals[k] > 0 {
            longTerm += 1
            if k < end, card.ratings[k] == 1 { lapses += 1 }
        }
        return BinKey(
            interval: bin(Double(card.intervals[end]), base: 3.62, scale: 2.48, by: 100),
            length: bin(Double(longTerm + 1), base: 1.89, scale: 1.99),
            lapses: lapses == 0 ? 0 : bin(Double(lapses), base: 1.73, scale: 1.65))
    }
}
