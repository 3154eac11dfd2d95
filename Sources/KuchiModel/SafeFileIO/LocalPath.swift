import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A file's path as the file system knows it: bytes, which need not be UTF-8.
///
/// Linux names files with bytes. `String` and `URL` replace the bytes that are not
/// UTF-8, so a deck saved as `caf\xE9.json` by a Latin-1 tool could not be opened
/// through them. This keeps the bytes from the command line to `open(2)` and escapes
/// them only when a person reads the path.
public struct LocalPath: Sendable, Hashable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    /// A path from raw bytes (a command-line argument); stops at the first NUL.
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes.prefix { $0 != 0 })
    }

    public init(_ path: String) {
        self.init(bytes: path.utf8)
    }

    public init(_ url: URL) {
        var bytes: [UInt8] = []
        url.withUnsafeFileSystemRepresentation { pointer in
            guard let pointer else { return }
            bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        }
        self.init(bytes: bytes)
    }

    /// The last component ("jlpt-n5.json"), or the whole path if it has no slash.
    public var lastComponent: LocalPath {
        let trimmed = bytes.count > 1 && bytes.last == UInt8(ascii: "/") ? bytes.dropLast() : bytes[...]
        guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")), trimmed.count > 1 else {
            return LocalPath(bytes: trimmed)
        }
        return LocalPath(bytes: trimmed[(slash + 1)...])
    }

    /// The folder the path names a file in: the path without its last component (and
    /// the slash before it).
    public var folder: LocalPath {
        LocalPath(bytes: bytes.dropLast(lastComponent.bytes.count + 1))
    }

    /// This path with `name` appended after a slash.
    public func appending(_ name: String) -> LocalPath {
        let separator: [UInt8] = bytes.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")]
        return LocalPath(bytes: bytes + separator + Array(name.utf8))
    }

    /// The path for people: UTF-8 as it is, other bytes as `\xNN`, control characters escaped.
    public var description: String { PrintableText.escaping(bytes: bytes) }

    /// The path as a `URL`, when its bytes are UTF-8 (every path Kuchi makes itself is).
    public var url: URL? {
        String(validating: bytes, as: UTF8.self).map { URL(fileURLWithPath: $0) }
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
        return try terminated.withUnsafeBufferPointer { buffer in
            try body(buffer.baseAddress!)  // safe: the buffer of a non-empty array has an address
        }
    }
}
