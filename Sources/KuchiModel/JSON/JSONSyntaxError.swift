import FoundationEssentials

/// Why and where a file is not valid JSON (or not valid UTF-8 to begin with).
struct JSONSyntaxError: Error, Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case invalidUTF8
        case syntax(String)
        /// Valid so far, but more values than the reader's budget allows.
        case tooManyValues
    }

    let kind: Kind
    /// Offset from the start of the file, in bytes, counting from 0.
    let offset: Int

    /// E.g. "not valid UTF-8 at byte 195", or "not valid JSON: line 3, column 7:
    /// expected ',' or '}'". People fix files by line and column, so the offset is
    /// translated using the data itself.
    func describe(in data: Data) -> String {
        switch kind {
        case .invalidUTF8:
            return tr("not valid UTF-8 at byte {offset}", ["offset": "\(offset)"])
        case .syntax(let reason):
            return tr("not valid JSON: {place}: {reason}", ["place": "\(Self.location(ofByte: offset, in: data))", "reason": "\(reason)"])
        case .tooManyValues:
            return tr("too many values in one place ({place})", ["place": "\(Self.location(ofByte: offset, in: data))"])
        }
    }

    /// The same as the end of a sentence about a user's file: "it is not valid JSON
    /// (line 3, column 7: expected ',' or '}')".
    func words(in data: Data) -> String {
        switch kind {
        case .invalidUTF8:
            return tr("it is not valid UTF-8 text (at byte {offset})", ["offset": "\(offset)"])
        case .syntax(let reason):
            return tr("it is not valid JSON ({place}: {reason})", ["place": "\(Self.location(ofByte: offset, in: data))", "reason": "\(reason)"])
        case .tooManyValues:
            return tr("it holds far more than Kuchi ever writes ({place})", ["place": "\(Self.location(ofByte: offset, in: data))"])
        }
    }

    /// "line L, column C" for a byte offset, columns counted in characters.
    static func location(ofByte offset: Int, in data: Data) -> String {
        let stop = data.startIndex + min(max(offset, 0), data.count)
        var line = 1
        var lineStart = data.startIndex
        var index = data.startIndex
        while index < stop {
            if data[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        let column = String(decoding: data[lineStart..<stop], as: UTF8.self).count + 1
        return tr("line {line}, column {column}", ["line": "\(line)", "column": "\(column)"])
    }
}
