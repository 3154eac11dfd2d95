import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A file of the sync folder named by the SHA-256 of its bytes: an imported deck,
/// `decks/<sha256>.json`, or one of its sounds or pictures, `media/<sha256>.<ext>` (the
/// extension of the name the deck gives it, lower-case; none if it has none fit for a
/// file name).
///
/// Such a file is never rewritten: one that is there with the bytes its name says is
/// done, so two devices that put the same deck write the same file, and a synchronizer
/// never sees two versions of it. It is written under a temporary name every reader
/// skips (starting with a dot, ``SyncFileName/isTemporary(_:)``), flushed, then renamed.
/// Every read checks the bytes against the name first: a copy still arriving or torn
/// (by a tool that writes in place) does not match, and is left for the next merge.
package enum SyncContentFile {
    /// The path, relative to the sync folder, of the deck file with digest `sha256`.
    package static func deck(_ sha256: String) -> String { "decks/\(sha256).json" }

    /// The path, relative to the sync folder, of the media file with digest `sha256`
    /// that a deck calls `name` ("neko.mp3" → "media/<sha256>.mp3").
    package static func media(_ sha256: String, name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "media/\(sha256)" }
        let ext = name[name.index(after: dot)...].lowercased()
        guard (1...8).contains(ext.utf8.count), ext.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) })
        else { return "media/\(sha256)" }
        return "media/\(sha256).\(ext)"
    }

    /// Puts a copy of the regular file at `source` into `folder` at the path `path`
    /// gives for its digest, unless a file with those bytes is there already; returns
    /// the digest. Without `syncingFolder`, the caller flushes the file's folder
    /// (``flushFolder(_:)``) after a batch, before anything names the files.
    package static func put(
        _ source: LocalPath, in folder: URL, at path: (String) -> String, syncingFolder: Bool = true
    ) throws(AtomicFile.WriteError) -> String {
        guard let sha256 = SHA256.file(source) else {
            throw AtomicFile.WriteError(path: source, operation: trc("could not … the file", "read"), error: .last)
        }
        let target = folder.appendingPathComponent(path(sha256))
        if isWhole(target, sha256: sha256) { return sha256 }
        guard try copy(source, to: target, expecting: sha256, syncingFolder: syncingFolder) else {
            // The source changed while it was copied.
            throw AtomicFile.WriteError(path: source, operation: trc("could not … the file", "read"), error: SystemError(code: EAGAIN))
        }
        return sha256
    }

    /// Whether the file at `url` holds bytes whose digest is `sha256`.
    package static func isWhole(_ url: URL, sha256: String) -> Bool {
        SHA256.file(LocalPath(url)) == sha256
    }

    /// Copies the regular file at `source` to `target` a chunk at a time, through a
    /// hidden temporary file beside it that is flushed and renamed over `target`,
    /// the folder flushed too; with `expecting`, only if the bytes read have that
    /// digest. Returns false, writing nothing, if they do not, or if `source` cannot be
    /// read (gone, not a file); throws if `target` cannot be written. Without
    /// `syncingFolder` the folder is not flushed: a batch of files flushes it once
    /// (``flushFolder(_:)``; one flush per file cost more than the copies).
    package static func copy(
        _ source: LocalPath, to target: URL, expecting sha256: String?, syncingFolder: Bool = true
    ) throws(AtomicFile.WriteError) -> Bool {
        guard let (input, _) = try? BoundedRead.openRegularFile(source) else { return false }
        defer { close(input) }
        let directory = target.deletingLastPathComponent()
        try AtomicFile.makeDirectories(LocalPath(directory))
        let temporary = LocalPath(directory.appendingPathComponent(".\(target.lastPathComponent).tmp-\(UUID().uuidString)"))
        let output = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard output >= 0 else {
            throw AtomicFile.WriteError(path: temporary, operation: trc("could not … the file", "create"), error: .last)
        }
        var renamed = false
        defer {
            if !renamed { _ = temporary.withCString { unlink($0) } }
        }
        var hash = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var readFailed = false
        do throws(AtomicFile.WriteError) {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    readFailed = true
                    break
                }
                hash.update(buffer[0..<count])
                try AtomicFile.writeAll(Data(buffer[0..<count]), to: output, path: temporary)
            }
            guard fsync(output) == 0 else {
                throw AtomicFile.WriteError(path: temporary, operation: trc("could not … the file", "flush"), error: .last)
            }
        } catch {
            close(output)
            throw error
        }
        close(output)
        if readFailed { return false }
        if let sha256, hash.hexDigest() != sha256 { return false }
        guard temporary.withCString({ from in LocalPath(target).withCString { rename(from, $0) } }) == 0 else {
            throw AtomicFile.WriteError(path: LocalPath(target), operation: trc("could not … the file", "replace"), error: .last)
        }
        renamed = true
        if syncingFolder { try AtomicFile.syncDirectory(LocalPath(directory)) }
        return true
    }

    /// Flushes the folder at `url` (its new names) to disk.
    package static func flushFolder(_ url: URL) throws(AtomicFile.WriteError) {
        try AtomicFile.syncDirectory(LocalPath(url))
    }
}
