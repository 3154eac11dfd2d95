#if canImport(Glibc)
import Glibc
#endif

/// An `errno` value, in words a person understands and can act on.
public struct SystemError: Error, Sendable, Equatable {
    public let code: Int32

    public init(code: Int32) { self.code = code }

    /// The error of the last failed system call.
    static var last: SystemError { SystemError(code: errno) }

    /// What happened, as the end of a sentence: tr("the disk is full").
    public var words: String {
        switch code {
        case ENOENT: tr("it does not exist")
        case EACCES, EPERM: tr("Kuchi is not allowed to use it (permission denied)")
        case EROFS: tr("it is on a read-only file system")
        case ENOSPC: tr("the disk is full")
        case EDQUOT: tr("your disk quota is used up")
        case EISDIR: tr("it is a folder, not a file")
        case ENOTDIR: tr("part of its path is a file, not a folder")
        case ENAMETOOLONG: tr("its name is too long")
        case ELOOP: tr("it is a loop of symbolic links")
        case EIO: tr("the disk reported an error")
        case EMFILE, ENFILE: tr("too many files are open")
        case EBUSY, ETXTBSY: tr("it is in use")
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// What the person can do about it, as a sentence, or nil when nothing obvious.
    public func advice(folder: LocalPath) -> String? {
        switch code {
        case ENOSPC, EDQUOT: tr("Free some space on the disk.")
        case EACCES, EPERM, EROFS: tr("Make the folder {folder} writable.", ["folder": "\(folder)"])
        case EIO: tr("Check the disk.")
        default: nil
        }
    }
}
