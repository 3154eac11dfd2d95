import FoundationEssentials

/// Reads deck files and checks them before the app trusts them.
///
/// Every failure is a ``DeckError`` listing each problem with the file's name and the
/// card's number, so the app can show it and fall back to ``Deck/kuchiBasics``.
/// Nothing here crashes or hangs on bad input, however bad: only regular files are
/// read, at most ``DeckLimits/maximumFileSize`` bytes of them, and the cards are checked
/// one by one as they are parsed, so memory follows the deck's real size.
public enum DeckLoader {
    /// Files larger than this (32 MiB) are refused without being read.
    public static let maximumFileSize = DeckLimits.standard.maximumFileSize
    /// Decks with more cards than this (200,000) are refused.
    public static let maximumCards = DeckLimits.standard.maximumCards

    /// Reads and checks the deck at `path`.
    ///
    /// - Parameters:
    ///   - path: the deck file.
    ///   - choicesPerQuestion: the deck must have at least this many distinct
    ///     answers, so that every question can offer that many different choices.
    ///   - limits: the largest file and the most cards accepted.
    public static func load(
        path: LocalPath,
        choicesPerQuestion: Int = 3,
        limits: DeckLimits = .standard
    ) throws(DeckError) -> Deck {
        let file = path.lastComponent.description
        let data: Data
        do {
            data = try BoundedRead.contents(of: path, upTo: limits.maximumFileSize)
        } catch {
            if case .tooLarge(let size, _) = error.reason {
                throw DeckError(problems: [DeckProblem(file: file, message: tooLarge(size, limits: limits))])
            }
            throw DeckError(problems: [DeckProblem(file: file, message: tr("cannot be read: {reason}", ["reason": "\(error.words)"]))])
        }
        return try decode(data, file: file, choicesPerQuestion: choicesPerQuestion, limits: limits)
    }

    /// Reads and checks the deck at `url`.
    public static func load(
        contentsOf url: URL,
        choicesPerQuestion: Int = 3,
        limits: DeckLimits = .standard
    ) throws(DeckError) -> Deck {
        try load(path: LocalPath(url), choicesPerQuestion: choicesPerQuestion, limits: limits)
    }

    /// Checks `data` as the contents of a deck file called `file`.
    public static func decode(
        _ data: Data,
        file: String,
        choicesPerQuestion: Int = 3,
        limits: DeckLimits = .standard
    ) throws(DeckError) -> Deck {
        func fail(_ message: String) -> DeckError {
            DeckError(problems: [DeckProblem(file: file, message: message)])
        }
        if data.count > limits.maximumFileSize {
            throw fail(tooLarge(data.count, limits: limits))
        }
        var validator = DeckValidator(
            file: file, choicesPerQuestion: max(choicesPerQuestion, 1), limits: limits)
        var tooManyCards = false
        var cardBeingRead = 0
        let header: [JSONValue.Member]?
        do {
            header = try JSONParser.read(data) { (reader: inout JSONReader) throws(JSONSyntaxError) in
                try readDocument(
                    &reader, into: &validator, limits: limits, tooManyCards: &tooManyCards, card: &cardBeingRead)
            }
        } catch {
            if tooManyCards {
                throw fail(tr("too many cards (more than {found}); at most {limit}", ["found": "\(limits.maximumCards)", "limit": "\(limits.maximumCards)"]))
            }
            if error.kind == .tooManyValues, cardBeingRead > 0 {
                throw DeckError(problems: [DeckProblem(
                    file: file, card: cardBeingRead,
                    message: tr("holds too many values; a card has 'question', 'reading', 'romaji', 'answer', 'level' and up to 2 'examples'"))])
            }
            throw fail(error.describe(in: data))
        }
        guard let deck = validator.finish(header: header) else {
            var problems = validator.problems
            if validator.unlistedProblems > 0 {
                problems.append(DeckProblem(file: file, message: trn("and {count} more problem", "and {count} more problems", validator.unlistedProblems)))
            }
            throw DeckError(problems: problems)
        }
        return deck
    }

    /// For `kuchi --check-deck FILE`: the number of cards, or every problem found.
    public static func check(path: LocalPath, choicesPerQuestion: Int = 3) -> Result<Int, DeckError> {
        Result { () throws(DeckError) -> Int in
            try load(path: path, choicesPerQuestion: choicesPerQuestion).cards.count
        }
    }

    public static func check(contentsOf url: URL, choicesPerQuestion: Int = 3) -> Result<Int, DeckError> {
        check(path: LocalPath(url), choicesPerQuestion: choicesPerQuestion)
    }

    /// Reads the top-level object, streaming each element of `cards` into the
    /// validator; returns the other members, or nil when the top level is no object.
    private static func readDocument(
        _ reader: inout JSONReader, into validator: inout DeckValidator, limits: DeckLimits,
        tooManyCards: inout Bool, card: inout Int
    ) throws(JSONSyntaxError) -> [JSONValue.Member]? {
        reader.valueBudget = DeckLimits.valuesOutsideCards
        guard reader.peekContainer() == UInt8(ascii: "{") else {
            // Syntax problems come first, as everywhere else.
            _ = try reader.document()
            return nil
        }
        try reader.enterContainer()
        var header: [JSONValue.Member] = []
        var first = true
        while let key = try reader.nextKey(first: first) {
            first = false
            guard key == "cards", reader.peekContainer() == UInt8(ascii: "[") else {
                header.append(JSONValue.Member(key: key, value: try reader.value()))
                continue
            }
            validator.beginCards(format: JSONValue.object(header)["format"]?.numberValue.flatMap { Int(exactly: $0) })
            try reader.enterContainer()
            let outside = reader.valueBudget
            var number = 0
            while try reader.hasNextElement(first: number == 0) {
                number += 1
                if number > limits.maximumCards {
                    tooManyCards = true
                    throw JSONSyntaxError(kind: .tooManyValues, offset: reader.index)
                }
                reader.valueBudget = limits.valuesPerCard
                card = number
                validator.add(card: try reader.value(), number: number)
            }
            card = 0
            reader.valueBudget = outside
        }
        try reader.end()
        return header
    }

    private static func tooLarge(_ size: Int, limits: DeckLimits) -> String {
        tr("file is too large ({size} bytes; at most {limit})", ["size": "\(size)", "limit": "\(limits.maximumFileSize)"])
    }
}
