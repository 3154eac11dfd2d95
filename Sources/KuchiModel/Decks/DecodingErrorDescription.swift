import FoundationEssentials

/// Plain words for where a `Codable` value did not match, e.g.
/// "'numberOfQuestions' must be a whole number".
enum DecodingErrorDescription {
    static func describe(_ error: any Error) -> String {
        if let invalid = error as? Settings.InvalidSetting { return invalid.description }
        guard let error = error as? DecodingError else { return tr("it could not be read") }
        switch error {
        case .typeMismatch(let type, let context):
            return tr("{field} must be {kind}", ["field": "\(place(context.codingPath))", "kind": "\(words(for: type))"])
        case .valueNotFound(let type, let context):
            return tr("{field} is null; it must be {kind}", ["field": "\(place(context.codingPath))", "kind": "\(words(for: type))"])
        case .keyNotFound(let key, let context):
            return tr("{field} is missing", ["field": "\(place(context.codingPath + [key]))"])
        case .dataCorrupted(let context):
            // The sentence ends where the caller puts its full stop, not in the decoder's.
            var detail = Substring(context.debugDescription)
            while detail.last == "." { detail = detail.dropLast() }
            return "\(place(context.codingPath)): \(PrintableText.quoting(String(detail), limit: 120))"
        @unknown default:
            return tr("it could not be read")
        }
    }

    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return tr("the whole file") }
        // "fsrsParameters.parameters[4]": a place in a list follows its key with no dot.
        let keys = path.enumerated().map { index, key in
            key.intValue.map { "[\($0)]" } ?? (index == 0 ? key.stringValue : "." + key.stringValue)
        }
        return "'\(PrintableText.quoting(keys.joined(), limit: 60))'"
    }

    private static func words(for type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: tr("true or false")
        case is Int.Type, is Int32.Type, is Int64.Type: tr("a whole number")
        case is Double.Type, is Float.Type: tr("a number")
        default:
            if "\(type)".hasPrefix("Dictionary") { tr("an object") } else if "\(type)".hasPrefix("Array") { tr("a list") } else { "\(type)" }
        }
    }
}
