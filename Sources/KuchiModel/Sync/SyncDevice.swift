import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// This installation's device id: made once and kept in Kuchi's data folder (never in
/// the sync folder, which every device shares), in the file `sync-device`.
///
/// Its log in the folder is `devices/<id>/log/`, which only this installation writes.
/// A copy of the installation (a restored backup, a cloned disk) has the same id; the
/// merge notices (the log has events this installation did not write) and calls
/// ``replace(in:)``, so the copies go on as two devices.
public enum SyncDevice {
    static let fileName = "sync-device"

    /// The id kept in `dataDirectory`, made and saved if there is none (or it is not an id).
    public static func id(in dataDirectory: URL) throws(AtomicFile.WriteError) -> String {
        let file = dataDirectory.appendingPathComponent(fileName)
        if let data = FileManager.default.contents(atPath: file.path) {
            let text = String(decoding: data.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            if isValid(text) { return text }
        }
        return try replace(in: dataDirectory)
    }

    /// Makes, saves and returns a new id.
    @discardableResult
    public static func replace(in dataDirectory: URL) throws(AtomicFile.WriteError) -> String {
        let id = newID()
        try AtomicFile.write(Data((id + "\n").utf8), to: dataDirectory.appendingPathComponent(fileName))
        return id
    }

    /// The computer's host name ("laptop"), what other devices call this one; "" if it
    /// has none. Read with gethostname, not through name resolution, which can wait on
    /// the network.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// 16 characters of base-32 (80 random bits): short enough to read in a folder name.
    static func newID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var random = SystemRandomNumberGenerator()
        return String((0..<16).map { _ in alphabet[Int(random.next() % 32)] })
    }

    /// Whether `text` can be a device id (and so a folder name): 1 to 64 letters,
    /// digits, '-' and '_'.
    static func isValid(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F
        }
    }
}
