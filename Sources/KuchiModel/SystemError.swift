#if canImport(Glibc)
import Glibc
#endif

/// An `errno` value, in words a person understands and can act on.
public struct SystemError: Error, Sendable, Equatable {
    public let code: Int32

    public init(code: Int32) { self.code = code }

    /// The error of the last failed system call.
    static var last: SystemError { SystemError(code: errno) }

    /// What happened, as the end of a sentence: "the disk is full".
    public var words: String {
        switch code {
        case ENOENT: "it does not exist"
        case EACCES, EPERM: "Kuchi is not allowed to use it (permission denied)"
        case EROFS: "it is on a read-only file system"
        case ENOSPC: "the disk is full"
        case EDQUOT: "your disk quota is used up"
        case EISDIR: "it is a folder, not a file"
        case ENOTDIR: "part of its path is a file, not a folder"
        case ENAMETOOLONG: "its name is too long"
        case ELOOP: "it is a loop of symbolic links"
        case EIO: "the disk reported an error"
        case EMFILE, ENFILE: "too many files are open"
        case EBUSY, ETXTBSY: "it is in use"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// What the person can do about it, as a sentence, or nil when nothing obvious.
    public func advice(folder: LocalPath) -> String? {
        switch code {
        case ENOSPC, EDQUOT: "Free some space on the disk."
        case EACCES, EPERM, EROFS: "Make the folder \(folder) writable."
        case EIO: "Check the disk."
        default: nil
        }
    }
}
