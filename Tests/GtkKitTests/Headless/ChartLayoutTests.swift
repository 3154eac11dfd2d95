import Testing
@testable import GtkKit

/// A bar chart's scale and geometry, without a display.
@Suite("Chart layout")
struct ChartLayoutTests {
    @Test("gridlines fall on round numbers just above the largest count")
    func roundGridlines() {
        #expect(ChartScale(values: [3, 7, 1]).gridValues == [0, 5, 10])
        #expect(ChartScale(values: [30]).gridValues == [0, 10, 20, 30])
        #expect(ChartScale(values: [95]).gridValues == [0, 50, 100])
    }

    @Test("counts never get a fractional gridline")
    func wholeSteps() {
        let scale = ChartScale(values: [1, 0])
        #expect(scale.gridValues == [0, 1])
        #expect(scale.gridValues.map(scale.label) == ["0", "1"])
    }

    @Test("fractions get as many decimals as their step needs")
    func fractionalLabels() {
        let scale = ChartScale(values: [0.1, 0.04])
        #expect(scale.step == 0.05)
        #expect(scale.gridValues.map(scale.label) == ["0", "0.05", "0.10"])
    }

    @Test("all zero, empty, negative and non-finite values leave only the baseline")
    func nothingToDraw() {
        for values in [[0.0, 0], [], [-3, .nan, .infinity]] {
            let scale = ChartScale(values: values)
            #expect(scale.gridValues == [0])
            let layout = ChartLayout(
                values: values, scale: scale, width: 300, height: 120,
                gutter: 10, lineHeight: 12, labelWidth: 8)
            #expect(layout.bars.allSatisfy { $0.height == 0 })
        }
    }

    @Test("bars stand on the baseline, as tall as their share of the top gridline")
    func proportionalBars() {
        let values: [Double] = [0, 5, 10, 2]
        let layout = ChartLayout(
            values: values, scale: ChartScale(values: values), width: 420, height: 221,
            gutter: 20, lineHeight: 12, labelWidth: 8)
        #expect(layout.plot.height == 200)
        #expect(layout.bars.map(\.height) == [0, 100, 200, 40])
        #expect(layout.bars.allSatisfy { $0.maxY == layout.plot.maxY })
        #expect(layout.bars.allSatisfy { $0.x >= layout.plot.x && $0.maxX <= layout.plot.maxX })
    }

    @Test("a tiny value still shows a pixel")
    func tinyValueVisible() {
        let values: [Double] = [1000, 1]
        let layout = ChartLayout(
            values: values, scale: ChartScale(values: values), width: 300, height: 120,
            gutter: 20, lineHeight: 12, labelWidth: 8)
        #expect(layout.bars[1].height == 1)
    }

    @Test("30 bars in 300 px show every fifth label, ending with the last bar")
    func thinnedLabels() {
        let values = [Double](repeating: 1, count: 30)
        let layout = ChartLayout(
            values: values, scale: ChartScale(values: values), width: 320, height: 120,
            gutter: 20, lineHeight: 12, labelWidth: 14)
        #expect(layout.labelStride == 5)
        let shown = values.indices.filter(layout.showsLabel)
        #expect(shown == [4, 9, 14, 19, 24, 29])
    }

    @Test("labels with room to spare are all shown")
    func everyLabel() {
        #expect(ChartLayout.stride(slotWidth: 40, labelWidth: 10, gap: 12) == 1)
        #expect(ChartLayout.stride(slotWidth: 15, labelWidth: 10, gap: 12) == 2)
        #expect(ChartLayout.stride(slotWidth: 1, labelWidth: 10, gap: 12) == 50)
    }
}
