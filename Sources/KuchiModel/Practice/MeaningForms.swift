/// The forms in which a typed meaning and a card's sense are compared (the rules are
/// ``TypedAnswer``'s): one key for what was typed, and the keys a sense accepts, one
/// for each choice of its parenthesised words in or out.
enum MeaningForms {
    /// `typed`'s key, its parentheses dropped and the words in them kept.
    static func typedKey(_ typed: String) -> String {
        key(String(typed.filter { $0 != "(" && $0 != ")" }))
    }

    /// The keys `sense` accepts: each parenthesised group (nested ones count as part of
    /// theirs) in, without its parentheses, or out; all of them at once when a sense has
    /// more than four. A form with nothing left is not accepted.
    static func accepted(_ sense: String) -> Set<String> {
        let pieces = self.pieces(of: sense)
        let groups = pieces.indices.filter { pieces[$0].optional }
        // Which groups each form keeps: every choice, or all and none.
        let choices: [Set<Int>]
        if groups.count <= 4 {
            choices = (0..<(1 << groups.count)).map { bits in
                Set(groups.indices.filter { bits & (1 << $0) != 0 }.map { groups[$0] })
            }
        } else {
            choices = [Set(groups), []]
        }
        var keys: Set<String> = []
        for kept in choices {
            let text = pieces.indices.filter { !pieces[$0].optional || kept.contains($0) }.map { pieces[$0].text }
            let form = key(text.joined())
            if !form.isEmpty { keys.insert(form) }
        }
        return keys
    }

    /// `sense` cut into the text outside parentheses and the groups inside them.
    private static func pieces(of sense: String) -> [(text: String, optional: Bool)] {
        var pieces: [(text: String, optional: Bool)] = []
        var current = ""
        var depth = 0
        for character in sense {
            switch character {
            case "(":
                if depth == 0 {
                    pieces.append((current, false))
                    current = ""
                }
                depth += 1
            case ")" where depth > 0:
                depth -= 1
                if depth == 0 {
                    pieces.append((current, true))
                    current = ""
                }
            case ")":
                break  // unmatched: dropped
            default:
                current.append(character)
            }
        }
        pieces.append((current, depth > 0))
        return pieces
    }

    /// Words that turn their meaning without the "a" before them.
    private static let quantities: Set<Substring> = ["few", "little", "lot", "bit"]

    /// `text` in one width and lower case, one space between words, without what is not
    /// a letter or a digit at either end, and without a leading "to" or article. Text
    /// that is all punctuation is kept, so "+-" can still be typed.
    private static func key(_ text: String) -> String {
        let words = TextWidth.normalized(text).lowercased().replacing("\u{2019}", with: "'")
            .split(whereSeparator: \.isWhitespace)
        let joined = words.joined(separator: " ")
        guard let first = joined.firstIndex(where: isWordCharacter),
              let last = joined.lastIndex(where: isWordCharacter)
        else { return joined }
        var trimmed = joined[first...last].split(separator: " ", omittingEmptySubsequences: true)
        if trimmed.count > 1 {
            let lead = trimmed[0]
            if lead == "to" || lead == "the" || lead == "an" || (lead == "a" && !quantities.contains(trimmed[1])) {
                trimmed.removeFirst()
            }
        }
        return trimmed.joined(separator: " ")
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
