import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A deck as a Kuchi deck file (format 2), the same shape as `data/decks/*.json`:
/// the header members first, in the order of the bundled decks, then the cards, so
/// ``DeckHeader`` finds the name without reading them.
enum DeckFile {
    struct Card: Encodable {
        let question: String
        let reading: String?
        let romaji: String?
        let answer: String
        let level: String?
        let examples: [Example]?
        let audio: String?
        let pitch: [Int]?

        init(_ card: Challenge) {
            self.init(
                question: card.question, reading: card.reading.isEmpty ? nil : card.reading,
                romaji: card.romaji.isEmpty ? nil : card.romaji,
                answer: card.answer, level: card.level, examples: card.examples.isEmpty ? nil : card.examples,
                audio: card.audio, pitch: card.pitch.isEmpty ? nil : card.pitch)
        }

        init(
            question: String, reading: String?, romaji: String?, answer: String, level: String?, examples: [Example]?,
            audio: String?, pitch: [Int]?
        ) {
            self.question = question
            self.reading = reading
            self.romaji = romaji
            self.answer = answer
            self.level = level
            self.examples = examples
            self.audio = audio
            self.pitch = pitch
        }

        // A card with neither reading nor romaji (an imported note that has none) says
        // `"reading": null`: a missing reading is a mistake in a deck written by hand.
        enum CodingKeys: String, CodingKey { case question, reading, romaji, answer, level, examples, audio, pitch }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(question, forKey: .question)
            if reading == nil, romaji == nil {
                try container.encodeNil(forKey: .reading)
            } else {
                try container.encodeIfPresent(reading, forKey: .reading)
            }
            try container.encodeIfPresent(romaji, forKey: .romaji)
            try container.encode(answer, forKey: .answer)
            try container.encodeIfPresent(level, forKey: .level)
            try container.encodeIfPresent(examples, forKey: .examples)
            try container.encodeIfPresent(audio, forKey: .audio)
            try container.encodeIfPresent(pitch, forKey: .pitch)
        }
    }

    static func encode(_ deck: Deck) throws(AtomicFile.WriteError) -> Data {
        let cards = deck.cards.map(Card.init)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            // JSONEncoder orders an object's keys by hash unless sorted, and sorted
            // puts "cards" before "name": the top level is written here, in order,
            // each value as JSONEncoder writes it (the cards indented one level).
            let members: [(String, Data)] = [
                ("format", Data("2".utf8)),
                ("name", try encoder.encode(deck.name)),
                ("language", try encoder.encode(deck.language)),
                ("license", try encoder.encode(deck.license)),
                ("attribution", try encoder.encode(deck.attribution)),
                ("cards", try encoder.encode(cards)),
            ]
            var data = Data("{\n".utf8)
            data.reserveCapacity(members.reduce(64) { $0 + $1.1.count } + cards.count * 16)
            for (number, (key, value)) in members.enumerated() {
                data.append(contentsOf: "  \"\(key)\" : ".utf8)
                // A newline in the output is only ever between tokens (one in a string
                // is escaped), so indenting after each is safe.
                for byte in value {
                    data.append(byte)
                    if byte == UInt8(ascii: "\n") { data.append(contentsOf: "  ".utf8) }
                }
                data.append(contentsOf: (number == members.count - 1 ? "\n" : ",\n").utf8)
            }
            data.append(contentsOf: "}".utf8)
            return data
        } catch {
            throw AtomicFile.WriteError(path: LocalPath(deck.name), operation: trc("could not … the file", "encode"), error: SystemError(code: EINVAL))
        }
    }
}

extension Deck {
    /// Writes the deck to `url` as a Kuchi deck file (format 2), atomically and durably:
    /// what the card browser's export makes, and what importing reads back.
    public func write(to url: URL) throws(AtomicFile.WriteError) {
        try AtomicFile.write(encoded(), to: url)
    }

    /// The deck as a Kuchi deck file (format 2), the bytes ``write(to:)`` writes: for a
    /// file a person named, which ``NamedFile`` writes.
    public func encoded() throws(AtomicFile.WriteError) -> Data {
        try DeckFile.encode(self)
    }
}
