/// What reading one user file found.
public enum StoredValue<Value: Sendable>: Sendable {
    /// There is no such file yet: a first run, or nothing was saved.
    case missing
    case loaded(Value)
    /// The file could not be used. `problem` says why and what was done about it, e.g.
    /// that the file was moved aside; the caller should use defaults and show it.
    case unusable(problem: UserFileProblem)
}
