/// The few protocol-buffer messages of an Anki package (its `meta`, its media list, a
/// note type's kind), read field by field: enough of the wire format for those, and
/// nil for anything malformed, never a crash.
struct ProtobufReader {
    /// One field: its number and its value, a number or bytes.
    enum Value {
        case number(UInt64)
        case bytes(ArraySlice<UInt8>)
    }

    private let bytes: ArraySlice<UInt8>

    init(_ bytes: some Collection<UInt8>) {
        self.bytes = ArraySlice(bytes)
    }

    /// Every field in order, or nil when the message is malformed.
    func fields() -> [(number: UInt64, value: Value)]? {
        var fields: [(number: UInt64, value: Value)] = []
        var index = bytes.startIndex
        func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.endIndex, shift < 64 {
                let byte = bytes[index]
                index += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        while index < bytes.endIndex {
            guard let key = varint() else { return nil }
            let number = key >> 3
            switch key & 7 {
            case 0:
                guard let value = varint() else { return nil }
                fields.append((number, .number(value)))
            case 1, 5:
                let width = key & 7 == 1 ? 8 : 4
                guard bytes.endIndex - index >= width else { return nil }
                index += width
            case 2:
                guard let length = varint(), length <= UInt64(bytes.endIndex - index) else { return nil }
                let end = index + Int(length)
                fields.append((number, .bytes(bytes[index..<end])))
                index = end
            default:
                return nil
            }
        }
        return fields
    }
}
