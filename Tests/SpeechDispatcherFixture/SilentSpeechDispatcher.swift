// A socket where speech-dispatcher would be, that never answers: for the test that
// Kuchi's window goes on while speech-dispatcher hangs.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Listens on a Unix socket in a temporary folder and never accepts: a client's
/// connect succeeds (the kernel queues it) and its first request waits for an answer
/// forever, as with a speech-dispatcher that hangs.
public final class SilentSpeechDispatcher {
    public let folder: URL
    public var socketPath: String { folder.appendingPathComponent("speechd.sock").path }
    private var descriptor: Int32 = -1

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-silent-speechd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socketPath.utf8CString)
        guard path.count <= MemoryLayout.size(ofValue: address.sun_path) else {
            throw Failure(description: "\(socketPath) is too long for a socket")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            path.withUnsafeBytes { bytes.copyMemory(from: $0) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            throw Failure(description: "bind/listen \(socketPath): \(String(cString: strerror(errno)))")
        }
    }

    /// Closes the socket: a client waiting on it sees the connection end.
    public func stop() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
