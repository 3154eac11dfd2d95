#if canImport(Glibc)
import Glibc
#endif

/// The training proper, as fsrs-rs's `train` runs it when it is given card ids: Adam over
/// batches of whole cards.
extension FSRSOptimizer {
    /// fsrs-rs's training settings (its `TrainingConfig` defaults).
    package struct TrainingSettings: Sendable {
        package var epochs = 5
        /// Predictions a batch holds at most (a card bigger than that is a batch alone).
        package var batchSize = 512
        package var learningRate = 0.04
        /// Items of more reviews than this are left out, as fsrs-rs leaves them out.
        package var maximumSequenceLength = 256
        /// The weight of the pull towards the starting parameters.
        package var gamma = 1.0
        /// The batches' order; fsrs-rs's seed, though its generator is another.
        package var seed: UInt64 = 2023
        /// Told how far training has come after every step, and asked whether to stop:
        /// a fit stopped half-way returns what it had, which its caller throws away.
        package var progress: MemoryModelFitProgress?

        package init() {}
    }

    /// How far each parameter typically lies from its default across many learners
    /// (fsrs-rs's `PARAMS_STDDEV`): the pull towards the starting parameters is the
    /// squared distance in these units, so a parameter the data says little about stays
    /// near where it started.
    static let parameterSpread: [Double] = [
        6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25,
        1.03, 0.31, 0.32, 0.14, 0.27,
    ]

    /// The bounds fsrs-rs keeps each parameter within after every step (its
    /// `clip_parameters`, with one relearning step and same-day reviews modelled).
    static let trainingBounds: [ClosedRange<Double>] = [
        0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4, 0.001...0.75,
        0...4.5, 0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9, 0...4, 0...1, 1...6,
        0...2, 0...2, 0.01...0.8, 0.1...0.8,
    ]

    /// One card as training sees it: its reviews up to its last item, each item's weight
    /// at the item's review and 0 elsewhere.
    struct TrainingCard {
        var card: Int
        var length: Int
        var weights: [Double]
        var predictions: Int
    }

    /// `start` trained on `items` of `history`.
    static func train(
        _ history: FSRSReviewHistory, items: [FSRSReviewHistory.Item], from start: [Double], settings: TrainingSettings
    ) -> [Double] {
        let cards = trainingCards(history, items: items, settings: settings)
        let total = cards.reduce(0) { $0 + $1.predictions }
        guard total > 0 else { return start }
        // Consecutive cards, shortest first, up to `batchSize` predictions a batch.
        var batches: [Range<Int>] = []
        var batchStart = 0, inBatch = 0
        for (index, card) in cards.enumerated() {
            if index > batchStart, inBatch + card.predictions > settings.batchSize {
                batches.append(batchStart..<index)
                batchStart = index
                inBatch = 0
            }
            inBatch += card.predictions
        }
        batches.append(batchStart..<cards.count)

        let steps = (total / settings.batchSize + 1) * settings.epochs
        var parameters = start
        var adam = Adam()
        var random = SeededRandomNumberGenerator(seed: settings.seed)
        var scratch = FSRSCardScratch()
        var step = 0
        for _ in 0..<settings.epochs {
            for batch in Array(batches.indices).shuffled(using: &random) {
                // Cosine annealing: from the full rate at the first step to 0 at the last.
                let rate = settings.learningRate * (1 + cos(Double.pi * Double(step) / Double(steps))) / 2
                step += 1
                if let progress = settings.progress {
                    if progress.isCancelled { return parameters }
                    progress.advance(to: Double(step) / Double(steps))
                }
                let model = FSRSCardModel(parameters)
                var gradient = [Double](repeating: 0, count: 21)
                var predictions = 0
                for card in cards[batches[batch]] {
                    let reviews = history.cards[card.card]
                    _ = model.lossAndGradient(
                        ratings: reviews.ratings[0..<card.length], days: reviews.intervals[0..<card.length],
                        weights: card.weights[...], gradient: &gradient, scratch: &scratch)
                    predictions += card.predictions
                }
                // The pull towards the start, in proportion to the batch's share of the items.
                let share = settings.gamma * Double(predictions) / Double(total)
                for i in 0..<21 {
                    gradient[i] += 2 * (parameters[i] - start[i]) / (parameterSpread[i] * parameterSpread[i]) * share
                }
                adam.step(&parameters, gradient: gradient, rate: rate)
                for i in 0..<21 { parameters[i] = FSRSCardModel.clamp(parameters[i], trainingBounds[i]) }
            }
        }
        return parameters
    }

    /// The cards of `items`, each item weighted by its recency (from 0.25 for the oldest to
    /// 1 for the newest, rising as the cube of its place in time, fsrs-rs's weighting),
    /// items past the longest sequence left out; in card order, then (stably) by length.
    static func trainingCards(
        _ history: FSRSReviewHistory, items: [FSRSReviewHistory.Item], settings: TrainingSettings
    ) -> [TrainingCard] {
        var slots = [Int](repeating: -1, count: history.cards.count)
        var cards: [TrainingCard] = []
        let span = max(Double(items.count) - 1, 1)
        for (index, item) in items.enumerated() where Int(item.end) < settings.maximumSequenceLength {
            let card = Int(item.card), end = Int(item.end)
            if slots[card] < 0 {
                slots[card] = cards.count
                cards.append(TrainingCard(
                    card: card, length: 0, weights: Array(repeating: 0, count: history.cards[card].ratings.count),
                    predictions: 0))
            }
            let slot = slots[card]
            cards[slot].weights[end] = 0.25 + 0.75 * pow(Double(index) / span, 3)
            cards[slot].length = max(cards[slot].length, end + 1)
            cards[slot].predictions += 1
        }
        cards.sort { $0.card < $1.card }
        for index in cards.indices { cards[index].weights.removeSubrange(cards[index].length...) }
        // Stable: cards of one length stay in card order.
        return cards.enumerated().sorted { a, b in
            a.element.length != b.element.length ? a.element.length < b.element.length : a.offset < b.offset
        }.map(\.element)
    }

    /// Adam (Kingma & Ba) with fsrs-rs's constants: β₁ 0.9, β₂ 0.999, ε 1e-8.
    struct Adam {
        var moment = [Double](repeating: 0, count: 21)
        var variance = [Double](repeating: 0, count: 21)
        var steps = 0

        mutating func step(_ parameters: inout [Double], gradient: [Double], rate: Double) {
            steps += 1
            let correction1 = 1 - pow(0.9, Double(steps)), correction2 = 1 - pow(0.999, Double(steps))
            for i in 0..<21 {
                moment[i] = 0.9 * moment[i] + 0.1 * gradient[i]
                variance[i] = 0.999 * variance[i] + 0.001 * gradient[i] * gradient[i]
                parameters[i] -= rate * (moment[i] / correction1) / ((variance[i] / correction2).squareRoot() + 1e-8)
            }
        }
    }
}
