/// A stretch of an answer, as the feedback after a typed answer marks it.
public struct DiffRun: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Typed as expected.
        case same
        /// Expected here, but something else was typed in its place (on the typed side:
        /// what was typed instead).
        case wrong
        /// Expected, and nothing typed for it.
        case missing
        /// Typed, and nothing expected there.
        case extra
    }

    public let text: String
    public let kind: Kind

    public init(text: String, kind: Kind) {
        self.text = text
        self.kind = kind
    }
}

/// How a typed answer differs from the expected one, character by character, for the
/// feedback to show: たべる against たぺる is た, べ wrong, る on the expected side and
/// た, ぺ wrong, る on the typed side.
///
/// The alignment is the fewest edits (Levenshtein: a wrong character, a missing one or
/// an extra one each count one) over Characters; a character matches one in the other
/// script or case (タ is た, E is e). Among alignments with as few edits, a wrong
/// character is preferred to a missing one plus an extra one. Answers are short, and the
/// cost is their lengths multiplied.
public struct AnswerDiff: Hashable, Sendable {
    /// The expected text in runs: same, wrong or missing.
    public let expected: [DiffRun]
    /// The typed text in runs: same, wrong or extra.
    public let typed: [DiffRun]

    public init(expected: String, typed: String) {
        let want = Array(expected)
        let got = Array(typed)
        let wantKeys = want.map(Self.key)
        let gotKeys = got.map(Self.key)
        // edits[i][j]: the fewest edits from want[i...] to got[j...].
        let width = got.count + 1
        var edits = [Int](repeating: 0, count: (want.count + 1) * width)
        for i in stride(from: want.count, through: 0, by: -1) {
            for j in stride(from: got.count, through: 0, by: -1) {
                if i == want.count {
                    edits[i * width + j] = got.count - j
                } else if j == got.count {
                    edits[i * width + j] = want.count - i
                } else {
                    let step = wantKeys[i] == gotKeys[j] ? 0 : 1
                    edits[i * width + j] = min(
                        edits[(i + 1) * width + j + 1] + step,
                        edits[(i + 1) * width + j] + 1,
                        edits[i * width + j + 1] + 1)
                }
            }
        }

        var expectedRuns = RunBuilder()
        var typedRuns = RunBuilder()
        var i = 0, j = 0
        while i < want.count || j < got.count {
            let here = edits[i * width + j]
            if i < want.count, j < got.count {
                let same = wantKeys[i] == gotKeys[j]
                if here == edits[(i + 1) * width + j + 1] + (same ? 0 : 1) {
                    expectedRuns.add(want[i], same ? .same : .wrong)
                    typedRuns.add(got[j], same ? .same : .wrong)
                    i += 1
                    j += 1
                    continue
                }
            }
            if i < want.count, here == edits[(i + 1) * width + j] + 1 {
                expectedRuns.add(want[i], .missing)
                i += 1
            } else {
                typedRuns.add(got[j], .extra)
                j += 1
            }
        }
        self.expected = expectedRuns.runs
        self.typed = typedRuns.runs
    }

    /// How many edits apart the two are.
    var distance: Int {
        expected.filter { $0.kind != .same }.reduce(0) { $0 + $1.text.count }
            + typed.filter { $0.kind == .extra }.reduce(0) { $0 + $1.text.count }
    }

    /// What a character is compared by: hiragana, lower case.
    private static func key(_ character: Character) -> String {
        Kana.hiragana(String(character)).lowercased()
    }
}

/// Characters gathered into runs of one kind.
private struct RunBuilder {
    private var closed: [DiffRun] = []
    private var text = ""
    private var kind: DiffRun.Kind = .same

    mutating func add(_ character: Character, _ kind: DiffRun.Kind) {
        if kind != self.kind, !text.isEmpty {
            closed.append(DiffRun(text: text, kind: self.kind))
            text = ""
        }
        self.kind = kind
        text.append(character)
    }

    /// The runs, the one being gathered included.
    var runs: [DiffRun] {
        text.isEmpty ? closed : closed + [DiffRun(text: text, kind: kind)]
    }
}
