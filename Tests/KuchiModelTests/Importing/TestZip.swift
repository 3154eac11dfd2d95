import Foundation
@testable import KuchiModel

/// Hand-made zip files and zstd frames, for packages Anki would never write: entries
/// stored as given (no compression), with a Unix mode each (a symbolic link, say).
struct TestZip {
    private var entries: [(name: String, data: Data, mode: UInt32)] = []

    mutating func add(_ name: String, _ data: Data, mode: UInt32 = 0o100644) {
        entries.append((name, data, mode))
    }

    mutating func add(_ name: String, _ text: String) { add(name, Data(text.utf8)) }

    var data: Data {
        var out = Data()
        var central = Data()
        for entry in entries {
            let name = Data(entry.name.utf8)
            let crc = Self.crc32(entry.data)
            let offset = UInt32(out.count)
            let size = le32(UInt32(entry.data.count))
            var local = le32(0x0403_4B50) + le16(20) + le16(0) + le16(0)
            local += le16(0) + le16(0) + le32(crc) + size + size
            local += le16(UInt16(name.count)) + le16(0) + name
            out += local + entry.data
            // Made by Unix (3), so the mode in the external attributes counts.
            var record = le32(0x0201_4B50) + le16(0x0314) + le16(20) + le16(0)
            record += le16(0) + le16(0) + le16(0) + le32(crc) + size + size
            record += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
            record += le32(entry.mode << 16) + le32(offset) + name
            central += record
        }
        let start = UInt32(out.count)
        out += central
        let count = le16(UInt16(entries.count))
        var end = le32(0x0605_4B50) + le16(0) + le16(0) + count + count
        end += le32(UInt32(central.count)) + le32(start) + le16(0)
        out += end
        return out
    }

    /// One entry's stored bytes from a package on disk.
    static func entry(_ name: String, of url: URL) throws -> Data {
        let reader = try ZipArchiveReader(path: LocalPath(url))
        while let entry = try reader.next() {
            guard entry.name == name else { continue }
            var data = Data()
            try reader.read { (chunk: Data) throws(PackageEntryError) in data.append(chunk) }
            return data
        }
        throw CocoaError(.fileNoSuchFile)
    }

    /// A zstd frame of `blocks` run-length blocks of 128 KiB of zeros: 4 bytes a block,
    /// so 8,192 blocks (32 KiB) unpack to 1 GiB; it states no size.
    static func zstdZeros(blocks: Int) -> Data {
        // Magic; frame header: no content size, not single-segment; window 2^17.
        var frame = Data([0x28, 0xB5, 0x2F, 0xFD, 0x00, (17 - 10) << 3])
        for block in 0..<blocks {
            let header = UInt32(128 << 10) << 3 | 1 << 1 | (block == blocks - 1 ? 1 : 0)
            frame += Data([UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16 & 0xFF), 0x00])
        }
        return frame
    }

    /// A zstd frame whose header claims `size` bytes (single segment), then one raw
    /// block of 4 bytes and nothing more.
    static func zstdClaiming(_ size: UInt64) -> Data {
        var frame = Data([0x28, 0xB5, 0x2F, 0xFD, 0xE0])
        frame += withUnsafeBytes(of: size.littleEndian) { Data($0) }
        let header = UInt32(4) << 3 | 0 << 1 | 1
        frame += Data([UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16 & 0xFF)])
        return frame + Data("abcd".utf8)
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        data.withUnsafeBytes { bytes in
            for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return ~crc
    }

    /// A byte at a time: a generated collection of many megabytes packs in a moment.
    private static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }
}

private func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8)]) }
private func le32(_ value: UInt32) -> Data { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
