// Handwriting recognition (Zinnia and the Tegaki Japanese model, through
// `HandwritingRecognizer`): the model's loading, then one character recognised at a
// time, 10 candidates, as the writing pad asks after each stroke: characters of 1 to
// 20 strokes (random straight strokes of 8 to 24 points in a 300×300 pad, the seed
// fixed), 50 of each count. Time per recognition, median and p95.
import BenchSupport
import Foundation
import KuchiModel

enum HandwritingBench {
    static func table() -> Table {
        var table = Table("Handwriting recognition (Zinnia, 10 candidates)")
        var recognizer: HandwritingRecognizer?
        let load = Measure.time {
            if case .success(let opened) = HandwritingRecognizer.open() { recognizer = opened }
        }
        guard let recognizer else {
            table.add("Zinnia", "not installed: apt-get install libzinnia0 tegaki-zinnia-japanese")
            return table
        }
        table.add("the model loaded (first use)", formatMilliseconds(load))
        var random = SeededRandomNumberGenerator(seed: 29)
        var all: [Double] = []
        var sink = 0
        for strokeCount in 1...20 {
            var times: [Double] = []
            for _ in 0..<50 {
                let character = HandwrittenCharacter(width: 300, height: 300, strokes: (0..<strokeCount).map { _ in
                    let start = (Int.random(in: 10...290, using: &random), Int.random(in: 10...290, using: &random))
                    let end = (Int.random(in: 10...290, using: &random), Int.random(in: 10...290, using: &random))
                    let steps = Int.random(in: 8...24, using: &random)
                    return (0...steps).map { step in
                        HandwrittenCharacter.Point(
                            x: start.0 + (end.0 - start.0) * step / steps, y: start.1 + (end.1 - start.1) * step / steps)
                    }
                })
                times.append(Measure.time { sink &+= recognizer.candidates(for: character).count })
            }
            all += times
            if [1, 5, 10, 15, 20].contains(strokeCount) {
                table.add("  \(strokeCount) stroke\(strokeCount == 1 ? "" : "s"): median / p95",
                          "\(formatMilliseconds(Measure.medianOf(times))) / \(formatMilliseconds(Measure.percentile(times, 0.95)))")
            }
        }
        table.add("one character, 1–20 strokes (\(all.count) recognitions): median", formatMilliseconds(Measure.medianOf(all)))
        table.add("  p95", formatMilliseconds(Measure.percentile(all, 0.95)), target: "≤ 30 ms")
        if sink < 0 { print(sink) }
        return table
    }
}
