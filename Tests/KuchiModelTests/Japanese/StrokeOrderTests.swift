import Foundation
import Testing
@testable import KuchiModel

@Suite("Stroke order data")
struct StrokeOrderTests {
    private static let shipped = RepositoryPaths.root.appendingPathComponent("data/strokes/strokes.json")

    private func load(_ json: String) -> String {
        do {
            let order = try StrokeOrder(data: Data(json.utf8), file: "strokes.json")
            for character in "一二" { _ = try order.strokes(of: character) }
            return "read \(order.count)"
        } catch {
            return error.description
        }
    }

    @Test("the shipped file: every path of every kanji reads, with a number place per stroke")
    func shipped() throws {
        let order = try StrokeOrder(data: Data(contentsOf: Self.shipped), file: "strokes.json")
        #expect(order.count > 2000)
        var strokes = 0
        for character in order.characters {
            let kanji = try #require(try order.strokes(of: character))
            #expect(kanji.numberPlaces.count == kanji.strokeCount)
            strokes += kanji.strokeCount
        }
        #expect(strokes > 25_000)
        #expect(try order.strokes(of: "一")?.strokeCount == 1)
        #expect(try order.strokes(of: "人")?.strokeCount == 2)
        #expect(try order.strokes(of: "日")?.strokeCount == 4)
        #expect(try order.strokes(of: "語")?.numberPlaces.first == SVGPath.Point(x: 20.25, y: 13.63))
        #expect(try order.strokes(of: "a") == nil)
    }

    @Test("a word's kanji in order, each once, kana left out")
    func kanjiInWord() throws {
        let order = try StrokeOrder(data: Data(contentsOf: Self.shipped), file: "strokes.json")
        #expect(order.kanji(in: "日本語") == ["日", "本", "語"])
        #expect(order.kanji(in: "食べる") == ["食"])
        #expect(order.kanji(in: "人々") == ["人", "々"])
        #expect(order.kanji(in: "日曜日") == ["日", "曜"])
        #expect(order.kanji(in: "ありがとう").isEmpty)
    }

    @Test("bad data names the file and the place")
    func badData() {
        let good = #"{"format": 1, "kanji": {"一": {"strokes": ["M11,54.25c3.19,0.62,6.25,0.75,9.73,0.5"], "numbers": [[4.25, 54.13]]}}}"#
        #expect(load(good) == "read 1")
        #expect(load("{\"format\": 1,\n \"kanji\": {]}") == "strokes.json: line 2, column 12: not valid JSON")
        #expect(load("[]") == "strokes.json: the top level: expected an object")
        #expect(load(#"{"format": 2, "kanji": {}}"#) == "strokes.json: “format”: expected format 1")
        #expect(load(#"{"format": 1}"#) == "strokes.json: “kanji”: expected an object of kanji")
        #expect(load(#"{"format": 1, "kanji": {"一二": {"strokes": ["M0,0"], "numbers": [[0, 0]]}}}"#)
            == "strokes.json: kanji “一二”: expected one character as the key")
        #expect(load(#"{"format": 1, "kanji": {"一": {"strokes": [], "numbers": []}}}"#)
            == "strokes.json: kanji “一”: expected a list of strokes")
        #expect(load(#"{"format": 1, "kanji": {"一": {"strokes": ["M0,0", 3], "numbers": [[0, 0], [1, 1]]}}}"#)
            == "strokes.json: kanji “一”, stroke 2: expected path data")
        #expect(load(#"{"format": 1, "kanji": {"一": {"strokes": ["M0,0"], "numbers": []}}}"#)
            == "strokes.json: kanji “一”: expected a number place for each of its 1 strokes")
        #expect(load(#"{"format": 1, "kanji": {"一": {"strokes": ["M0,0"], "numbers": [[0]]}}}"#)
            == "strokes.json: kanji “一”, number 1: expected [x, y]")
        // A path is read when its kanji is asked for, and its error says which stroke.
        #expect(load(#"{"format": 1, "kanji": {"一": {"strokes": ["M0,0", "M1,1c1,2,x"], "numbers": [[0, 0], [1, 1]]}}}"#)
            == "strokes.json: kanji “一”, stroke 2, character 10: expected a number")
    }
}
