import FoundationEssentials

/// Plain words for where a `Codable` value did not match, e.g.
/// "'numberOfQuestions' must be a whole number".
enum DecodingErrorDescription {
    static func describe(_ error: any Error) -> String {
        if let invalid = error as? Settings.InvalidSetting { return invalid.description }
        guard let error = error as? DecodingError else { return "it could not be read" }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)) must be \(words(for: type))"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)) is null; it must be \(words(for: type))"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key])) is missing"
        case .dataCorrupted(let context):
            // The sentence ends where the caller puts its full stop, not in the decoder's.
            var detail = Substring(context.debugDescription)
            while detail.last == "." { detail = detail.dropLast() }
            return "\(place(context.codingPath)): \(PrintableText.quoting(String(detail), limit: 120))"
        @unknown default:
            return "it could not be read"
        }
    }

    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the whole file" }
        let keys = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return "'\(PrintableText.quoting(keys.joined(separator: "."), limit: 60))'"
    }

    private static func words(for type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int32.Type, is Int64.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        default:
            if "\(type)".hasPrefix("Dictionary") { "an object" } else if "\(type)".hasPrefix("Array") { "a list" } else { "\(type)" }
        }
    }
}
