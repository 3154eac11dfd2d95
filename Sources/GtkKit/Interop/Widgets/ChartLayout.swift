/// The vertical scale of a bar chart: round gridline values from zero to just above
/// the largest value, so the numbers beside the gridlines read as people write them.
struct ChartScale: Equatable {
    /// The value at the top gridline, which a bar of full height stands for; 0 when
    /// every value is zero (nothing but the baseline is drawn then).
    let top: Double
    /// The distance between gridlines: 1, 2 or 5 times a power of ten.
    let step: Double
    /// Decimal places the gridline numbers need (0 for whole numbers).
    let decimals: Int

    /// A scale for `values` with about three gridlines above the baseline. Counts
    /// (whole values only) never get a fractional step.
    init(values: [Double]) {
        let drawn = values.map(ChartScale.drawnValue)
        let maximum = drawn.max() ?? 0
        guard maximum > 0 else {
            top = 0; step = 0; decimals = 0
            return
        }
        let wholeValues = drawn.allSatisfy { $0 == $0.rounded() }
        var step = ChartScale.roundStep(above: maximum / 3)
        if wholeValues { step = max(step, 1) }
        self.step = step
        top = (maximum / step).rounded(.up) * step
        var decimals = 0
        var scaled = step
        while scaled != scaled.rounded() && decimals < 6 {
            scaled *= 10
            decimals += 1
        }
        self.decimals = decimals
    }

    /// What a bar shows for `value`: negative and non-finite values draw as zero.
    static func drawnValue(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

    /// The smallest of 1, 2, 5 × 10ⁿ that is at least `target` (which is positive).
    private static func roundStep(above target: Double) -> Double {
        var magnitude = 1.0
        while magnitude * 10 <= target { magnitude *= 10 }
        while magnitude > target { magnitude /= 10 }
        for factor in [1.0, 2, 5, 10] where factor * magnitude >= target { return factor * magnitude }
        return 10 * magnitude
    }

    /// The values gridlines are drawn at, from the baseline (0) up to `top`.
    var gridValues: [Double] {
        guard step > 0 else { return [0] }
        let count = Int((top / step).rounded())
        return (0...count).map { Double($0) * step }
    }

    /// `value` written with the scale's decimal places: "15", "0.05"; zero is "0".
    func label(for value: Double) -> String {
        var power = 1
        for _ in 0..<decimals { power *= 10 }
        let scaled = Int((value * Double(power)).rounded())
        guard decimals > 0, scaled != 0 else { return String(scaled) }
        let fraction = String(abs(scaled) % power)
        let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
        return "\(scaled / power).\(padded)"
    }
}

/// Where a bar chart's parts go at a given size: plain arithmetic, so it is tested
/// without a display. `ChartPainter` measures the text and draws what this says.
struct ChartLayout: Equatable {
    struct Rect: Equatable {
        var x, y, width, height: Double
        var maxX: Double { x + width }
        var maxY: Double { y + height }
    }

    let scale: ChartScale
    /// Where the bars stand; its bottom edge is the baseline.
    let plot: Rect
    /// The width each bar has, with its gap.
    let slotWidth: Double
    /// One per value, in order; a zero value has no height.
    let bars: [Rect]
    /// Every how-many-th x label is shown, counting back from the last bar (the
    /// most recent day), so the labels never run into each other.
    let labelStride: Int

    /// - Parameters:
    ///   - gutter: room on the left for the gridline numbers.
    ///   - lineHeight: the height of one line of label text.
    ///   - labelWidth: the widest x label.
    init(
        values: [Double], scale: ChartScale, width: Double, height: Double,
        gutter: Double, lineHeight: Double, labelWidth: Double
    ) {
        self.scale = scale
        // Half a line above, for the top gridline's number; a line and a little below,
        // for the x labels.
        let top = (lineHeight / 2).rounded(.up)
        let bottom = lineHeight + 3
        plot = Rect(
            x: gutter, y: top, width: max(0, width - gutter), height: max(0, height - top - bottom))
        slotWidth = values.isEmpty ? 0 : plot.width / Double(values.count)
        let plot = plot, slot = slotWidth
        // A third of each slot is gap while that is at least a pixel; thinner slots
        // touch. Edges fall on whole pixels, so bars are crisp.
        let inset = slot >= 3 ? slot * 0.15 : 0
        bars = values.enumerated().map { index, value in
            let left = (plot.x + Double(index) * slot + inset).rounded(.down)
            let right = max(left + 1, (plot.x + Double(index + 1) * slot - inset).rounded(.down))
            let drawn = ChartScale.drawnValue(value)
            // A value above zero gets at least a pixel, so it never looks like zero.
            let height = scale.top > 0 && drawn > 0
                ? max(1, (drawn / scale.top * plot.height).rounded()) : 0
            return Rect(x: left, y: plot.maxY - height, width: right - left, height: height)
        }
        labelStride = ChartLayout.stride(slotWidth: slotWidth, labelWidth: labelWidth, gap: lineHeight)
    }

    /// The smallest of 1, 2, 5, 10, 20, 50… slots that holds a label and a gap.
    static func stride(slotWidth: Double, labelWidth: Double, gap: Double) -> Int {
        guard slotWidth > 0 else { return 1 }
        var stride = 1
        let steps = [1, 2, 5]
        var index = 0
        var magnitude = 1
        while Double(stride) * slotWidth < labelWidth + gap && stride < 1_000_000 {
            index += 1
            if index == steps.count { index = 0; magnitude *= 10 }
            stride = steps[index] * magnitude
        }
        return stride
    }

    /// Whether the x label under bar `index` is shown.
    func showsLabel(at index: Int) -> Bool {
        (bars.count - 1 - index) % labelStride == 0
    }

    /// Where the gridline for `value` runs.
    func y(for value: Double) -> Double {
        guard scale.top > 0 else { return plot.maxY }
        return plot.maxY - value / scale.top * plot.height
    }
}
