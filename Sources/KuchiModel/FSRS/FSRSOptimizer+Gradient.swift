#if canImport(Glibc)
import Glibc
#endif

/// FSRS-6's memory model over one card's reviews, as the optimizer runs it: the
/// predicted recall before each review, the log loss of those predictions, and the
/// loss's gradient with respect to the 21 parameters.
///
/// The gradient is computed analytically in reverse (backpropagation through the card's
/// reviews): one pass forward keeps each review's stability, difficulty and predicted
/// recall; one pass backward carries the loss's derivative with respect to the memory
/// state from the last review to the first, adding each formula's partial derivatives
/// with respect to the parameters on the way. That costs about two forward passes for
/// all 21 derivatives, where forward-mode dual numbers would carry 21 tangents through
/// every operation. At a clamp or a `min`/`max`, the derivative follows the branch the
/// forward pass took, and a clamped value passes it on only when it lay within the
/// bounds (ends included), as fsrs-rs's (and PyTorch's) `clamp` does.
///
/// The formulas are fsrs-rs's (its `model.rs`), which differ from the scheduler's
/// ``FSRSModel`` only where training needs them to: stability is kept within
/// 0.001...36,500 days, and a same-day review is one on the same study day (interval 0),
/// not one less than 24 hours after the last.
struct FSRSCardModel {
    let w: [Double]
    /// The forgetting curve's exponent (−w[20]) and factor, as ``FSRSModel`` has them.
    let decay: Double
    let factor: Double
    /// d(factor)/d(decay), for w[20]'s derivative.
    let factorSlope: Double
    let expW8: Double
    /// e^(w[17]·w[18]): a lapse's stability is never above the previous one divided by it.
    let lapseFloorDivisor: Double
    /// The initial difficulty after Easy, unclamped: what difficulty reverts towards.
    let easyDifficulty: Double

    static let stabilityRange = 0.001...36_500.0
    static let difficultyRange = 1.0...10.0

    init(_ w: [Double]) {
        self.w = w
        decay = -w[20]
        factor = exp(log(0.9) / decay) - 1
        factorSlope = exp(log(0.9) / decay) * (-log(0.9) / (decay * decay))
        expW8 = exp(w[8])
        lapseFloorDivisor = exp(w[17] * w[18])
        easyDifficulty = w[4] - exp(3 * w[5]) + 1
    }

    static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }

    func retrievability(days: Double, stability: Double) -> Double {
        pow(days / stability * factor + 1, decay)
    }

    func initialDifficulty(_ rating: UInt8) -> Double {
        w[4] - exp(w[5] * Double(rating - 1)) + 1
    }

    /// The memory state after the first review.
    func initialState(_ rating: UInt8) -> (s: Double, d: Double) {
        (Self.clamp(w[Int(rating) - 1], Self.stabilityRange), Self.clamp(initialDifficulty(rating), Self.difficultyRange))
    }

    /// The memory state after a review `days` study days after the last, rated `rating`,
    /// where the recall predicted was `r`.
    func next(s: Double, d: Double, r: Double, days: Int32, rating: UInt8) -> (s: Double, d: Double) {
        (Self.clamp(nextStability(s: s, d: d, r: r, days: days, rating: rating), Self.stabilityRange),
         Self.clamp(nextDifficulty(d: d, rating: rating), Self.difficultyRange))
    }

    /// The new stability before its clamp.
    func nextStability(s: Double, d: Double, r: Double, days: Int32, rating: UInt8) -> Double {
        if days == 0 {
            return s * shortTermIncrease(s: s, rating: rating).value
        } else if rating == 1 {
            let lapse = lapseStability(s: s, d: d, r: r)
            return min(lapse.raw, lapse.floor)
        } else {
            return s * (successIncrease(s: s, d: d, r: r, rating: rating) + 1)
        }
    }

    /// The new difficulty before its clamp: moved by the rating (less so near 10), then
    /// pulled a share w[7] of the way back to an Easy first review's.
    func nextDifficulty(d: Double, rating: UInt8) -> Double {
        let moved = d + (10 - d) * (-w[6] * (Double(rating) - 3)) / 9
        return w[7] * (easyDifficulty - moved) + moved
    }

    /// The same-day multiplier, e^(w17·(rating − 3 + w18)) · S^−w19, and what is used: at
    /// least 1 for a review remembered. `raw` is whether the unfloored value is used.
    func shortTermIncrease(s: Double, rating: UInt8) -> (value: Double, raw: Bool) {
        let increase = exp(w[17] * (Double(rating) - 3 + w[18])) * pow(s, -w[19])
        return rating >= 2 && increase < 1 ? (1, false) : (increase, true)
    }

    func lapseStability(s: Double, d: Double, r: Double) -> (raw: Double, floor: Double) {
        (w[11] * pow(d, -w[12]) * (pow(s + 1, w[13]) - 1) * exp((1 - r) * w[14]), s / lapseFloorDivisor)
    }

    func successIncrease(s: Double, d: Double, r: Double, rating: UInt8) -> Double {
        expW8 * (11 - d) * pow(s, -w[9]) * (exp((1 - r) * w[10]) - 1) * bonus(rating)
    }

    /// Hard's penalty (w[15]) or Easy's bonus (w[16]); 1 for Good.
    func bonus(_ rating: UInt8) -> Double { rating == 2 ? w[15] : rating == 4 ? w[16] : 1 }

    /// Log loss of one prediction, weighted, and its derivative with respect to the
    /// prediction. The prediction is kept within 1e-7 of 0 and 1, where the derivative
    /// stops, as fsrs-rs's training does.
    static func logLoss(_ r: Double, remembered: Bool, weight: Double) -> (loss: Double, slope: Double) {
        let kept = min(max(r, 1e-7), 1 - 1e-7)
        let loss = -(remembered ? log(kept) : log(1 - kept)) * weight
        let slope = r > 1e-7 && r < 1 - 1e-7 ? -weight * (remembered ? 1 / kept : -1 / (1 - kept)) : 0
        return (loss, slope)
    }
}

/// Reusable room for one card's forward pass.
struct FSRSCardScratch {
    var s: [Double] = []
    var d: [Double] = []
    var r: [Double] = []
    var slope: [Double] = []

    mutating func reset(_ count: Int) {
        s.removeAll(keepingCapacity: true)
        d.removeAll(keepingCapacity: true)
        r.removeAll(keepingCapacity: true)
        slope.removeAll(keepingCapacity: true)
        s.reserveCapacity(count)
    }
}

extension FSRSCardModel {
    /// The weighted log loss of the predictions at every review of a card whose weight is
    /// not 0, and its gradient added into `gradient`.
    ///
    /// `ratings`, `days` and `weights` run in parallel over the card's reviews; the first
    /// review starts the memory state and is never predicted.
    func lossAndGradient(
        ratings: ArraySlice<UInt8>, days: ArraySlice<Int32>, weights: ArraySlice<Double>,
        gradient: inout [Double], scratch: inout FSRSCardScratch
    ) -> Double {
        let count = ratings.count
        guard count > 1 else { return 0 }
        let r0 = ratings.startIndex, t0 = days.startIndex, w0 = weights.startIndex
        scratch.reset(count)
        // Forward: the state before each review k ≥ 1 (index k), its prediction and the
        // loss's slope there.
        var state = initialState(ratings[r0])
        var loss = 0.0
        scratch.s.append(0); scratch.d.append(0); scratch.r.append(1); scratch.slope.append(0)
        for k in 1..<count {
            let t = days[t0 + k]
            let r = retrievability(days: Double(t), stability: state.s)
            scratch.s.append(state.s); scratch.d.append(state.d); scratch.r.append(r)
            let weight = weights[w0 + k]
            if weight != 0 {
                let scored = Self.logLoss(r, remembered: ratings[r0 + k] > 1, weight: weight)
                loss += scored.loss
                scratch.slope.append(scored.slope)
            } else {
                scratch.slope.append(0)
            }
            if k + 1 < count { state = next(s: state.s, d: state.d, r: r, days: t, rating: ratings[r0 + k]) }
        }
        // Backward: `gs`, `gd` are the loss's derivatives with respect to the state
        // before review k + 1, carried back to the state before review k.
        var gs = curveBackward(slope: scratch.slope[count - 1], r: scratch.r[count - 1], s: scratch.s[count - 1],
                               days: days[t0 + count - 1], gradient: &gradient)
        var gd = 0.0
        var k = count - 2
        while k >= 1 {
            let s = scratch.s[k], d = scratch.d[k], r = scratch.r[k]
            let t = days[t0 + k], rating = ratings[r0 + k]
            let nextS = nextStability(s: s, d: d, r: r, days: t, rating: rating)
            let gNewS = Self.stabilityRange.contains(nextS) ? gs : 0
            let gNewD = Self.difficultyRange.contains(nextDifficulty(d: d, rating: rating)) ? gd : 0
            var gS = 0.0, gD = 0.0
            var gR = scratch.slope[k]
            if gNewS != 0 {
                if t == 0 {
                    let increase = shortTermIncrease(s: s, rating: rating)
                    if increase.raw {
                        gS += gNewS * increase.value * (1 - w[19])
                        gradient[17] += gNewS * nextS * (Double(rating) - 3 + w[18])
                        gradient[18] += gNewS * nextS * w[17]
                        gradient[19] -= gNewS * nextS * log(s)
                    } else {
                        gS += gNewS
                    }
                } else if rating == 1 {
                    let lapse = lapseStability(s: s, d: d, r: r)
                    if lapse.floor < lapse.raw {
                        gS += gNewS / lapseFloorDivisor
                        gradient[17] -= gNewS * lapse.floor * w[18]
                        gradient[18] -= gNewS * lapse.floor * w[17]
                    } else {
                        let raw = lapse.raw
                        let common = w[11] * pow(d, -w[12]) * exp((1 - r) * w[14])
                        gradient[11] += gNewS * raw / w[11]
                        gradient[12] -= gNewS * raw * log(d)
                        gradient[13] += gNewS * common * pow(s + 1, w[13]) * log(s + 1)
                        gradient[14] += gNewS * raw * (1 - r)
                        gS += gNewS * common * w[13] * pow(s + 1, w[13] - 1)
                        gD -= gNewS * raw * w[12] / d
                        gR -= gNewS * raw * w[14]
                    }
                } else {
                    let grow = exp((1 - r) * w[10])
                    // The increase without its difficulty, recall or bonus factor.
                    let base = expW8 * pow(s, -w[9])
                    let bonus = bonus(rating)
                    let increase = base * (11 - d) * (grow - 1) * bonus
                    gS += gNewS * (1 + increase * (1 - w[9]))
                    gD -= gNewS * s * base * (grow - 1) * bonus
                    gR -= gNewS * s * base * (11 - d) * bonus * w[10] * grow
                    gradient[8] += gNewS * s * increase
                    gradient[9] -= gNewS * s * increase * log(s)
                    gradient[10] += gNewS * s * base * (11 - d) * bonus * (1 - r) * grow
                    if rating == 2 { gradient[15] += gNewS * s * base * (11 - d) * (grow - 1) }
                    if rating == 4 { gradient[16] += gNewS * s * base * (11 - d) * (grow - 1) }
                }
            }
            if gNewD != 0 {
                let change = -w[6] * (Double(rating) - 3)
                let moved = d + (10 - d) * change / 9
                gradient[7] += gNewD * (easyDifficulty - moved)
                gradient[4] += gNewD * w[7]
                gradient[5] -= gNewD * w[7] * 3 * exp(3 * w[5])
                let gMoved = gNewD * (1 - w[7])
                gradient[6] -= gMoved * (10 - d) * (Double(rating) - 3) / 9
                gD += gMoved * (1 - change / 9)
            }
            gS += curveBackward(slope: gR, r: r, s: s, days: t, gradient: &gradient)
            gs = gS
            gd = gD
            k -= 1
        }
        // The first review: stability is w[rating − 1], difficulty from w[4] and w[5].
        let first = ratings[r0]
        if Self.stabilityRange.contains(w[Int(first) - 1]) { gradient[Int(first) - 1] += gs }
        if gd != 0, Self.difficultyRange.contains(initialDifficulty(first)) {
            let offset = Double(first - 1)
            gradient[4] += gd
            gradient[5] -= gd * offset * exp(offset * w[5])
        }
        return loss
    }

    /// Carries `slope`, the loss's derivative with respect to a prediction `r` made
    /// `days` after a review that left stability `s`, into w[20]'s derivative, and
    /// returns its derivative with respect to `s`.
    private func curveBackward(slope: Double, r: Double, s: Double, days: Int32, gradient: inout [Double]) -> Double {
        guard slope != 0, days > 0 else { return 0 }
        let t = Double(days)
        let base = t / s * factor + 1
        let dDecay = r * (log(base) + decay / base * t / s * factorSlope)
        gradient[20] -= slope * dDecay
        return slope * r * decay / base * (-t * factor / (s * s))
    }
}
