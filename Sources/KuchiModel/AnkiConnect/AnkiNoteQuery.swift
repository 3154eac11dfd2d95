/// The part of Anki's search syntax dictionary apps send to `findNotes` and
/// `findCards`: terms separated by spaces, all of which must match; a term in double
/// quotes may hold spaces; a leading `-` negates one.
///
/// - `deck:NAME` — the note is in that deck or one of its subdecks (`NAME::…`), as in
///   Anki (any case; `*` matches any run of text).
/// - `nid:1,2` / `cid:1,2` — the note (or its card, the same id) is one of those.
/// - `note:Kuchi` — the note type; every note is a Kuchi note.
/// - `FIELD:value` — the field (any case of its name) is the value, whole (any case;
///   `*` as in deck names); the value is read as a field sent with a note is, so
///   `Word:猫舌[ねこじた]` finds 猫舌.
/// - `*` — every note.
/// - plain text — any field holds the text (any case).
///
/// Anything else (`OR`, parentheses, `tag:`, `is:`, `prop:`) matches nothing rather than
/// everything: a query Kuchi cannot read finds no note to act on.
public struct AnkiNoteQuery: Sendable {
    enum Term: Sendable {
        case deck(String)
        case ids(Set<Int64>)
        case model(String)
        case field(String, String)
        case text(String)
        case everything
        case nothing
    }

    let terms: [(negated: Bool, term: Term)]

    public init(_ query: String) {
        terms = Self.tokens(query).map { token in
            var text = token.text
            var negated = false
            if !token.quoted, text.hasPrefix("-"), text.count > 1 {
                negated = true
                text.removeFirst()
            }
            return (negated, Self.term(text))
        }
    }

    public func matches(_ note: AnkiNote) -> Bool {
        terms.allSatisfy { negated, term in Self.matches(term, note) != negated }
    }

    private static func matches(_ term: Term, _ note: AnkiNote) -> Bool {
        switch term {
        case .everything: true
        case .nothing: false
        case .deck(let name): Self.isDeck(note.deckName, within: name)
        case .ids(let ids): ids.contains(note.id)
        case .model(let name): wildcard(name, matches: AnkiNote.modelName)
        case .field(let name, let value):
            note.field(name).map { wildcard(value, matches: $0) } ?? false
        case .text(let text):
            note.fields.contains { $0.value.lowercased().contains(text.lowercased()) }
        }
    }

    private static func term(_ text: String) -> Term {
        if text == "*" { return .everything }
        guard let colon = text.firstIndex(of: ":") else {
            let words = text.lowercased()
            return words == "or" || words == "and" || text.hasPrefix("(") || text.hasSuffix(")") ? .nothing : .text(text)
        }
        let key = text[..<colon].lowercased()
        let value = String(text[text.index(after: colon)...])
        switch key {
        case "deck": return .deck(value)
        case "nid", "cid":
            let ids = value.split(separator: ",").compactMap { Int64($0) }
            return ids.isEmpty ? .nothing : .ids(Set(ids))
        case "note": return .model(value)
        default:
            guard AnkiNote.fieldNames.contains(where: { $0.lowercased() == key }) else { return .nothing }
            return .field(key, AnkiConnectNoteFields.cleaned(value, field: key))
        }
    }

    /// Whether the deck named `name` is the deck `pattern` names or one of its subdecks
    /// (`pattern::…`), as Anki's `deck:` search and a duplicate check with children take
    /// decks in.
    static func isDeck(_ name: String, within pattern: String) -> Bool {
        wildcard(pattern, matches: name) || wildcard(pattern + "::*", matches: name)
    }

    /// Whether `text` is `pattern`, any case, `*` in the pattern matching any run.
    static func wildcard(_ pattern: String, matches text: String) -> Bool {
        let parts = pattern.lowercased().split(separator: "*", omittingEmptySubsequences: false)
        let text = text.lowercased()
        guard parts.count > 1 else { return text == pattern.lowercased() }
        var rest = Substring(text)
        for (index, part) in parts.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if index == parts.count - 1 {
                return part.isEmpty || rest.hasSuffix(part)
            } else if !part.isEmpty {
                guard let range = rest.firstRange(of: part) else { return false }
                rest = rest[range.upperBound...]
            }
        }
        return true
    }

    /// The query's terms: split at spaces outside double quotes, the quotes removed
    /// (`"deck:My Words"` and `deck:"My Words"` are one term).
    private static func tokens(_ query: String) -> [(text: String, quoted: Bool)] {
        var tokens: [(text: String, quoted: Bool)] = []
        var current = ""
        var quoted = false
        var inQuotes = false
        var escaped = false
        for character in query {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
                quoted = true
            } else if character.isWhitespace, !inQuotes {
                if !current.isEmpty { tokens.append((current, quoted)) }
                current = ""
                quoted = false
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append((current, quoted)) }
        return tokens
    }
}
