/// A line of a log file the merge could not take, naming the file and the line: it is
/// skipped, and the rest of the file is read.
public struct SyncProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file, relative to the sync folder, e.g. "devices/ABC/log/2026-11.jsonl".
    public var file: String
    /// From 1.
    public var line: Int
    public var reason: String

    public var description: String {
        tr("{file}, line {line}: {reason}", ["file": file, "line": "\(line)", "reason": reason])
    }
}
