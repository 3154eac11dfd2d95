/// Text in runs, some of them emphasised: a sentence with the word that matters in bold.
///
/// `StyledText("母は頭が") + StyledText("古い").emphasised() + StyledText("。")`
/// shows in a ``Text`` or an alert's message; assistive technology reads the plain text.
public struct StyledText: Equatable, Sendable, ExpressibleByStringLiteral {
    public struct Run: Equatable, Sendable {
        public var text: String
        public var isEmphasised: Bool
    }

    public private(set) var runs: [Run]

    public init(_ text: String) { runs = text.isEmpty ? [] : [Run(text: text, isEmphasised: false)] }

    public init(stringLiteral text: String) { self.init(text) }

    /// The same text, every run emphasised.
    public func emphasised() -> StyledText {
        var copy = self
        for index in copy.runs.indices { copy.runs[index].isEmphasised = true }
        return copy
    }

    public static func + (left: StyledText, right: StyledText) -> StyledText {
        var joined = left
        joined.runs += right.runs
        return joined
    }

    /// The text without its styles.
    public var plain: String { runs.map(\.text).joined() }

    /// Pango markup: every run escaped, emphasised runs in bold.
    var markup: String {
        runs.map { run in
            let text = Self.escaped(run.text)
            return run.isEmphasised ? "<b>\(text)</b>" : text
        }.joined()
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
