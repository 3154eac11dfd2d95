import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A file a person named for Kuchi to write: an export's target, typed after
/// `--export-deck` or chosen in the window's file chooser. One rule for both.
///
/// It is written as every file Kuchi writes is, atomically and durably
/// (``AtomicFile``), but only where `cp` would write it, because the name came from a
/// person and may be a slip: a name ending in "/" is a folder's, a missing folder is
/// not made, and an existing file is replaced only if it is a plain file the person may
/// write. `cp` would write through a symbolic link; Kuchi refuses one instead, since
/// replacing it would cut the link and writing through it would put the export
/// somewhere the name does not say. A refused name leaves everything as it was.
public enum NamedFile {
    /// Why Kuchi did not write the file, in words a person can act on; nothing was
    /// changed.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: LocalPath
        /// Why, as the end of a sentence: "the folder /home/aiko/out does not exist".
        public let reason: String

        public init(path: LocalPath, reason: String) {
            self.path = path
            self.reason = reason
        }

        public var description: String { tr("could not write {file}: {reason}", ["file": "\(path)", "reason": reason]) }
    }

    /// Writes `data` to `path`, replacing an existing plain file there, after
    /// ``check(_:)``; throws why not, and then nothing was changed.
    public static func write(_ data: Data, to path: LocalPath) throws(Refusal) {
        try check(path)
        guard let url = path.url else { throw Refusal(path: path, reason: tr("its name is not UTF-8")) }
        do {
            try AtomicFile.write(data, to: url, creatingFolders: false)
        } catch {
            throw Refusal(path: path, reason: error.error.words)
        }
    }

    /// Whether Kuchi may write `path`: its folder exists, and nothing is there or a
    /// plain file the person may write. Throws why not (a name ending in "/", a
    /// missing folder, a symbolic link, a folder, a pipe or device, a read-only file).
    ///
    /// ``write(_:to:)`` checks too; a caller checks first to refuse a name before
    /// doing the work whose result it would hold.
    public static func check(_ path: LocalPath) throws(Refusal) {
        guard !path.bytes.isEmpty else { throw Refusal(path: path, reason: tr("it has no name")) }
        var status = stat()
        let lookup = path.withCString { lstat($0, &status) == 0 ? 0 : errno }
        let found = lookup == 0
        if path.bytes.last == UInt8(ascii: "/") {
            // `cp`: "Not a directory", or "Is a directory" for a folder that exists.
            if found, status.st_mode & S_IFMT == S_IFDIR { throw Refusal(path: path, reason: SystemError(code: EISDIR).words) }
            throw Refusal(path: path, reason: tr("its name ends in “/”, which names a folder, and there is no such folder"))
        }
        guard found else {
            guard lookup == ENOENT else { throw Refusal(path: path, reason: SystemError(code: lookup).words) }
            try checkFolder(of: path)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            let denied = path.withCString { access($0, W_OK) == 0 ? 0 : errno }
            guard denied == 0 else {
                throw Refusal(path: path, reason: denied == EROFS
                    ? SystemError(code: EROFS).words
                    : tr("it is read-only, and Kuchi does not replace a file you may not write"))
            }
        case S_IFLNK:
            throw Refusal(path: path, reason: tr("it is a symbolic link, which Kuchi does not replace or write through: name the file itself"))
        case S_IFDIR:
            throw Refusal(path: path, reason: SystemError(code: EISDIR).words)
        default:
            throw Refusal(path: path, reason: tr("it is not a plain file (a pipe, a socket or a device), which Kuchi does not replace"))
        }
    }

    /// The folder `path` names a file in must be one; it is never made.
    private static func checkFolder(of path: LocalPath) throws(Refusal) {
        let folder = path.containingFolder
        var status = stat()
        let failure = folder.withCString { stat($0, &status) == 0 ? 0 : errno }
        guard failure == 0 else {
            throw Refusal(path: path, reason: failure == ENOENT
                ? tr("the folder {folder} does not exist", ["folder": "\(folder)"])
                : SystemError(code: failure).words)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw Refusal(path: path, reason: SystemError(code: ENOTDIR).words)
        }
    }
}

extension LocalPath {
    /// The folder this path names a file in, as a path that can be opened: "." for a
    /// bare name, "/" for a name at the root (where ``folder`` is empty).
    var containingFolder: LocalPath {
        let folder = self.folder
        guard folder.bytes.isEmpty else { return folder }
        return LocalPath(bytes.first == UInt8(ascii: "/") ? "/" : ".")
    }
}
