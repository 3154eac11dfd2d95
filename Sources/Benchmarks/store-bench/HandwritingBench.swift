// Handwriting recognition (Zinnia and the Tegaki Japanese model, through
// `HandwritingRecognizer`): the model's loading, then one character recognised at a
// time, 10 candidates, as the writing pad asks after each stroke: characters of 1 to
// 20 strokes (random straight strokes of 8 to 24 points in a 300×300 pad, the seed
// fixed), 50 of each count. Time per recognition, median and p95. Then the kanji of the
// N5–N3 kanji decks traced from KanjiVG's strokes (a point every 3 units in the 300×300
// pad, HandwrittenCharacter(tracing:side:spacing:)): the share of each level Zinnia reads
// as its first candidate and among its first three, and the time per kanji, with every
// point handed over and with each stroke simplified within a few tolerances (a share of
// the pad's side), the one `candidates(for:limit:)` uses last (issue 29's choice); then
// the same kanji written by a shaky hand, every point and simplified.
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
        traced(by: recognizer, into: &table)
        return table
    }

    /// The N5–N3 kanji traced from KanjiVG, read back: the share per level, with each
    /// stroke handed to Zinnia whole (every point, as before issue 29's simplification)
    /// and simplified within a few tolerances, the one `candidates(for:limit:)` uses
    /// last, with its time per kanji.
    private static func traced(by recognizer: HandwritingRecognizer, into table: inout Table) {
        let root = Repository.root()
        guard let data = try? Data(contentsOf: root.appendingPathComponent("data/strokes/strokes.json")),
              let order = try? StrokeOrder(data: data, file: "strokes.json") else {
            table.add("KanjiVG's strokes", "data/strokes/strokes.json could not be read")
            return
        }
        var levels: [(name: String, kanji: [(Character, HandwrittenCharacter)])] = []
        for level in ["n5", "n4", "n3"] {
            guard let deck = try? DeckLoader.load(contentsOf: root.appendingPathComponent("data/decks/kanji-\(level).json")) else {
                table.add("kanji-\(level).json", "could not be read")
                continue
            }
            levels.append((level.uppercased(), deck.cards.compactMap { card in
                guard let character = card.question.first, let kanji = try? order.strokes(of: character) else { return nil }
                return (character, HandwrittenCharacter(tracing: kanji, side: 300, spacing: 3))
            }))
        }
        let chosen = HandwritingRecognizer.tolerance
        for tolerance in [0, 0.01, 0.03, 0.04, 0.05, 0.07, 0.08].filter({ $0 != chosen }) + [chosen] {
            let name = tolerance == 0 ? "every point" : String(format: "simplified within %.1f %% of the pad", 100 * tolerance)
            var times: [Double] = []
            var (allFirst, allTopThree, all) = (0, 0, 0)
            var perLevel: [String] = []
            for (level, kanji) in levels {
                var (first, topThree) = (0, 0)
                for (character, written) in kanji {
                    var read: [String] = []
                    times.append(Measure.time {
                        read = (tolerance == chosen
                            ? recognizer.candidates(for: written)
                            : recognizer.candidates(for: written, limit: 10, tolerance: tolerance)).map(\.character)
                    })
                    if read.first == String(character) { first += 1 }
                    if read.prefix(3).contains(String(character)) { topThree += 1 }
                }
                perLevel.append("\(level) \(percent(first, of: kanji.count)) / \(percent(topThree, of: kanji.count))")
                (allFirst, allTopThree, all) = (allFirst + first, allTopThree + topThree, all + kanji.count)
            }
            table.add("N5–N3 kanji traced from KanjiVG (\(all)), \(name)\(tolerance == chosen ? " (used)" : ""): first / first three",
                      "\(percent(allFirst, of: all)) / \(percent(allTopThree, of: all))",
                      target: tolerance == chosen ? "≥ 95 % (first three)" : "")
            table.add("  per level: first / first three", perLevel.joined(separator: ", "))
            table.add("  time per kanji: median / p95",
                      "\(formatMilliseconds(Measure.medianOf(times))) / \(formatMilliseconds(Measure.percentile(times, 0.95)))")
        }
        shaky(levels.flatMap(\.kanji), by: recognizer, into: &table)
    }

    /// The same kanji written by a shaky hand, as a pad's real strokes are: each stroke
    /// wavering smoothly off KanjiVG's path (up to 2 % of the pad each way, one to three
    /// waves along it) and each point a unit off at random, the seed fixed; read with
    /// every point handed over and simplified as `candidates(for:limit:)` does.
    private static func shaky(
        _ kanji: [(Character, HandwrittenCharacter)], by recognizer: HandwritingRecognizer, into table: inout Table
    ) {
        var random = SeededRandomNumberGenerator(seed: 2929)
        let written = kanji.map { character, traced in
            var shaken = traced
            shaken.strokes = traced.strokes.map { stroke in
                let (waveX, waveY) = (Double.random(in: 1...3, using: &random), Double.random(in: 1...3, using: &random))
                let (phaseX, phaseY) = (Double.random(in: 0..<6.28, using: &random), Double.random(in: 0..<6.28, using: &random))
                let (sizeX, sizeY) = (Double.random(in: -6...6, using: &random), Double.random(in: -6...6, using: &random))
                return stroke.enumerated().map { index, point in
                    let along = stroke.count > 1 ? Double(index) / Double(stroke.count - 1) : 0
                    return HandwrittenCharacter.Point(
                        x: point.x + Int((sizeX * sin(2 * .pi * waveX * along + phaseX)).rounded()) + Int.random(in: -1...1, using: &random),
                        y: point.y + Int((sizeY * sin(2 * .pi * waveY * along + phaseY)).rounded()) + Int.random(in: -1...1, using: &random))
                }
            }
            return (character, shaken)
        }
        for tolerance in [0, HandwritingRecognizer.tolerance] {
            var (first, topThree) = (0, 0)
            for (character, shaken) in written {
                let read = recognizer.candidates(for: shaken, limit: 10, tolerance: tolerance).map(\.character)
                if read.first == String(character) { first += 1 }
                if read.prefix(3).contains(String(character)) { topThree += 1 }
            }
            let name = tolerance == 0 ? "every point" : String(format: "simplified within %.1f %% (used)", 100 * tolerance)
            table.add("N5–N3 kanji traced by a shaky hand (\(written.count)), \(name): first / first three",
                      "\(percent(first, of: written.count)) / \(percent(topThree, of: written.count))")
        }
    }

    private static func percent(_ part: Int, of whole: Int) -> String {
        String(format: "%.1f %%", whole == 0 ? 0 : 100 * Double(part) / Double(whole))
    }
}
