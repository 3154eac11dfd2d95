import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads at most `limit` bytes of a file, so a huge or endless file (a
/// device, a pipe) cannot exhaust memory.
enum BoundedRead {
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    static func contents(of url: URL, upTo limit: Int) throws -> Data {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        defer { close(descriptor) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count < limit {
            let wanted = min(chunk.count, limit - data.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno)
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        return data
    }
}
