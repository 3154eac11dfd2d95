import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// SHA-256 (FIPS 180-4): the name of a deck's or a sound's file in the sync folder, so a
/// file is never rewritten and a copy still arriving is told from a whole one.
///
/// Written here because Foundation on Linux has no CryptoKit, and Kuchi takes no new
/// package for one function. Streaming: ``update(_:)`` takes the bytes in any pieces,
/// and ``file(_:)`` reads a file a chunk at a time, so a large sound is never in memory
/// whole.
package struct SHA256 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// The bytes of the block not yet full.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() {
        pending.reserveCapacity(64)
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: some Collection<UInt8>) {
        length &+= UInt64(bytes.count)
        var index = bytes.startIndex
        // Fill the pending block first, then whole blocks straight from `bytes`.
        while index != bytes.endIndex {
            if pending.isEmpty, bytes.distance(from: index, to: bytes.endIndex) >= 64 {
                let end = bytes.index(index, offsetBy: 64)
                compress(bytes[index..<end])
                index = end
                continue
            }
            pending.append(bytes[index])
            index = bytes.index(after: index)
            if pending.count == 64 {
                compress(pending[...])
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The digest of the message so far, as 64 lower-case hexadecimal digits.
    package func hexDigest() -> String {
        var copy = self
        let bits = length &* 8
        var padding: [UInt8] = [0x80]
        padding += [UInt8](repeating: 0, count: (pending.count < 56 ? 55 : 119) - pending.count)
        padding += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> ($0 * 8)) }
        copy.update(padding)
        let words = [copy.state.0, copy.state.1, copy.state.2, copy.state.3, copy.state.4, copy.state.5, copy.state.6, copy.state.7]
        return words.map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 8 - digits.count) + digits
        }.joined()
    }

    /// The digest of `bytes`.
    package static func hex(_ bytes: some Collection<UInt8>) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    /// The digest of the regular file at `path`, read 64 KiB at a time; nil if it is not
    /// a regular file or cannot be read.
    package static func file(_ path: LocalPath) -> String? {
        guard let (descriptor, _) = try? BoundedRead.openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        var hash = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return hash.hexDigest() }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            hash.update(buffer[0..<count])
        }
    }

    /// Whether `text` could be a digest: 64 lower-case hexadecimal digits.
    package static func isDigest(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One 64-byte block into the state.
    private mutating func compress(_ block: some Collection<UInt8>) {
        var schedule = [UInt32](repeating: 0, count: 64)
        var index = block.startIndex
        for word in 0..<16 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                value = value << 8 | UInt32(block[index])
                index = block.index(after: index)
            }
            schedule[word] = value
        }
        for word in 16..<64 {
            let early = schedule[word - 15], late = schedule[word - 2]
            let sigma0 = early.rotatedRight(7) ^ early.rotatedRight(18) ^ (early >> 3)
            let sigma1 = late.rotatedRight(17) ^ late.rotatedRight(19) ^ (late >> 10)
            schedule[word] = schedule[word - 16] &+ sigma0 &+ schedule[word - 7] &+ sigma1
        }
        var (a, b, c, d, e, f, g, h) = state
        for round in 0..<64 {
            let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let choice = (e & f) ^ (~e & g)
            let temporary1 = h &+ sum1 &+ choice &+ Self.roundConstants[round] &+ schedule[round]
            let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temporary2 = sum0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temporary1, c, b, a, temporary1 &+ temporary2)
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h
        )
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { self >> count | self << (32 - count) }
}
