import BenchSupport
import Foundation
import GtkKit
import KuchiApp
import KuchiModel

/// The writing pad's reading, as the Type page asks for it: `Handwriting` opened (Zinnia
/// and the Tegaki model, off the main thread), then a stroke written after another, 1 to
/// 10 strokes a character (random straight strokes of 8 to 24 points in the pad's box,
/// the seed fixed), each read off the main thread and its candidates back on it. Timed
/// from the strokes' change to the candidates on the main actor, with the main loop
/// ticking every 5 ms meanwhile, and for a second before with nothing read: their gaps
/// say whether reading held up the window more than the machine does.
@MainActor
enum WritingBenchmarks {
    static func run() {
        var table = Table("Writing pad: strokes → Zinnia's \(Handwriting.candidateCount) candidates on the main thread")
        let handwriting = Handwriting()
        let opening = ContinuousClock.now
        handwriting.prepare()
        MainLoop.run(until: { handwriting.availability != .unknown }, timeout: .seconds(30))
        guard handwriting.availability == .available else {
            print("\nWriting pad: skipped, \(handwriting.availability)")
            return
        }
        table.add("Zinnia and the model opened (off the main thread)", formatMilliseconds(seconds(.now - opening)))
        var ticks: [ContinuousClock.Instant] = []
        var ticking = true
        func tick() {
            ticks.append(.now)
            if ticking { MainLoop.after(.milliseconds(5), tick) }
        }
        // The yardstick: the same ticks for a second with nothing read (a loaded
        // machine delays them too).
        tick()
        MainLoop.run(until: { ticks.count >= 200 }, timeout: .seconds(1))
        let idleGaps = zip(ticks.dropFirst(), ticks).map { seconds($0 - $1) }
        ticks = []
        var random = SeededRandomNumberGenerator(seed: 29)
        var times: [Double] = []
        let box = Int(Handwriting.box)
        for _ in 0..<20 {
            handwriting.clear()
            for _ in 0..<10 {
                let start = (Int.random(in: 10...box - 10, using: &random), Int.random(in: 10...box - 10, using: &random))
                let end = (Int.random(in: 10...box - 10, using: &random), Int.random(in: 10...box - 10, using: &random))
                let steps = Int.random(in: 8...24, using: &random)
                let stroke = (0...steps).map { step in
                    SketchPoint(x: Double(start.0 + (end.0 - start.0) * step / steps),
                                y: Double(start.1 + (end.1 - start.1) * step / steps))
                }
                let before = handwriting.readingsShown
                let written = ContinuousClock.now
                handwriting.strokes.append(stroke)
                guard MainLoop.run(until: { handwriting.readingsShown > before }, timeout: .seconds(5)) else {
                    print("\nWriting pad: a reading did not come back in 5 s")
                    return
                }
                times.append(seconds(.now - written))
            }
        }
        ticking = false
        let gaps = zip(ticks.dropFirst(), ticks).map { seconds($0 - $1) }
        table.add("characters × strokes read", "20 × 10")
        table.add("stroke → candidates shown, median", formatMilliseconds(Measure.medianOf(times), digits: 1))
        table.add("  p95", formatMilliseconds(Measure.percentile(times, 0.95), digits: 1), target: "≤ 30 ms")
        table.add("  slowest", formatMilliseconds(times.max() ?? 0, digits: 1))
        table.add("main loop meanwhile (5 ms ticks): longest gap / p99",
                  "\(formatMilliseconds(gaps.max() ?? 0, digits: 1)) / \(formatMilliseconds(Measure.percentile(gaps, 0.99), digits: 1))")
        table.add("  the same ticks with nothing read: longest gap / p99",
                  "\(formatMilliseconds(idleGaps.max() ?? 0, digits: 1)) / \(formatMilliseconds(Measure.percentile(idleGaps, 0.99), digits: 1))")
        table.print()
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
