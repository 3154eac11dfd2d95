/// One of the files that hold what a user told Kuchi.
public enum UserFile: String, Sendable, CaseIterable {
    case profile, settings

    public var fileName: String { "\(rawValue).json" }

    /// How people call it: trc("what Kuchi could not save", "your settings").
    public var title: String {
        switch self {
        case .profile: trc("what Kuchi could not save", "your profile")
        case .settings: trc("what Kuchi could not save", "your settings")
        }
    }

    /// What Kuchi does without it, as the end of a sentence.
    var fallbackWords: String {
        switch self {
        case .profile: trc("what Kuchi does instead", "asks for your name again")
        case .settings: trc("what Kuchi does instead", "uses the default settings")
        }
    }

    /// Larger files are not read. Far above what Kuchi writes: a settings file is a few
    /// hundred bytes.
    var sizeLimit: Int { 1 << 20 }
}

/// Something about a user file the person should know, in plain words: what went wrong,
/// which file, what Kuchi did, and what the person can do.
public struct UserFileProblem: Sendable, Equatable, CustomStringConvertible {
    public let file: UserFile
    public let path: LocalPath
    public let message: String
    /// The file is still where it was, unread: writing over it would lose it.
    public let keepsFileInPlace: Bool

    public var description: String { message }
}
