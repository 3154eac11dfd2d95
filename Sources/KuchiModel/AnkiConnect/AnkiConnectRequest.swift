import FoundationEssentials

/// One AnkiConnect request: `{"action": …, "params": {…}, "version": 6, "key": …}`.
public struct AnkiConnectRequest: Sendable, Equatable {
    /// The most values one request may hold: a `multi` of 1,000 notes is about 20,000.
    static let valueBudget = 4_000_000

    public let action: String
    /// The parameters, an object (empty when the request has none).
    let params: JSONValue
    /// The protocol version the request speaks: 4 when it does not say (AnkiConnect's
    /// default); from 5 an answer is `{"result": …, "error": …}`, before it the bare result.
    public let version: Int
    public let key: String?

    /// Reads a request's body with Kuchi's strict parser (nesting and size limits).
    static func parse(_ body: Data) throws(AnkiConnectError) -> AnkiConnectRequest {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body, valueBudget: valueBudget)
        } catch {
            throw AnkiConnectError("the request is not JSON Kuchi can read: \(error.describe(in: body))")
        }
        return try AnkiConnectRequest(value)
    }

    init(_ value: JSONValue) throws(AnkiConnectError) {
        guard case .object = value else { throw AnkiConnectError("the request must be a JSON object") }
        guard let action = value["action"]?.stringValue, !action.isEmpty else {
            throw AnkiConnectError("the request names no action")
        }
        self.action = action
        switch value["params"] {
        case nil, .null?: params = .object([])
        case .object?: params = value["params"] ?? .object([])
        default: throw AnkiConnectError("'params' must be an object")
        }
        switch value["version"] {
        case nil, .null?: version = 4
        case .number(let number)?:
            guard let whole = Int(exactly: number) else { throw AnkiConnectError("'version' must be a whole number") }
            version = whole
        default: throw AnkiConnectError("'version' must be a whole number")
        }
        switch value["key"] {
        case nil, .null?: key = nil
        case .string(let text)?: key = text
        default: throw AnkiConnectError("'key' must be a string")
        }
    }
}

/// An action's failure, in the words the answer's `"error"` carries: in English, as
/// AnkiConnect's own, not translated, since programs read them ("cannot create note
/// because it is a duplicate").
public struct AnkiConnectError: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) { self.message = message }
}
