import FoundationEssentials

/// A ``SyncEvent`` as one line of a log file: a JSON object whose last member is
/// `"sum"`, the CRC-32 of the line's bytes before `,"sum":`, as 8 hexadecimal digits.
///
/// The checksum is what tells a complete line from a torn or damaged one: a file
/// scanned by a synchronizer while Kuchi was appending arrives with half a line.
package enum SyncLine {
    /// Why a line was refused.
    struct Problem: Error, Equatable {
        let reason: String
    }

    /// The line for `event`, without its newline.
    package static func encode(_ event: SyncEvent) -> [UInt8] {
        var members: [JSONValue.Member] = [
            .init(key: "id", value: .string(event.id)),
            .init(key: "dev", value: .string(event.device)),
            .init(key: "hlc", value: .array([.number(Double(event.stamp.wall)), .number(Double(event.stamp.counter))])),
        ]
        func card(_ card: CardID) -> [JSONValue.Member] {
            [.init(key: "deck", value: .string(card.deck)), .init(key: "word", value: .string(card.question))]
        }
        switch event.body {
        case .review(let id, let rating, let time, let answer):
            members += [.init(key: "kind", value: .string("review"))] + card(id) + [
                .init(key: "rating", value: .number(Double(rating.rawValue))),
                .init(key: "time", value: .number(Double(time))),
                .init(key: "ms", value: .number(Double(answer))),
            ]
        case .retraction(let target):
            members += [.init(key: "kind", value: .string("retract")), .init(key: "of", value: .string(target))]
        case .suspension(let id, let isSuspended):
            members += [.init(key: "kind", value: .string("suspend"))] + card(id)
                + [.init(key: "value", value: .bool(isSuspended))]
        case .cardField(let id, let field, let value):
            members += [.init(key: "kind", value: .string("field"))] + card(id)
                + [.init(key: "field", value: .string(field)), .init(key: "value", value: .string(value))]
        case .word(let id, let json):
            let parsed = json.flatMap { try? JSONParser.parse(Data($0.utf8)) } ?? .null
            members += [.init(key: "kind", value: .string("word"))] + card(id) + [.init(key: "card", value: parsed)]
        case .setting(let key, let value):
            let parsed = (try? JSONParser.parse(Data(value.utf8))) ?? .null
            members += [
                .init(key: "kind", value: .string("setting")), .init(key: "key", value: .string(key)),
                .init(key: "value", value: parsed),
            ]
        case .deviceName(let name):
            members += [.init(key: "kind", value: .string("device")), .init(key: "name", value: .string(name))]
        case .deck(let id, let name, let sha256, let media):
            members += [
                .init(key: "kind", value: .string("deck")), .init(key: "deck", value: .string(id)),
                .init(key: "name", value: .string(name)), .init(key: "sha256", value: sha256.map(JSONValue.string) ?? .null),
                .init(key: "media", value: .object(media.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .string($0.value)) })),
            ]
        case .unknown(let kind):
            members += [.init(key: "kind", value: .string(kind))]
        }
        var bytes = JSONWriter.data(.object(members))
        bytes.removeLast()  // the closing brace: the sum comes last
        let sum = String(CRC32.checksum(bytes), radix: 16)
        bytes += Array(",\"sum\":\"\(String(repeating: "0", count: 8 - sum.count))\(sum)\"}".utf8)
        return bytes
    }

    /// The event on `line` (without its newline), or why not: a wrong checksum, or not
    /// an event. A kind this Kuchi does not know is ``SyncEvent/Body/unknown(kind:)``.
    static func decode(_ line: ArraySlice<UInt8>) throws(Problem) -> SyncEvent {
        // `,"sum":"` and 8 digits and `"}` end the line.
        let suffix = 8 + 8 + 2
        guard line.count > suffix else { throw Problem(reason: tr("the line is too short to be an event")) }
        let sumStart = line.endIndex - suffix
        let marker = Array(",\"sum\":\"".utf8)
        guard line[sumStart..<(sumStart + 8)].elementsEqual(marker), line[line.endIndex - 2] == UInt8(ascii: "\""),
            line[line.endIndex - 1] == UInt8(ascii: "}"),
            let sum = UInt32(String(decoding: line[(sumStart + 8)..<(sumStart + 16)], as: UTF8.self), radix: 16)
        else { throw Problem(reason: tr("the line does not end with its checksum")) }
        guard CRC32.checksum(line[..<sumStart]) == sum else {
            throw Problem(reason: tr("the line's checksum does not match its text"))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Data(line))
        } catch {
            throw Problem(reason: error.words(in: Data(line)))
        }
        return try event(from: value)
    }

    private static func event(from value: JSONValue) throws(Problem) -> SyncEvent {
        func text(_ key: String) throws(Problem) -> String {
            guard let found = value[key]?.stringValue else {
                throw Problem(reason: tr("the event has no text \"{key}\"", ["key": key]))
            }
            return found
        }
        func whole(_ number: JSONValue?, _ key: String) throws(Problem) -> Int64 {
            guard let number = number?.numberValue, number == number.rounded(), abs(number) < 9e15 else {
                throw Problem(reason: tr("the event has no whole number \"{key}\"", ["key": key]))
            }
            return Int64(number)
        }
        guard case .array(let clock) = value["hlc"] ?? .null, clock.count == 2 else {
            throw Problem(reason: tr("the event has no whole number \"{key}\"", ["key": "hlc"]))
        }
        let stamp = HLCStamp(wall: try whole(clock[0], "hlc"), counter: try whole(clock[1], "hlc"))
        let kind = try text("kind")
        func card() throws(Problem) -> CardID { CardID(deck: try text("deck"), question: try text("word")) }
        let body: SyncEvent.Body
        switch kind {
        case "review":
            guard let rating = FSRSRating(rawValue: Int(try whole(value["rating"], "rating"))) else {
                throw Problem(reason: tr("the event has no whole number \"{key}\"", ["key": "rating"]))
            }
            body = .review(
                card: try card(), rating: rating, time: try whole(value["time"], "time"),
                answerMilliseconds: try whole(value["ms"], "ms"))
        case "retract":
            body = .retraction(of: try text("of"))
        case "suspend":
            guard case .bool(let flag) = value["value"] ?? .null else {
                throw Problem(reason: tr("the event has no true or false \"{key}\"", ["key": "value"]))
            }
            body = .suspension(card: try card(), isSuspended: flag)
        case "field":
            let id = try card(), field = try text("field"), text = try text("value")
            // Checked as the card editor checks an edit: a bad value is never written to a deck.
            let edit: CardOverrides.Edit? = switch field {
            case SyncCardField.reading: CardOverrides.Edit(reading: text)
            case SyncCardField.meaning: CardOverrides.Edit(answer: text)
            default: nil
            }
            if let problem = edit?.problem(question: id.question) { throw Problem(reason: problem) }
            body = .cardField(card: id, field: field, value: text)
        case "word":
            let id = try card()
            switch value["card"] ?? .null {
            case .null:
                body = .word(card: id, json: nil)
            case let object:
                let json = String(decoding: JSONWriter.data(object), as: UTF8.self)
                if case .failure(let refusal) = DeckFile.decodeCard(json, question: id.question) {
                    throw Problem(reason: tr("the card of {word} cannot be used: {reason}", [
                        "word": PrintableText.quoting(id.question, limit: 40), "reason": refusal.reason,
                    ]))
                }
                body = .word(card: id, json: json)
            }
        case "setting":
            let setting = value["value"] ?? .null
            body = .setting(key: try text("key"), value: String(decoding: JSONWriter.data(setting), as: UTF8.self))
        case "device":
            body = .deviceName(try text("name"))
        case "deck":
            body = try deck(from: value, text: text)
        default:
            body = .unknown(kind: kind)
        }
        return SyncEvent(id: try text("id"), device: try text("dev"), stamp: stamp, body: body)
    }

    /// A `deck` event's body: its id, name, digest (64 hexadecimal digits, or null for
    /// a removal) and media (an object of names → digests).
    private static func deck(from value: JSONValue, text: (String) throws(Problem) -> String) throws(Problem) -> SyncEvent.Body {
        let sha256: String?
        switch value["sha256"] ?? .null {
        case .null: sha256 = nil
        case .string(let digest) where SHA256.isDigest(digest): sha256 = digest
        default: throw Problem(reason: tr("the event has no SHA-256 or null \"{key}\"", ["key": "sha256"]))
        }
        var media: [String: String] = [:]
        guard case .object(let members) = value["media"] ?? .object([]) else {
            throw Problem(reason: tr("the event has no SHA-256 or null \"{key}\"", ["key": "media"]))
        }
        for member in members {
            guard let digest = member.value.stringValue, SHA256.isDigest(digest) else {
                throw Problem(reason: tr("the event has no SHA-256 or null \"{key}\"", ["key": "media"]))
            }
            media[member.key] = digest
        }
        return .deck(id: try text("deck"), name: try text("name"), sha256: sha256, media: media)
    }
}
