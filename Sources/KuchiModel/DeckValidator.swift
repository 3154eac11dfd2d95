/// Checks a parsed deck document field by field and collects every problem it finds.
///
/// Works on a parsed ``JSONValue`` rather than through `Codable`: a decoder stops at the
/// first mismatch, and people fixing a deck by hand deserve the whole list.
struct DeckValidator {
    let file: String
    let choicesPerQuestion: Int
    let limits: DeckLimits
    private(set) var problems: [DeckProblem] = []

    init(file: String, choicesPerQuestion: Int, limits: DeckLimits) {
        self.file = file
        self.choicesPerQuestion = choicesPerQuestion
        self.limits = limits
    }

    mutating func validate(_ document: JSONValue) -> Deck? {
        guard document.isObject else {
            report("the top level must be an object with 'format', 'name' and 'cards'")
            return nil
        }
        checkFormat(document["format"])
        let name = requiredString("name", document["name"], card: nil)
        let language = requiredString("language", document["language"], card: nil)
        // Licence and credit are asked for, not required: a private deck may have none.
        let license = optionalString("license", document["license"], card: nil) ?? ""
        let attribution = optionalString("attribution", document["attribution"], card: nil) ?? ""
        let cards = checkCards(document["cards"])
        guard problems.isEmpty, let name, let language, let cards else { return nil }
        return Deck(name: name, language: language, license: license, attribution: attribution, cards: cards)
    }

    private mutating func checkFormat(_ value: JSONValue?) {
        guard let value else { return report("missing 'format'") }
        guard let number = value.numberValue, let format = Int(exactly: number) else {
            return report("'format' must be a whole number")
        }
        if format != 1 {
            report("unsupported format \(format); this version of Kuchi reads format 1")
        }
    }

    private mutating func checkCards(_ value: JSONValue?) -> [Challenge]? {
        guard let value else { report("missing 'cards'"); return nil }
        guard let list = value.arrayValue else { report("'cards' must be an array"); return nil }
        if list.isEmpty { report("no cards"); return nil }
        if list.count > limits.maximumCards {
            report("too many cards (\(list.count)); at most \(limits.maximumCards)")
            return nil
        }
        var cards: [Challenge] = []
        cards.reserveCapacity(list.count)
        var firstCardByQuestion: [String: Int] = [:]
        firstCardByQuestion.reserveCapacity(list.count)
        var distinctAnswers = Set<String>(minimumCapacity: list.count)
        for (index, element) in list.enumerated() {
            let number = index + 1
            guard let card = checkCard(element, number: number) else { continue }
            if let first = firstCardByQuestion[card.question] {
                report("duplicate question '\(card.question)' (also card \(first))", card: number)
                continue
            }
            firstCardByQuestion[card.question] = number
            distinctAnswers.insert(card.answer)
            cards.append(card)
        }
        // Only meaningful once every card is readable; otherwise it repeats their problems.
        if problems.isEmpty, distinctAnswers.count < choicesPerQuestion {
            report("only \(distinctAnswers.count) distinct answers; need at least \(choicesPerQuestion)")
        }
        return cards
    }

    private mutating func checkCard(_ element: JSONValue, number: Int) -> Challenge? {
        guard case .object(let members) = element else {
            report("must be an object with 'question', 'pronunciation' and 'answer'", card: number)
            return nil
        }
        // One pass over the members instead of a lookup per field: this loop runs once
        // per card, and on a large deck it is most of the checking time.
        var question, pronunciation, answer, level: JSONValue?
        for member in members {
            switch member.key {
            case "question": question = member.value
            case "pronunciation": pronunciation = member.value
            case "answer": answer = member.value
            case "level": level = member.value
            default: break
            }
        }
        let questionText = requiredString("question", question, card: number)
        let pronunciationText = requiredString("pronunciation", pronunciation, card: number)
        let answerText = requiredString("answer", answer, card: number)
        let levelText = optionalString("level", level, card: number)
        guard let questionText, let pronunciationText, let answerText else { return nil }
        return Challenge(question: questionText, pronunciation: pronunciationText, answer: answerText, level: levelText)
    }

    private mutating func requiredString(_ key: String, _ value: JSONValue?, card: Int?) -> String? {
        guard value != nil else {
            report("missing '\(key)'", card: card)
            return nil
        }
        guard let text = optionalString(key, value, card: card) else { return nil }
        if Self.isBlank(text) {
            report("'\(key)' is empty", card: card)
            return nil
        }
        return text
    }

    /// The string in `value`; `nil` when absent or JSON `null`, reporting other types.
    private mutating func optionalString(_ key: String, _ value: JSONValue?, card: Int?) -> String? {
        guard let value else { return nil }
        switch value {
        case .string(let text):
            return text
        case .null:
            return nil
        default:
            report("'\(key)' must be a string", card: card)
            return nil
        }
    }

    /// Whether `text` is empty or only whitespace.
    private static func isBlank(_ text: String) -> Bool {
        // Most strings start with a visible ASCII character: decide those from one byte,
        // which on a 100,000-card deck saves a noticeable share of the load time.
        if let first = text.utf8.first, first > 0x20, first < 0x80 { return false }
        return text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    private mutating func report(_ message: String, card: Int? = nil) {
        problems.append(DeckProblem(file: file, card: card, message: message))
    }
}
