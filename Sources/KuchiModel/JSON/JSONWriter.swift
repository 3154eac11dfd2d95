/// Writes a ``JSONValue`` as compact JSON (RFC 8259), for answers sent over the
/// network (AnkiConnect): every string escaped (quotes, backslashes, control
/// characters, and U+2028 and U+2029, which some JavaScript engines took as line ends),
/// whole numbers without a fraction, and a number JSON cannot hold (NaN, infinity) as
/// `null`. Objects keep their members' order.
enum JSONWriter {
    static func data(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, to: &output)
        return output
    }

    static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output += Array("null".utf8)
        case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
        case .number(let number): writeNumber(number, to: &output)
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(member.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Whole numbers up to 2^53 as integers ("1496198395707"); others as Swift
    /// writes a Double, which JSON reads back to the same value.
    private static func writeNumber(_ number: Double, to output: inout [UInt8]) {
        guard number.isFinite else {
            output += Array("null".utf8)
            return
        }
        if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 {
            output += Array(String(Int64(number)).utf8)
        } else {
            output += Array("\(number)".utf8)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case "\\": output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case "\n": output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case "\r": output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case "\t": output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                output += Array("\\u".utf8)
                for shift in stride(from: 12, through: 0, by: -4) {
                    output.append(hexDigits[Int((scalar.value >> UInt32(shift)) & 0xF)])
                }
            default: UTF8.encode(scalar) { output.append($0) }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
