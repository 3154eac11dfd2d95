import FoundationEssentials

enum UTF8Validation {
    /// The offset (from 0) of the first byte that does not start a well-formed UTF-8
    /// sequence, or `nil` when all of `data` is valid UTF-8.
    static func firstInvalidByte(in data: Data) -> Int? {
        data.withUnsafeBytes { firstInvalidByte(in: $0) }
    }

    /// The same for bytes in memory.
    static func firstInvalidByte(in raw: UnsafeRawBufferPointer) -> Int? {
        // UTF8Span validates in place (vectorised, no copy): a 32 MiB deck costs about
        // a millisecond and no memory, where building a String would copy it all.
        let span = Span(_unsafeElements: raw.assumingMemoryBound(to: UInt8.self))
        do throws(UTF8.ValidationError) {
            _ = try UTF8Span(validating: span)
            return nil
        } catch {
            return error.byteOffsets.lowerBound
        }
    }
}
