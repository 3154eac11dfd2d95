import FoundationEssentials

enum UTF8Validation {
    /// The offset (from 0) of the first byte that does not start a well-formed UTF-8
    /// sequence, or `nil` when all of `data` is valid UTF-8.
    static func firstInvalidByte(in data: Data) -> Int? {
        // Fast path: the standard library's validator is vectorised; only a file that
        // fails it pays for the byte-by-byte walk that finds where.
        if String(validating: data, as: UTF8.self) != nil {
            return nil
        }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
