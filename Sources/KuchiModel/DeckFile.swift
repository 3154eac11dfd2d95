import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A deck as a Kuchi deck file (format 2), the same shape as `data/decks/*.json`.
enum DeckFile {
    private struct Document: Encodable {
        let format = 2
        let name: String
        let language: String
        let license: String
        let attribution: String
        let cards: [Card]
    }

    private struct Card: Encodable {
        let question: String
        let reading: String
        let romaji: String?
        let answer: String
        let level: String?
        let examples: [Example]?
    }

    static func encode(_ deck: Deck) throws(AtomicFile.WriteError) -> Data {
        let document = Document(
            name: deck.name, language: deck.language, license: deck.license, attribution: deck.attribution,
            cards: deck.cards.map { card in
                Card(
                    question: card.question, reading: card.reading, romaji: card.romaji.isEmpty ? nil : card.romaji,
                    answer: card.answer, level: card.level, examples: card.examples.isEmpty ? nil : card.examples)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document)
        } catch {
            throw AtomicFile.WriteError(path: LocalPath(deck.name), operation: "encode", error: SystemError(code: EINVAL))
        }
    }
}
