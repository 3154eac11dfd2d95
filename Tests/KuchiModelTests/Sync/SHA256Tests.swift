import Foundation
@testable import KuchiModel
import Testing

@Suite("Sync: SHA-256, the names of content files")
struct SHA256Tests {
    @Test("NIST's vectors: the empty message, \"abc\", the 448-bit message and one million \"a\"")
    func nistVectors() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // One million "a", fed in pieces of 1,000, which straddle the 64-byte blocks.
        var hash = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hash.update(piece) }
        #expect(hash.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("the digest is the same however the message is cut into pieces, at every length around a block's padding")
    func piecesDoNotMatter() {
        let message = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 200] {
            let whole = SHA256.hex(message[0..<length])
            var pieces = SHA256()
            var start = 0
            var size = 1
            while start < length {
                let end = min(length, start + size)
                pieces.update(message[start..<end])
                start = end
                size = size * 3 % 70 + 1
            }
            #expect(pieces.hexDigest() == whole, "length \(length)")
        }
    }

    @Test("a file's digest, read in chunks, is what coreutils' sha256sum says")
    func fileMatchesSha256sum() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("sound.mp3")
        // 300 KiB: several of the reader's 64 KiB chunks and a partial one.
        try Data((0..<(300 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let expected = String(printed.prefix(64))
        #expect(SHA256.isDigest(expected))
        #expect(SHA256.file(LocalPath(file)) == expected)
        // A folder is not a file: no digest.
        #expect(SHA256.file(LocalPath(folder.url)) == nil)
    }
}
