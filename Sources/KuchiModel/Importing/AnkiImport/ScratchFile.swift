import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A temporary file for an unpacked collection: created empty and private (0600) in a
/// given folder (Kuchi's own ``DeckCatalog/scratchFolder``), and removed when this goes,
/// whatever happened in between; one a killed import left is removed by
/// ``DeckCatalog/removeLeftovers()``, which knows it by ``prefix``.
final class ScratchFile {
    let path: LocalPath
    private let descriptor: Int32

    /// How its name starts (then six random characters).
    static let prefix = ".kuchi-anki-"

    init(in folder: LocalPath) throws(SystemError) {
        var template = Array(folder.appending(Self.prefix + "XXXXXX").bytes.map { CChar(bitPattern: $0) }) + [0]
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw .last }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
        path = LocalPath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
    }

    deinit {
        close(descriptor)
        _ = path.withCString { unlink($0) }
    }

    func append(_ data: Data) throws(PackageEntryError) {
        do {
            try AtomicFile.writeAll(data, to: descriptor, path: path)
        } catch {
            throw .write(error.error)
        }
    }

    /// Marks an SQLite file written in WAL mode as a rollback-journal one (header bytes
    /// 18 and 19), so it opens read-only alone, without the `-wal` and `-shm` files a
    /// package never has.
    func clearWALMode() {
        var header = [UInt8](repeating: 0, count: 20)
        guard pread(descriptor, &header, 20, 0) == 20, header[18] == 2 || header[19] == 2 else { return }
        var rollback: [UInt8] = [1, 1]
        _ = pwrite(descriptor, &rollback, 2, 18)
    }
}
