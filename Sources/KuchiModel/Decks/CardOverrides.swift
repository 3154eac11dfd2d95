import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The learner's own edits to the cards of a bundled or built-in deck, kept apart
/// from the deck's file, by question (the word), so they survive a new version of the
/// deck and are applied whenever it loads (``DeckCatalog/load(id:)``).
///
/// An imported deck is the learner's copy already: its edits are written into its
/// file instead (``DeckCatalog/edit(question:reading:answer:deck:recording:)``).
///
/// On disk, one JSON file per deck in the data folder's `overrides/`:
/// `{"format": 1, "cards": {"食べる": {"reading": "たべる", "answer": "to eat"}}}`;
/// a field left out keeps the deck's.
public struct CardOverrides: Sendable, Equatable, Codable {
    /// One card's edit: the fields the learner changed.
    public struct Edit: Sendable, Equatable, Codable {
        public var reading: String?
        public var answer: String?

        public init(reading: String? = nil, answer: String? = nil) {
            self.reading = reading
            self.answer = answer
        }
    }

    public var format = 1
    public var cards: [String: Edit] = [:]

    public init(cards: [String: Edit] = [:]) { self.cards = cards }

    /// The largest overrides file read (every card of the largest deck edited fits).
    static let sizeLimit = 16 << 20

    /// The overrides in `url`; none when there is no file. A file that cannot be read
    /// is an error naming it, so the learner's edits are never dropped silently.
    public static func load(from url: URL) throws(DeckError) -> CardOverrides {
        let path = LocalPath(url)
        let data: Data
        do {
            data = try BoundedRead.contents(of: path, upTo: sizeLimit)
        } catch {
            if error.reason == .missing { return CardOverrides() }
            throw problem(url, tr("your edits of this deck could not be read: {reason}", ["reason": error.words]))
        }
        do {
            let overrides = try JSONDecoder().decode(CardOverrides.self, from: data)
            guard overrides.format == 1 else {
                throw problem(url, tr("your edits of this deck were saved by a newer Kuchi (format {format})", ["format": "\(overrides.format)"]))
            }
            return overrides
        } catch let error as DeckError {
            throw error
        } catch {
            throw problem(url, tr("your edits of this deck are damaged; move the file away to use the deck without them"))
        }
    }

    /// Writes the overrides to `url` atomically and durably (``AtomicFile``).
    public func save(to url: URL) throws(AtomicFile.WriteError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else {
            throw AtomicFile.WriteError(path: LocalPath(url), operation: "encode", error: SystemError(code: EINVAL))
        }
        try AtomicFile.write(data, to: url)
    }

    /// `deck` with the edits applied, but those the editor would refuse
    /// (`Edit.problem(question:limits:)`): the file is the learner's, yet anything may
    /// have written it, so each edit is checked as the editor checks it, and one that
    /// fails is left out and named in `leftOut` (against `file`, for the window), the
    /// good ones kept. Edits of words the deck no longer has are kept (in the file) but
    /// change nothing.
    public func applied(
        to deck: Deck, file: String, limits: DeckLimits = .standard
    ) -> (deck: Deck, leftOut: [DeckProblem]) {
        guard !cards.isEmpty else { return (deck, []) }
        var deck = deck
        var leftOut: [DeckProblem] = []
        var unlisted = 0
        for index in deck.cards.indices {
            let question = deck.cards[index].question
            guard let edit = cards[question] else { continue }
            if let problem = edit.problem(question: question, limits: limits) {
                if leftOut.count < max(limits.maximumReportedProblems, 1) {
                    leftOut.append(DeckProblem(file: file, message: tr("one of your edits is left out: {problem}", ["problem": problem])))
                } else {
                    unlisted += 1
                }
                continue
            }
            deck.cards[index] = edit.applied(to: deck.cards[index])
        }
        if unlisted > 0 {
            leftOut.append(DeckProblem(file: file, message: trn(
                "and {count} more of your edits are left out", "and {count} more of your edits are left out", unlisted)))
        }
        return (deck, leftOut)
    }

    private static func problem(_ url: URL, _ message: String) -> DeckError {
        DeckError(problems: [DeckProblem(file: url.lastPathComponent, message: message)])
    }
}

extension CardOverrides.Edit {
    /// `card` with this edit's fields.
    public func applied(to card: Challenge) -> Challenge {
        card.edited(reading: reading, answer: answer)
    }

    /// Why this edit of the card `question` cannot be made, or nil: the one rule for the
    /// editor (``DeckCatalog/edit(question:reading:answer:deck:recording:)``) and for the edits
    /// file when it loads. A meaning must not be blank, a reading must be kana (or none),
    /// and both must be text a card can show (``TextCost``).
    func problem(question: String, limits: DeckLimits = .standard) -> String? {
        let word = PrintableText.quoting(question, limit: 40)
        if let answer {
            if answer.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
                return tr("the meaning of {word} cannot be empty", ["word": word])
            }
            if let problem = TextCost.problem(in: answer, limit: limits.maximumTextLength) {
                return tr("the meaning of {word} cannot be shown on a card: {reason}", ["word": word, "reason": problem.reason])
            }
        }
        if let reading, !reading.isEmpty {
            if let problem = TextCost.problem(in: reading, limit: limits.maximumTextLength) {
                return tr("the reading of {word} cannot be shown on a card: {reason}", ["word": word, "reason": problem.reason])
            }
            guard Kana.isReading(reading) else {
                return tr("the reading of {word} must be kana (hiragana or katakana), not “{reading}”", [
                    "word": word, "reading": PrintableText.quoting(reading, limit: 40),
                ])
            }
        }
        return nil
    }
}

extension Challenge {
    /// This card with a new reading or meaning (nil keeps it). A new reading drops the
    /// deck's romaji and pitch accent, which were the old one's: romaji displays then
    /// show the reading, typed romaji is compared with the reading anyway, and a word
    /// read otherwise shows no pitch rather than another reading's. A new meaning keeps both.
    public func edited(reading: String? = nil, answer: String? = nil) -> Challenge {
        var card = self
        if let reading, reading != card.reading {
            card.reading = reading
            card.romaji = ""
            card.pitch = []
        }
        if let answer { card.answer = answer }
        return card
    }
}
