import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A deck as a Kuchi deck file (format 1), the same shape as `data/decks/*.json`.
enum DeckFile {
    private struct Document: Encodable {
        let format = 1
        let name: String
        let language: String
        let license: String
        let attribution: String
        let cards: [Card]
    }

    private struct Card: Encodable {
        let question: String
        let pronunciation: String
        let answer: String
        let level: String?
    }

    static func encode(_ deck: Deck) throws(AtomicFile.WriteError) -> Data {
        let document = Document(
            name: deck.name, language: deck.language, license: deck.license, attribution: deck.attribution,
            cards: deck.cards.map { Card(question: $0.question, pronunciation: $0.pronunciation, answer: $0.answer, level: $0.level) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document)
        } catch {
            throw AtomicFile.WriteError(path: LocalPath(deck.name), operation: "encode", error: SystemError(code: EINVAL))
        }
    }
}
