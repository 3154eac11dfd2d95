import FoundationEssentials

/// One card as a deck file holds it, alone: what a `word` sync event carries
/// (`docs/sync-format.md`), so another device adds the very card the learner added.
extension DeckFile {
    /// `card` as its object in a deck file, compact, its keys sorted.
    static func encodeCard(_ card: Challenge) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A card's members are strings, numbers and arrays of them: nothing it cannot encode.
        let data = (try? encoder.encode(Card(card))) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The card in `json` (a deck file's card object) for the word `question`, checked
    /// as a loaded deck's card is; or why not, in words.
    ///
    /// It is read as the one card of a deck, through ``DeckLoader``: one rule for what a
    /// card may hold, whether it comes from a file or from the sync folder.
    static func decodeCard(_ json: String, question: String) -> Result<Challenge, CardRefusal> {
        let document = #"{"format":2,"name":"card","language":"ja","license":"","attribution":"","cards":["# + json + "]}"
        let deck: Deck
        do throws(DeckError) {
            deck = try DeckLoader.decode(Data(document.utf8), file: "card", choicesPerQuestion: 1)
        } catch {
            return .failure(CardRefusal(reason: error.problems.first?.message ?? tr("it is not a card")))
        }
        guard deck.cards.count == 1, let card = deck.cards.first else { return .failure(CardRefusal(reason: tr("it is not a card"))) }
        guard card.question == question else {
            return .failure(CardRefusal(reason: tr("its card is for {card}, not {word}", [
                "card": PrintableText.quoting(card.question, limit: 40), "word": PrintableText.quoting(question, limit: 40),
            ])))
        }
        return .success(card)
    }

    /// Why a card's JSON was refused.
    struct CardRefusal: Error {
        let reason: String
    }
}
