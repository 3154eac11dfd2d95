/// Everything found wrong with a deck file; loading fails with this.
///
/// The loader keeps going after the first problem so that someone fixing a deck by hand
/// sees the whole list at once instead of one problem per attempt.
public struct DeckError: Error, Sendable, Equatable, CustomStringConvertible {
    public let problems: [DeckProblem]

    public init(problems: [DeckProblem]) {
        self.problems = problems
    }

    /// One problem per line.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
