import Foundation
import Testing
@testable import KuchiModel

/// A written kanji against KanjiVG's strokes: the count, each stroke's turn, and its
/// direction; writing that is sloppy but in order still passes.
@Suite("Stroke order check")
struct StrokeOrderCheckTests {
    private typealias Point = HandwrittenCharacter.Point

    private static let order: StrokeOrder? = try? StrokeOrder(
        data: Data(contentsOf: RepositoryPaths.root.appendingPathComponent("data/strokes/strokes.json")), file: "strokes.json")

    private func kanji(_ character: Character) throws -> KanjiStrokes {
        let order = try #require(Self.order)
        return try #require(try order.strokes(of: character))
    }

    /// `character` traced in a 300 pad, its strokes then rearranged by `change`.
    private func written(
        _ character: Character, _ change: (inout [[Point]]) -> Void = { _ in }
    ) throws -> (HandwrittenCharacter, KanjiStrokes) {
        let strokes = try kanji(character)
        var writing = HandwrittenCharacter(tracing: strokes, side: 300, spacing: 3)
        change(&writing.strokes)
        return (writing, strokes)
    }

    @Test("every N5–N3 kanji traced from KanjiVG in order matches: count, turn and direction")
    func ownStrokes() throws {
        var checked = 0
        for level in ["n5", "n4", "n3"] {
            let deck = try DeckLoader.load(contentsOf: RepositoryPaths.decks.appendingPathComponent("kanji-\(level).json"))
            for card in deck.cards {
                let (writing, strokes) = try written(try #require(card.question.first))
                let check = StrokeOrderCheck(written: writing, expected: strokes)
                #expect(check.isOrderRight && check.finding == nil, "\(card.question): \(check)")
                #expect(check.pairedStrokes == Array(1...strokes.strokeCount))
                checked += 1
            }
        }
        #expect(checked > 600)
    }

    @Test("two strokes swapped: the order is wrong, naming the stroke that came first")
    func swapped() throws {
        let (inOrder, river) = try written("川")
        #expect(StrokeOrderCheck(written: inOrder, expected: river).isOrderRight)
        let (writing, strokes) = try written("川") { $0.swapAt(1, 2) }
        let check = StrokeOrderCheck(written: writing, expected: strokes)
        #expect(check.isCountRight && !check.isOrderRight)
        #expect(check.pairedStrokes == [1, 3, 2])
        #expect(check.firstOutOfTurn?.stroke == 3 && check.firstOutOfTurn?.before == 2)
        #expect(check.backwardStrokes.isEmpty)
        #expect(check.finding == "Stroke 3 came before stroke 2.")
        // In a kanji of many strokes, only the two swapped are out of place.
        let (language, word) = try written("語") { $0.swapAt(8, 11) }
        let many = StrokeOrderCheck(written: language, expected: word)
        #expect(many.pairedStrokes == [1, 2, 3, 4, 5, 6, 7, 8, 12, 10, 11, 9, 13, 14])
        #expect(many.finding == "Stroke 12 came before stroke 9.")
    }

    @Test("a stroke missing or one too many: the count is wrong, and says both counts")
    func missing() throws {
        let (writing, strokes) = try written("日") { $0.removeLast() }
        let check = StrokeOrderCheck(written: writing, expected: strokes)
        #expect(!check.isCountRight && !check.isOrderRight)
        #expect(check.writtenCount == 3 && check.expectedCount == 4)
        #expect(check.finding == "Written in 3 strokes; it has 4.")
        let (extra, sun) = try written("日") { $0.append($0[2]) }
        #expect(StrokeOrderCheck(written: extra, expected: sun).finding == "Written in 5 strokes; it has 4.")
    }

    @Test("a stroke drawn from its end to its start keeps its place and is named backwards")
    func backwards() throws {
        let (writing, strokes) = try written("十") { $0[1].reverse() }
        let check = StrokeOrderCheck(written: writing, expected: strokes)
        #expect(check.isCountRight && !check.isOrderRight)
        #expect(check.pairedStrokes == [1, 2] && check.firstOutOfTurn == nil)
        #expect(check.backwardStrokes == [2])
        #expect(check.finding == "Stroke 2 was drawn backwards.")
        let (first, ten) = try written("語") { $0[0].reverse() }
        #expect(StrokeOrderCheck(written: first, expected: ten).backwardStrokes == [1])
    }

    @Test("sloppy writing in the right order matches: every point off by up to 5 %, smaller and off-centre")
    func sloppy() throws {
        var random = SeededRandomNumberGenerator(seed: 29)
        let deck = try DeckLoader.load(contentsOf: RepositoryPaths.decks.appendingPathComponent("kanji-n5.json"))
        for card in deck.cards {
            let character = try #require(card.question.first)
            let (writing, strokes) = try written(character) { strokes in
                // Two thirds the size, towards the bottom right, each point moved by up
                // to 15 of the pad's 300 either way.
                strokes = strokes.map { stroke in
                    stroke.map { point in
                        Point(x: 80 + point.x * 2 / 3 + Int.random(in: -15...15, using: &random),
                              y: 90 + point.y * 2 / 3 + Int.random(in: -15...15, using: &random))
                    }
                }
            }
            let check = StrokeOrderCheck(written: writing, expected: strokes)
            #expect(check.isOrderRight, "\(character): \(check.finding ?? "") \(check)")
        }
        // The same sloppiness with two strokes swapped is still caught.
        let (swapped, strokes) = try written("語") { strokes in
            strokes.swapAt(8, 11)
            strokes = strokes.map { $0.map { Point(x: $0.x + Int.random(in: -15...15, using: &random), y: $0.y) } }
        }
        #expect(StrokeOrderCheck(written: swapped, expected: strokes).firstOutOfTurn?.stroke == 12)
    }
}
