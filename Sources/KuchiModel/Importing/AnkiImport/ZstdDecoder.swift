import CZstd
import FoundationEssentials

/// A zstd stream decoded as it comes, in chunks: the other C interop of Anki packages.
///
/// The decoded size a frame's header claims is never trusted or allocated: output goes
/// to the caller chunk by chunk, and the caller stops it by throwing once it has seen
/// enough. Not `Sendable`: one decoder, one thread.
final class ZstdDecoder {
    private let stream: OpaquePointer
    /// Whether the input so far ended exactly at the end of a frame.
    private(set) var isAtFrameEnd = true
    private var output = Data(count: ZSTD_DStreamOutSize())

    init() throws(PackageEntryError) {
        guard let stream = ZSTD_createDStream() else { throw .badZstd(tr("out of memory")) }
        self.stream = stream
        ZSTD_initDStream(stream)
    }

    deinit {
        ZSTD_freeDStream(stream)
    }

    /// Decodes `input`, handing the decoded bytes to `emit` as they come.
    func decode(_ input: Data, _ emit: (Data) throws(PackageEntryError) -> Void) throws(PackageEntryError) {
        guard !input.isEmpty else { return }
        // zstd's own words for a damaged stream ("Data corruption detected").
        var failure: String?
        var emitted: PackageEntryError?
        input.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            var inBuffer = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
            // Until the input is used up and nothing decoded is left waiting in zstd.
            var outputFull = true
            while inBuffer.pos < inBuffer.size || outputFull {
                var result = 0
                let produced = output.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) -> Int in
                    var outBuffer = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
                    result = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
                    return outBuffer.pos
                }
                if ZSTD_isError(result) != 0 {
                    failure = String(cString: ZSTD_getErrorName(result))
                    return
                }
                isAtFrameEnd = result == 0
                outputFull = produced == output.count
                if produced > 0 {
                    do throws(PackageEntryError) {
                        try emit(output.prefix(produced))
                    } catch {
                        emitted = error
                        return
                    }
                }
            }
        }
        if let failure { throw .badZstd(failure) }
        if let emitted { throw emitted }
    }
}
