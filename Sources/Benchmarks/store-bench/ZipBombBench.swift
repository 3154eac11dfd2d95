// A zip bomb refused: an Anki package whose collection is a zstd frame of 1 GiB of
// zeros that states no size, so the importer counts what it unpacks and stops at the
// collection limit (512 MiB).
import BenchSupport
import CArchive
import CZstd
import Foundation
import KuchiModel

enum ZipBombBench {
    static func table() throws -> Table {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-zip-bomb-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let frame = zstdZeros(bytes: 1 << 30)
        let package = folder.appendingPathComponent("bomb.apkg")
        try writeStoredZip([("meta", Data([0x08, 0x03])), ("collection.anki21b", frame)], to: package.path)

        var refusal = ""
        var run = 0
        let refused = Measure.median(runs: 3) {
            run += 1
            let catalog = DeckCatalog(bundledFolder: nil, importedFolder: folder.appendingPathComponent("decks-\(run)"))
            do {
                _ = try catalog.import(LocalPath(package))
                refusal = "imported!"
            } catch {
                refusal = "\(error)"
            }
        }
        var table = Table("A zip bomb: 1 GiB of zeros in \(frame.count / 1024) KiB of zstd (medians of 3)")
        table.add("import → refused (counts what it unpacks, stops at 512 MiB)", formatMilliseconds(refused, digits: 0),
                  target: "< 5 s")
        table.add("  refusal", refusal.contains("too large") ? "too large" : refusal)
        return table
    }

    /// A zstd frame of `bytes` zeros, streamed, so its header states no size.
    private static func zstdZeros(bytes: Int) -> Data {
        let context = ZSTD_createCCtx()
        defer { ZSTD_freeCCtx(context) }
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        var output = [UInt8](repeating: 0, count: Int(ZSTD_CStreamOutSize()))
        var frame = Data()
        for chunk in 0..<(bytes / zeros.count) {
            let last = chunk == bytes / zeros.count - 1
            zeros.withUnsafeBytes { source in
                var input = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
                var finished = false
                while !finished {
                    output.withUnsafeMutableBytes { target in
                        var out = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
                        let left = ZSTD_compressStream2(context, &out, &input, last ? ZSTD_e_end : ZSTD_e_continue)
                        // safe: `output` is a non-empty buffer, so its base address is never nil.
                        frame.append(target.baseAddress!.assumingMemoryBound(to: UInt8.self), count: out.pos)
                        finished = last ? left == 0 : input.pos == input.size
                    }
                }
            }
        }
        return frame
    }

    /// A zip file of `entries`, stored as given (no compression), written by libarchive.
    private static func writeStoredZip(_ entries: [(name: String, data: Data)], to path: String) throws {
        let archive = archive_write_new()
        defer { archive_write_free(archive) }
        archive_write_set_format_zip(archive)
        archive_write_zip_set_compression_store(archive)
        guard archive_write_open_filename(archive, path) == ARCHIVE_OK else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        for (name, data) in entries {
            let entry = archive_entry_new()
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname(entry, name)
            archive_entry_set_size(entry, la_int64_t(data.count))
            archive_entry_set_filetype(entry, 0o100000)  // AE_IFREG
            archive_entry_set_perm(entry, 0o644)
            archive_write_header(archive, entry)
            _ = data.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
        }
        archive_write_close(archive)
    }
}
