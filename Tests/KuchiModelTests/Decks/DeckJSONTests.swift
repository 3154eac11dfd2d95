import Foundation
import Testing
import KuchiModel

/// The deck parser is strict JSON; these pin the edges that hand-edited files hit.
@Suite("Deck JSON syntax")
struct DeckJSONTests {
    @Test("escapes decode, including characters outside the Basic Multilingual Plane")
    func escapesDecode() throws {
        let deck = try decode(cards: #"{"question": "\u3042\"\/\\", "pronunciation": "a", "answer": "\ud83d\ude00"}"#)
        #expect(deck.cards[0].question == "あ\"/\\")
        #expect(deck.cards[0].answer == "😀")
        // A line break is text a card cannot show, but a licence may have paragraphs.
        let text = #"{"format": 1, "name": "x", "language": "ja", "license": "one\ntwo", "cards": [\#(card)]}"#
        #expect(try DeckLoader.decode(Data(text.utf8), file: "n.json", choicesPerQuestion: 1).license == "one\ntwo")
    }

    @Test("a byte-order mark at the start is accepted")
    func byteOrderMark() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(document(cards: card).utf8)
        #expect(try DeckLoader.decode(data, file: "bom.json", choicesPerQuestion: 1).cards.count == 1)
    }

    @Test("a whole number written with a fraction or exponent is still format 1", arguments: ["1.0", "1e0", "10E-1"])
    func formatNumberSpellings(format: String) throws {
        let text = #"{"format": \#(format), "name": "x", "language": "ja", "cards": [\#(card)]}"#
        #expect(try DeckLoader.decode(Data(text.utf8), file: "n.json", choicesPerQuestion: 1).cards.count == 1)
    }

    @Test("syntax errors say where and what", arguments: syntaxErrors)
    func syntaxErrorLocated(_ example: SyntaxExample) {
        #expect(throws: DeckError(problems: [DeckProblem(file: "s.json", message: example.message)])) {
            try DeckLoader.decode(Data(example.text.utf8), file: "s.json")
        }
    }

    @Test("deep nesting is refused instead of exhausting the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: DeckError(problems: [
            DeckProblem(file: "deep.json", message: "not valid JSON: line 1, column 257: nested more than 256 levels deep"),
        ])) {
            try DeckLoader.decode(Data(text.utf8), file: "deep.json")
        }
    }

    @Test("an unpaired surrogate escape is refused")
    func unpairedSurrogate() {
        #expect(throws: DeckError.self) {
            try decode(cards: #"{"question": "\ud83d", "pronunciation": "a", "answer": "b"}"#)
        }
    }
}

struct SyntaxExample: Sendable, CustomTestStringConvertible {
    let text: String
    let message: String
    var testDescription: String { message }
}

private let syntaxErrors = [
    SyntaxExample(text: "", message: "not valid JSON: line 1, column 1: unexpected end of file"),
    SyntaxExample(text: "{} {}", message: "not valid JSON: line 1, column 4: unexpected text after the end of the document"),
    SyntaxExample(text: "{\n  \"a\": tru }", message: "not valid JSON: line 2, column 8: invalid value"),
    SyntaxExample(text: "{\"a\": [1, 2,]}", message: "not valid JSON: line 1, column 13: invalid value"),
    SyntaxExample(text: "{\"a\": \"x\ny\"}", message: "not valid JSON: line 1, column 9: control character in a string (use \\n, \\t, …)"),
    SyntaxExample(text: "{\"a\": \"\\q\"}", message: "not valid JSON: line 1, column 9: invalid escape in a string"),
    SyntaxExample(text: "{\"a\": 01}", message: "not valid JSON: line 1, column 8: expected ',' or '}'"),
    SyntaxExample(text: "{\"a\": \"open", message: "not valid JSON: line 1, column 12: unexpected end of file"),
    SyntaxExample(text: "{'a': 1}", message: "not valid JSON: line 1, column 2: expected a key in double quotes"),
    SyntaxExample(text: "{\"語\" 1}", message: "not valid JSON: line 1, column 6: expected ':' after the key"),
]

private let card = #"{"question": "は", "pronunciation": "ha", "answer": "yes"}"#

private func document(cards: String) -> String {
    #"{"format": 1, "name": "x", "language": "ja", "cards": [\#(cards)]}"#
}

private func decode(cards: String) throws(DeckError) -> Deck {
    try DeckLoader.decode(Data(document(cards: cards).utf8), file: "x.json", choicesPerQuestion: 1)
}
