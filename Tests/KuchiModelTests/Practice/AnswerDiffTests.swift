import KuchiModel
import Testing

/// What the feedback marks between a typed answer and the expected one.
@Suite("AnswerDiff")
struct AnswerDiffTests {
    @Test("a wrong character is marked on both sides")
    func wrongCharacter() {
        let diff = AnswerDiff(expected: "たべる", typed: "たぺる")
        #expect(diff.expected == [run("た", .same), run("べ", .wrong), run("る", .same)])
        #expect(diff.typed == [run("た", .same), run("ぺ", .wrong), run("る", .same)])
    }

    @Test("a character left out is missing from the expected side")
    func missing() {
        let diff = AnswerDiff(expected: "たべる", typed: "たる")
        #expect(diff.expected == [run("た", .same), run("べ", .missing), run("る", .same)])
        #expect(diff.typed == [run("たる", .same)])
    }

    @Test("a character too many is extra on the typed side")
    func extra() {
        let diff = AnswerDiff(expected: "たべる", typed: "たべるる")
        #expect(diff.expected == [run("たべる", .same)])
        #expect(diff.typed == [run("たべる", .same), run("る", .extra)])
    }

    @Test("one wrong character is preferred to a missing one and an extra one")
    func substitutionFirst() {
        let diff = AnswerDiff(expected: "abc", typed: "axc")
        #expect(diff.expected == [run("a", .same), run("b", .wrong), run("c", .same)])
        #expect(diff.typed == [run("a", .same), run("x", .wrong), run("c", .same)])
    }

    @Test("kana type and case are not differences; their positive control is")
    func foldedAlike() {
        #expect(AnswerDiff(expected: "たべる", typed: "タベル").typed == [run("タベル", .same)])
        #expect(AnswerDiff(expected: "to eat", typed: "To Eat").expected == [run("to eat", .same)])
        #expect(AnswerDiff(expected: "たべる", typed: "タペル").typed == [run("タ", .same), run("ペ", .wrong), run("ル", .same)])
    }

    @Test("nothing typed is all missing; nothing expected, all extra")
    func empty() {
        #expect(AnswerDiff(expected: "たべる", typed: "").expected == [run("たべる", .missing)])
        #expect(AnswerDiff(expected: "たべる", typed: "").typed == [])
        #expect(AnswerDiff(expected: "", typed: "eat").typed == [run("eat", .extra)])
        #expect(AnswerDiff(expected: "", typed: "") == AnswerDiff(expected: "", typed: ""))
        #expect(AnswerDiff(expected: "", typed: "").expected.isEmpty)
    }

    @Test("Characters, not scalars: a kana with a combining mark and an emoji are one each")
    func characters() {
        let diff = AnswerDiff(expected: "か\u{3099}き", typed: "かき")
        #expect(diff.expected == [run("か\u{3099}", .wrong), run("き", .same)])
        #expect(AnswerDiff(expected: "👍🏽a", typed: "a").expected == [run("👍🏽", .missing), run("a", .same)])
    }

    @Test("the runs add up to the texts, with as many wrong characters on each side", arguments: [
        ("たべる", "たべた"), ("がっこう", "がこう"), ("to eat", "to aet"), ("kitten", "sitting"),
        ("ありがとう", "ありがと"), ("とうきょう", "ときょ"), ("", "x"), ("abc", "xyz"), ("abc", "cab"),
    ])
    func invariants(expected: String, typed: String) {
        let diff = AnswerDiff(expected: expected, typed: typed)
        #expect(diff.expected.map(\.text).joined() == expected)
        #expect(diff.typed.map(\.text).joined() == typed)
        #expect(!diff.expected.contains { $0.kind == .extra })
        #expect(!diff.typed.contains { $0.kind == .missing })
        func wrong(_ runs: [DiffRun]) -> Int { runs.filter { $0.kind == .wrong }.map(\.text.count).reduce(0, +) }
        #expect(wrong(diff.expected) == wrong(diff.typed))
        // No two neighbouring runs of one kind.
        for runs in [diff.expected, diff.typed] {
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.kind != $1.kind })
        }
        // As few edits as the Levenshtein distance.
        let edits = diff.expected.filter { $0.kind != .same }.map(\.text.count).reduce(0, +)
            + diff.typed.filter { $0.kind == .extra }.map(\.text.count).reduce(0, +)
        #expect(edits == levenshtein(Array(expected), Array(typed)))
    }

    @Test("the Japanese is shown against the closest of reading and word, romaji as kana")
    func closestJapanese() {
        let card = Challenge(question: "食べる", reading: "たべる", answer: "to eat; to live on")
        #expect(TypedAnswer.difference(japanese: "tapel", for: card).expected
            == [run("た", .same), run("べる", .wrong)])
        #expect(TypedAnswer.difference(japanese: "tapel", for: card).typed
            == [run("た", .same), run("ぺl", .wrong)])
        #expect(TypedAnswer.difference(japanese: "食べ", for: card).expected
            == [run("食べ", .same), run("る", .missing)])
        #expect(TypedAnswer.difference(japanese: "ﾀ ﾍﾞ", for: card).typed == [run("タベ", .same)])
    }

    @Test("the meaning is shown against the closest sense, as the deck writes it")
    func closestSense() {
        let card = Challenge(question: "食べる", reading: "たべる", answer: "to eat; to Live on")
        let diff = TypedAnswer.difference(meaning: " to liv on ", for: card)
        #expect(diff.expected == [run("to Liv", .same), run("e", .missing), run(" on", .same)])
        #expect(diff.typed == [run("to liv on", .same)])
    }
}

private func run(_ text: String, _ kind: DiffRun.Kind) -> DiffRun { DiffRun(text: text, kind: kind) }

/// The edit distance, written apart from AnswerDiff's (exact characters; the texts
/// above have no kana type or case to fold).
private func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
            current.append(min(previous[j] + (x == y ? 0 : 1), previous[j + 1] + 1, current[j] + 1))
        }
        previous = current
    }
    return previous[b.count]
}
