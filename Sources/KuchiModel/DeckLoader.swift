import FoundationEssentials

/// Reads deck files and checks them before the app trusts them.
///
/// Every failure is a ``DeckError`` listing each problem with the file's name and the
/// card's number, so the app can show it and fall back to ``Deck/kuchiBasics``.
/// Nothing here crashes on bad input, however bad.
public enum DeckLoader {
    /// Files larger than this (32 MiB) are refused without being read.
    public static let maximumFileSize = DeckLimits.standard.maximumFileSize
    /// Decks with more cards than this (200,000) are refused.
    public static let maximumCards = DeckLimits.standard.maximumCards

    /// Reads and checks the deck at `url`.
    ///
    /// - Parameter choicesPerQuestion: the deck must have at least this many distinct
    ///   answers, so that every question can offer that many different choices.
    public static func load(
        contentsOf url: URL,
        choicesPerQuestion: Int = 3,
        limits: DeckLimits = .standard
    ) throws(DeckError) -> Deck {
        let file = url.lastPathComponent
        let data = try read(url, file: file, limits: limits)
        return try decode(data, file: file, choicesPerQuestion: choicesPerQuestion, limits: limits)
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
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw fail(error.describe(in: data))
        }
        var validator = DeckValidator(
            file: file,
            choicesPerQuestion: max(choicesPerQuestion, 1),
            limits: limits
        )
        guard let deck = validator.validate(document) else {
            throw DeckError(problems: summarised(validator.problems, file: file, limits: limits))
        }
        return deck
    }

    /// For `kuchi --check-deck FILE`: the number of cards, or every problem found.
    public static func check(contentsOf url: URL, choicesPerQuestion: Int = 3) -> Result<Int, DeckError> {
        Result { () throws(DeckError) -> Int in
            try load(contentsOf: url, choicesPerQuestion: choicesPerQuestion).cards.count
        }
    }

    private static func read(_ url: URL, file: String, limits: DeckLimits) throws(DeckError) -> Data {
        func fail(_ message: String) -> DeckError {
            DeckError(problems: [DeckProblem(file: file, message: message)])
        }
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let size = (attributes[.size] as? any BinaryInteger).map({ Int($0) }), size > limits.maximumFileSize {
                throw fail(tooLarge(size, limits: limits))
            }
            // Read one byte past the limit: a file can grow after it was measured, and
            // some special files report no size at all.
            let data = try BoundedRead.contents(of: url, upTo: limits.maximumFileSize + 1)
            if data.count > limits.maximumFileSize {
                throw fail(tooLarge(data.count, limits: limits))
            }
            return data
        } catch let error as DeckError {
            throw error
        } catch {
            throw fail("cannot be read (\(error))")
        }
    }

    private static func tooLarge(_ size: Int, limits: DeckLimits) -> String {
        "file is too large (\(size) bytes; at most \(limits.maximumFileSize))"
    }

    private static func summarised(_ problems: [DeckProblem], file: String, limits: DeckLimits) -> [DeckProblem] {
        let shown = max(limits.maximumReportedProblems, 1)
        guard problems.count > shown else { return problems }
        let rest = problems.count - shown
        return Array(problems.prefix(shown))
            + [DeckProblem(file: file, message: "and \(rest) more problems")]
    }
}
