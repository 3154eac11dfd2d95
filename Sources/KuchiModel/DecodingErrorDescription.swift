import FoundationEssentials

/// Plain words for where a `Codable` value did not match, e.g.
/// "key 'numberOfQuestions': expected Int".
enum DecodingErrorDescription {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)): null where \(type) was expected"
        case .keyNotFound(let key, let context):
            return "missing \(place(context.codingPath + [key]))"
        case .dataCorrupted(let context):
            return "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }

    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "top level" }
        let keys = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return "key '\(keys.joined(separator: "."))'"
    }
}
