/// A parsed JSON document, as read by ``JSONParser``.
///
/// Objects keep their members as a list: the deck's objects have a handful of keys, and
/// a list is much cheaper to build than a dictionary for each of 100,000 cards.
enum JSONValue: Sendable, Equatable {
    case object([Member])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    struct Member: Sendable, Equatable {
        let key: String
        let value: JSONValue
    }

    /// The member called `key` of an object (the last one, if the key repeats).
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}
