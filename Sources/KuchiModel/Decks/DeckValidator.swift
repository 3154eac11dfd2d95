/// Checks a deck document field by field and collects every problem it finds.
///
/// Works on parsed ``JSONValue``s rather than through `Codable`: a decoder stops at the
/// first mismatch, and people fixing a deck by hand deserve the whole list. The loader
/// hands it the cards one at a time as it parses them (``add(card:number:)``) and the
/// other top-level members at the end (``finish(header:)``), so a deck's parsed tree is
/// never held whole.
struct DeckValidator {
    let file: String
    let choicesPerQuestion: Int
    let limits: DeckLimits
    private(set) var problems: [DeckProblem] = []
    /// Problems found past ``DeckLimits/maximumReportedProblems``: counted, not kept,
    /// so a deck of 200,000 broken cards costs no memory for 600,000 messages.
    private(set) var unlistedProblems = 0

    private var cards: [Challenge] = []
    private var cardCount = 0
    private var cardLists = 0
    private var firstCardByQuestion: [String: Int] = [:]
    private var distinctAnswers = Set<String>()
    /// The format the header named before the cards, if it did.
    private var format: Int?

    init(file: String, choicesPerQuestion: Int, limits: DeckLimits) {
        self.file = file
        self.choicesPerQuestion = choicesPerQuestion
        self.limits = limits
    }

    /// A `cards` list starts; `format` is the deck's format if the header gave it first.
    mutating func beginCards(format: Int?) {
        self.format = format
        cardLists += 1
        if cardLists == 2 { report(tr("'cards' appears more than once")) }
    }

    /// Checks the card at position `number` (from 1) of the `cards` list.
    mutating func add(card element: JSONValue, number: Int) {
        cardCount += 1
        guard let card = checkCard(element, number: number) else { return }
        if let first = firstCardByQuestion[card.question] {
            report(tr("duplicate question '{question}' (also card {card})", ["question": "\(PrintableText.quoting(card.question, limit: 40))", "card": "\(first)"]), card: number)
            return
        }
        firstCardByQuestion[card.question] = number
        distinctAnswers.insert(card.answer)
        cards.append(card)
    }

    /// Checks the top level's other members (`header` is nil when the top level is not
    /// an object) and returns the deck, or nil when anything was wrong.
    mutating func finish(header: [JSONValue.Member]?) -> Deck? {
        let cardProblems = problems
        let cardProblemsUnlisted = unlistedProblems
        problems = []
        unlistedProblems = 0
        defer {
            // Header problems first, as in the file; the list stays within the limit.
            let room = max(limits.maximumReportedProblems, 1) - problems.count
            unlistedProblems += cardProblemsUnlisted + max(cardProblems.count - room, 0)
            problems += cardProblems.prefix(max(room, 0))
        }
        guard let header else {
            report(tr("the top level must be an object with 'format', 'name' and 'cards'"))
            return nil
        }
        let document = JSONValue.object(header)
        checkFormat(document["format"])
        let name = requiredString("name", document["name"], card: nil)
        let language = requiredString("language", document["language"], card: nil)
        // Licence and credit are asked for, not required: a private deck may have none.
        // They may run to paragraphs: a line break is the one control character allowed.
        let license = optionalString(
            "license", document["license"], card: nil, limit: limits.maximumCreditLength, allowsLineBreaks: true) ?? ""
        let attribution = optionalString(
            "attribution", document["attribution"], card: nil, limit: limits.maximumCreditLength, allowsLineBreaks: true) ?? ""
        if document["cards"] != nil {
            report(tr("'cards' must be an array"))
        } else if cardLists == 0 {
            report(tr("missing 'cards'"))
        } else if cardCount == 0 {
            report(tr("no cards"))
        }
        // Only meaningful once every card is readable; otherwise it repeats their problems.
        if problems.isEmpty, cardProblems.isEmpty, cardProblemsUnlisted == 0, cardCount > 0,
           distinctAnswers.count < choicesPerQuestion {
            report(trn("only {count} distinct answer; need at least {needed}", "only {count} distinct answers; need at least {needed}", distinctAnswers.count, ["needed": "\(choicesPerQuestion)"]))
        }
        guard problems.isEmpty, cardProblems.isEmpty, cardCount > 0, let name, let language else { return nil }
        return Deck(name: name, language: language, license: license, attribution: attribution, cards: cards)
    }

    private mutating func checkFormat(_ value: JSONValue?) {
        guard let value else { return report(tr("missing 'format'")) }
        guard let number = value.numberValue, let format = Int(exactly: number) else {
            return report(tr("'format' must be a whole number"))
        }
        if !Self.formats.contains(format) {
            report(tr("unsupported format {format}; this version of Kuchi reads formats 1 and 2", ["format": "\(format)"]))
        }
    }

    /// The formats this version reads: 1 (a reading in `pronunciation`, romaji or kana)
    /// and 2 (`reading` in kana, `romaji`, `examples`).
    static let formats = 1...2
    /// The most example sentences a card may carry.
    static let maximumExamples = 2

    private mutating func checkCard(_ element: JSONValue, number: Int) -> Challenge? {
        guard case .object(let members) = element else {
            report(format == 2 ? tr("must be an object with 'question', 'reading' and 'answer'")
                : tr("must be an object with 'question', 'pronunciation' and 'answer'"), card: number)
            return nil
        }
        // One pass over the members instead of a lookup per field: this loop runs once
        // per card, and on a large deck it is most of the checking time.
        var question, pronunciation, reading, romaji, answer, level, examples, audio, pitch: JSONValue?
        for member in members {
            switch member.key {
            case "question": question = member.value
            case "pronunciation": pronunciation = member.value
            case "reading": reading = member.value
            case "romaji": romaji = member.value
            case "answer": answer = member.value
            case "level": level = member.value
            case "examples": examples = member.value
            case "audio": audio = member.value
            case "pitch": pitch = member.value
            default: break
            }
        }
        let questionText = requiredString("question", question, card: number)
        // Format 2, or a card that looks like it in a file that names its format last,
        // reads `reading` (kana), `romaji` and `examples`; format 1 reads `pronunciation`
        // (romaji or kana).
        let isFormat2 = format == 2 || (format == nil && reading != nil)
        let pronunciationText = isFormat2 ? nil : requiredString("pronunciation", pronunciation, card: number)
        let romajiText = isFormat2 ? optionalString("romaji", romaji, card: number, limit: limits.maximumTextLength) : nil
        // A card known only in romaji (imported from notes without kana) has no reading;
        // nor has one imported with none at all, which says so with `"reading": null`.
        let knownNone: Bool
        if case .null? = reading { knownNone = true } else { knownNone = false }
        let readingText = !isFormat2 ? nil
            : knownNone || reading == nil && !(romajiText ?? "").isEmpty ? "" : kanaReading(reading, card: number)
        let answerText = requiredString("answer", answer, card: number)
        let levelText = optionalString("level", level, card: number, limit: limits.maximumTextLength)
        let exampleList = isFormat2 ? checkExamples(examples, card: number) : []
        let audioName = optionalString("audio", audio, card: number, limit: limits.maximumTextLength)
        if let audioName, !MediaName.isSafe(audioName) {
            report(
                tr("'audio' must be the name of a file in the deck's media folder, not a path; it is '{name}'",
                   ["name": PrintableText.quoting(audioName, limit: 40)]), card: number)
            return nil
        }
        guard let questionText, let answerText, let exampleList else { return nil }
        if let pronunciationText {
            return Challenge(question: questionText, pronunciation: pronunciationText, answer: answerText, level: levelText)
        }
        guard let readingText, let nuclei = checkPitch(pitch, reading: readingText, card: number) else { return nil }
        return Challenge(
            question: questionText, reading: readingText, romaji: romajiText ?? "", answer: answerText,
            level: levelText, examples: exampleList, audio: audioName, pitch: nuclei)
    }

    /// A format 2 reading: required, and kana (a reading in romaji or kanji is refused).
    private mutating func kanaReading(_ value: JSONValue?, card: Int) -> String? {
        guard let text = requiredString("reading", value, card: card) else { return nil }
        guard Kana.isReading(text) else {
            report(tr("'reading' must be kana (hiragana or katakana); it is '{reading}'", ["reading": "\(PrintableText.quoting(text, limit: 40))"]),
                   card: card)
            return nil
        }
        return text
    }

    /// A format 2 card's pitch accent: up to ``maximumPitches`` accent nuclei, each a
    /// whole number from 0 to the number of morae of the card's reading; none when
    /// absent or null, nil (with the problem reported) when anything is wrong.
    private mutating func checkPitch(_ value: JSONValue?, reading: String, card: Int) -> [Int]? {
        guard let value else { return [] }
        let rule = tr("'pitch' must be a list of up to {limit} whole numbers, each where the pitch drops (0 for no drop)", ["limit": "\(Self.maximumPitches)"])
        switch value {
        case .null:
            return []
        case .array(let items) where items.count <= Self.maximumPitches:
            var nuclei: [Int] = []
            let morae = PitchAccent.moraCount(of: reading)
            for item in items {
                guard let number = item.numberValue, let nucleus = Int(exactly: number), nucleus >= 0 else {
                    report(rule, card: card)
                    return nil
                }
                guard nucleus <= morae else {
                    report(tr("'pitch' {pitch} is past the end of the reading '{reading}' (mora count: {count})", [
                        "pitch": "\(nucleus)", "reading": PrintableText.quoting(reading, limit: 40), "count": "\(morae)",
                    ]), card: card)
                    return nil
                }
                nuclei.append(nucleus)
            }
            return nuclei
        case .array(let items):
            report(tr("{rule}; it has {found}", ["rule": rule, "found": "\(items.count)"]), card: card)
            return nil
        default:
            report(rule, card: card)
            return nil
        }
    }

    /// The most accent nuclei a card's `pitch` may list.
    static let maximumPitches = 8

    /// Up to ``maximumExamples`` objects, each with the text `ja` and, unless it has no
    /// translation, `en`; none when absent or null, nil (with the problem reported) when
    /// anything is wrong.
    private mutating func checkExamples(_ value: JSONValue?, card: Int) -> [Example]? {
        guard let value else { return [] }
        let rule = tr("'examples' must be a list of up to {limit} objects with the texts 'ja' and 'en'", ["limit": "\(Self.maximumExamples)"])
        switch value {
        case .null:
            return []
        case .array(let items) where items.count <= Self.maximumExamples:
            var examples: [Example] = []
            for (index, item) in items.enumerated() {
                guard case .object = item else {
                    report(tr("{rule}; example {number} is not an object", ["rule": rule, "number": "\(index + 1)"]), card: card)
                    return nil
                }
                let ja = requiredString("examples[\(index + 1)].ja", item["ja"], card: card)
                // A sentence mined without its translation is kept: the card shows it alone.
                // A blank translation is none (it used to be refused as empty).
                let enKey = "examples[\(index + 1)].en"
                let en = item["en"] == nil || item["en"] == .null
                    ? "" : optionalString(enKey, item["en"], card: card, limit: limits.maximumTextLength)
                        .map { Self.isBlank($0) ? "" : $0 }
                guard let ja, let en,
                      let readings = checkWordReadings(item["ruby"], sentence: ja, key: "examples[\(index + 1)].ruby", card: card)
                else { return nil }
                examples.append(Example(ja: ja, en: en, wordReadings: readings))
            }
            return examples
        case .array(let items):
            report(tr("{rule}; it has {found}", ["rule": rule, "found": "\(items.count)"]), card: card)
            return nil
        default:
            report(rule, card: card)
            return nil
        }
    }

    /// An example's `ruby`: its kanji words' readings, each `[start, end, reading]`,
    /// start and end in UTF-16 code units of `sentence`, in order and apart, each word
    /// whole characters holding a kanji, each reading kana; none when absent or null,
    /// nil (with the problem, named by `key` and the word's place, reported) when
    /// anything is wrong.
    private mutating func checkWordReadings(
        _ value: JSONValue?, sentence: String, key: String, card: Int
    ) -> [Example.WordReading]? {
        guard let value else { return [] }
        switch value {
        case .null:
            return []
        case .array(let items):
            let units = sentence.utf16
            var readings: [Example.WordReading] = []
            readings.reserveCapacity(items.count)
            var previousEnd = 0
            for (index, item) in items.enumerated() {
                let place = "\(key)[\(index + 1)]"
                guard case .array(let triple) = item, triple.count == 3,
                      let startNumber = triple[0].numberValue, let start = Int(exactly: startNumber),
                      let endNumber = triple[1].numberValue, let end = Int(exactly: endNumber),
                      let reading = triple[2].stringValue, Kana.isReading(reading),
                      !reading.unicodeScalars.contains(where: { $0 == "、" || $0 == " " || $0 == "\u{3000}" })
                else {
                    report(tr("'{key}' must be [start, end, reading]: whole numbers and kana", ["key": place]), card: card)
                    return nil
                }
                let scalars = sentence.unicodeScalars
                guard previousEnd <= start, start < end, end <= units.count,
                      let lower = String.Index(utf16Offset: start, in: sentence).samePosition(in: scalars),
                      let upper = String.Index(utf16Offset: end, in: sentence).samePosition(in: scalars)
                else {
                    report(tr("'{key}' ({start} to {end}) is not a word of the sentence in order: it must lie within its {length} UTF-16 units, after the word before it and not inside a character", [
                        "key": place, "start": "\(start)", "end": "\(end)", "length": "\(units.count)",
                    ]), card: card)
                    return nil
                }
                guard scalars[lower..<upper].contains(where: Kana.isKanji) else {
                    report(tr("'{key}' reads '{word}', which has no kanji", [
                        "key": place, "word": PrintableText.quoting(String(scalars[lower..<upper]), limit: 40),
                    ]), card: card)
                    return nil
                }
                readings.append(Example.WordReading(utf16Range: start..<end, reading: reading))
                previousEnd = end
            }
            return readings
        default:
            report(tr("'{key}' must be [start, end, reading]: whole numbers and kana", ["key": "\(key)[]"]), card: card)
            return nil
        }
    }

    private mutating func requiredString(_ key: String, _ value: JSONValue?, card: Int?) -> String? {
        guard let value else {
            report(tr("missing '{key}'", ["key": "\(key)"]), card: card)
            return nil
        }
        if case .null = value {
            report(tr("'{key}' is null; it must be text", ["key": "\(key)"]), card: card)
            return nil
        }
        guard let text = optionalString(key, value, card: card, limit: limits.maximumTextLength) else { return nil }
        if Self.isBlank(text) {
            report(tr("'{key}' is empty", ["key": "\(key)"]), card: card)
            return nil
        }
        return text
    }

    /// The string in `value`; `nil` when absent or JSON `null`, reporting other types
    /// and text a card cannot show (``TextCost``: longer than `limit` characters, or
    /// costlier than its length says).
    private mutating func optionalString(
        _ key: String, _ value: JSONValue?, card: Int?, limit: Int, allowsLineBreaks: Bool = false
    ) -> String? {
        guard let value else { return nil }
        switch value {
        case .string(let text):
            switch TextCost.problem(in: text, limit: limit, allowsLineBreaks: allowsLineBreaks) {
            case nil:
                return text
            case .tooLong(let length, let limit):
                report(tr("'{key}' is too long ({length} characters; at most {limit})", ["key": "\(key)", "length": "\(length)", "limit": "\(limit)"]), card: card)
            case let problem?:
                report(tr("'{key}' cannot be shown on a card: {reason}", ["key": key, "reason": problem.reason]), card: card)
            }
            return nil
        case .null:
            return nil
        default:
            report(tr("'{key}' must be a string", ["key": "\(key)"]), card: card)
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
        guard problems.count < max(limits.maximumReportedProblems, 1) else {
            unlistedProblems += 1
            return
        }
        problems.append(DeckProblem(file: file, card: card, message: message))
    }
}
