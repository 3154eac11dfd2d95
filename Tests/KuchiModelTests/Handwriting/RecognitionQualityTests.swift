import Foundation
import Testing
@testable import KuchiModel

/// How well Zinnia reads kanji written exactly as KanjiVG draws them: every kanji of the
/// N5, N4 and N3 kanji decks traced along its strokes (a point every 3 units, as a
/// pointer gives them) in the 300×300 pad the Type page hands over, read back.
///
/// Issue 29 asks for 95 % among the first three. Handing Zinnia every point gave
/// 94.8 % (580 of 612); with each stroke reduced to its ends and corners first, as the
/// model's Tomoe data gives strokes (``HandwritingRecognizer/candidates(for:limit:)``),
/// it is 96.2 % (589 of 612), and anywhere from 95.4 to 96.2 % for a tolerance from 4
/// to 8 % of the pad (`store-bench --handwriting`), so the bound of 95 % does not hang
/// on one kanji. The misses left are mostly the model's: kanji it learnt in another
/// order than KanjiVG's (and the school's), as ``modelLearntAnotherOrder()`` shows for
/// 上.
@Suite(
    "Handwriting recognition quality",
    .enabled("needs libzinnia0 and tegaki-zinnia-japanese") {
        HandwritingRecognizer.modelPaths.contains { FileManager.default.fileExists(atPath: $0) }
    })
struct RecognitionQualityTests {
    @Test("N5–N3 kanji traced from KanjiVG are among Zinnia's first three candidates")
    func tracedKanji() throws {
        let recognizer = try HandwritingRecognizer.open().get()
        let order = try StrokeOrder(
            data: Data(contentsOf: RepositoryPaths.root.appendingPathComponent("data/strokes/strokes.json")),
            file: "strokes.json")
        var found = 0
        var total = 0
        var misses: [String] = []
        for level in ["n5", "n4", "n3"] {
            let deck = try DeckLoader.load(contentsOf: RepositoryPaths.decks.appendingPathComponent("kanji-\(level).json"))
            var levelFound = 0
            for card in deck.cards {
                let character = try #require(card.question.first, "a kanji card asks one kanji")
                let kanji = try #require(try order.strokes(of: character), "\(character) has no strokes")
                let read = recognizer.candidates(for: HandwrittenCharacter(tracing: kanji, side: 300, spacing: 3), limit: 10)
                    .map(\.character)
                if read.prefix(3).contains(String(character)) {
                    levelFound += 1
                } else {
                    misses.append("\(character)→\(read.prefix(3).joined())")
                }
            }
            print("\(level.uppercased()): \(levelFound) of \(deck.cards.count) in the first three")
            found += levelFound
            total += deck.cards.count
        }
        let share = Double(found) / Double(total)
        print("N5–N3: \(found) of \(total) (\(share)) in the first three; missed: \(misses.joined(separator: " "))")
        #expect(total > 600)
        #expect(share >= 0.95, "\(found) of \(total); missed \(misses.joined(separator: " "))")
    }

    @Test("上 written in the school's order is not read as 上; its short stroke first, it is")
    func modelLearntAnotherOrder() throws {
        let recognizer = try HandwritingRecognizer.open().get()
        let order = try StrokeOrder(
            data: Data(contentsOf: RepositoryPaths.root.appendingPathComponent("data/strokes/strokes.json")),
            file: "strokes.json")
        var written = HandwrittenCharacter(tracing: try #require(try order.strokes(of: "上")), side: 300, spacing: 3)
        #expect(!recognizer.candidates(for: written, limit: 3).map(\.character).contains("上"))
        written.strokes.swapAt(0, 1)
        #expect(recognizer.candidates(for: written, limit: 1).first?.character == "上")
    }
}
