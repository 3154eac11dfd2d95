import Foundation
import Testing
@testable import KuchiModel

/// AnkiConnect without the network: requests read with the strict parser, answered as
/// AnkiConnect answers each version, Yomitan's calls in order against a catalog in a
/// temporary folder, note ids that stay, and the refusals, which write nothing.
@Suite("AnkiConnect")
@MainActor
struct AnkiConnectTests {
    private static let port = 8765

    /// A service over a catalog in `folder`, adding through the catalog as the app's
    /// DeckChooser does; `added` records what the window would say.
    private final class Fixture {
        let catalog: DeckCatalog
        var settings = AnkiConnectSettings(enabled: true)
        var origins: [String] = []
        var added: [(String, String)] = []
        var browsed: [[Int64]] = []
        /// The words suspended, as "deck/word", as the planner would keep them.
        var suspended: Set<String> = []
        var service: AnkiConnectService!

        @MainActor init(folder: URL) {
            catalog = DeckCatalog(
                bundledFolder: RepositoryPaths.root.appendingPathComponent("data/decks"),
                importedFolder: folder.appendingPathComponent("decks"))
            let catalog = catalog
            service = AnkiConnectService(host: .init(
                catalog: catalog, settings: { [unowned self] in (settings, origins) },
                add: { card, id throws(DeckError) in try catalog.add(card, to: id).name },
                edit: { question, reading, answer, id throws(DeckError) in
                    _ = try catalog.edit(question: question, reading: reading, answer: answer, deck: id)
                },
                browse: { [unowned self] notes, _ in browsed.append(notes.map(\.id)) },
                added: { [unowned self] word, deck, _ in added.append((word, deck)) },
                suspend: { [unowned self] isSuspended, question, deck throws(ReviewStoreError) in
                    if isSuspended { suspended.insert("\(deck)/\(question)") } else { suspended.remove("\(deck)/\(question)") }
                },
                isSuspended: { [unowned self] question, deck in suspended.contains("\(deck)/\(question)") }))
        }

        @MainActor func http(
            _ body: String, origin: String? = nil, host: String = "127.0.0.1:8765", method: String = "POST"
        ) -> AnkiConnectHTTPResponse {
            var headers = ["Host": host]
            if let origin { headers["Origin"] = origin }
            switch service.handle(AnkiConnectHTTPRequest(method: method, headers: headers, body: Data(body.utf8)), port: port) {
            case .respond(let response): return response
            case .askPermission(_, let answer): return answer(false)
            }
        }

        /// The answer's JSON, read back with Foundation.
        @MainActor func call(_ action: String, _ params: String = "{}", version: Int = 6, key: String? = nil) -> Any? {
            let keyText = key.map { "\"\($0)\"" } ?? "null"
            let response = http("{\"action\": \"\(action)\", \"version\": \(version), \"params\": \(params), \"key\": \(keyText)}")
            return try? JSONSerialization.jsonObject(with: Data(response.body), options: [.fragmentsAllowed])
        }

        @MainActor func result(_ action: String, _ params: String = "{}") -> Any? {
            (call(action, params) as? [String: Any])?["result"]
        }
    }

    private static let note = """
        {"note": {"deckName": "My Words", "modelName": "Kuchi", "fields": {"Word": "猫舌[ねこじた]", "Reading": "", \
        "Meaning": "<ol><li>being unable to eat hot food</li></ol>", "Sentence": "私は猫舌[ねこじた]です。", \
        "Sentence Meaning": "I can't eat hot food.", "Audio": "[sound:nekojita.mp3]"}, "tags": ["yomitan"], \
        "options": {"allowDuplicate": false, "duplicateScope": "collection"}}}
        """

    @Test("Yomitan's calls in order: version, decks, model, fields, a check, a sound, the note, and it is found with its fields")
    func yomitanFlow() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(folder: folder.url)
        #expect(fixture.call("version", version: 2) as? Int == 6, "a bare result before version 5")
        #expect(fixture.result("version") as? Int == 6)
        #expect(fixture.result("deckNames") as? [String] == ["My Words"])
        #expect(fixture.result("modelNames") as? [String] == ["Kuchi"])
        #expect(fixture.result("modelFieldNames", #"{"modelName": "Kuchi"}"#) as? [String] == AnkiNote.fieldNames)
        let notes = #"{"notes": [\#(Self.note.dropFirst(9).dropLast())]}"#
        #expect(fixture.result("canAddNotes", notes) as? [Bool] == [true])
        let sound = Data("ID3 a sound".utf8)
        #expect(fixture.result("storeMediaFile", #"{"filename": "nekojita.mp3", "data": "\#(sound.base64EncodedString())"}"#)
            as? String == "nekojita.mp3")
        let id = try #require(fixture.result("addNote", Self.note) as? Int64)
        #expect(id == AnkiNote.id(deck: "my-words", word: "猫舌"))
        #expect(fixture.added.map(\.0) == ["猫舌"] && fixture.added.map(\.1) == ["My Words"])
        let card = try fixture.catalog.load(id: "my-words").cards
        #expect(card == [Challenge(
            question: "猫舌", reading: "ねこじた", answer: "being unable to eat hot food",
            examples: [Example(ja: "私は猫舌です。", en: "I can't eat hot food.")], audio: "nekojita.mp3")])
        #expect(try Data(contentsOf: fixture.catalog.mediaFolder(id: "my-words").appendingPathComponent("nekojita.mp3")) == sound)
        #expect(fixture.result("canAddNotes", notes) as? [Bool] == [false])
        let detail = fixture.result("canAddNotesWithErrorDetail", notes) as? [[String: Any]]
        #expect(detail?.first?["error"] as? String == "cannot create note because it is a duplicate")
        for query in ["Word:猫舌", "\"deck:My Words\" \"Word:猫舌[ねこじた]\"", "deck:my* 猫", "nid:\(id)", "note:Kuchi"] {
            #expect(fixture.result("findNotes", #"{"query": "\#(query.replacingOccurrences(of: "\"", with: "\\\""))"}"#)
                as? [Int64] == [id], "\(query)")
        }
        #expect(fixture.result("findNotes", #"{"query": "Word:猫"}"#) as? [Int64] == [])
        let info = try #require((fixture.result("notesInfo", #"{"notes": [\#(id), 12]}"#) as? [[String: Any]]))
        let fields = try #require(info.first?["fields"] as? [String: [String: Any]])
        #expect(fields["Word"]?["value"] as? String == "猫舌" && fields["Reading"]?["value"] as? String == "ねこじた")
        #expect(fields["Audio"]?["value"] as? String == "[sound:nekojita.mp3]" && fields["Notes"]?["order"] as? Int == 7)
        #expect(info.first?["modelName"] as? String == "Kuchi" && info.first?["cards"] as? [Int64] == [id])
        #expect(info.count == 2 && info[1].isEmpty, "an unknown note is {}, as in AnkiConnect")
        #expect((fixture.result("cardsInfo", #"{"cards": [\#(id)]}"#) as? [[String: Any]])?.first?["deckName"] as? String == "My Words")
    }

    @Test("the duplicate check follows the note's options: every own deck by default, one deck, or none; never twice in one deck")
    func duplicateScope() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(folder: folder.url)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("decks"), withIntermediateDirectories: true)
        try DeckFile.encode(Deck(name: "Manga Words", language: "ja", cards: [
            Challenge(question: "犬", reading: "いぬ", answer: "dog"), Challenge(question: "鳥", reading: "とり", answer: "bird"),
            Challenge(question: "魚", reading: "さかな", answer: "fish"),
        ])).write(to: folder.url.appendingPathComponent("decks/manga-words.json"))
        _ = try #require(fixture.result("addNote", Self.note) as? Int64, "猫舌 in My Words")
        func canAdd(deck: String, _ options: String) -> Bool? {
            let note = #"{"deckName": "\#(deck)", "modelName": "Kuchi", "fields": {"Word": "猫舌", "Meaning": "cat tongue"}, "options": \#(options)}"#
            return (fixture.result("canAddNotes", #"{"notes": [\#(note)]}"#) as? [Bool])?.first
        }
        #expect(canAdd(deck: "Manga Words", "{}") == false, "AnkiConnect's default scope is the collection")
        #expect(canAdd(deck: "Manga Words", #"{"duplicateScope": "collection"}"#) == false)
        #expect(canAdd(deck: "Manga Words", #"{"duplicateScope": "deck"}"#) == true, "not in that deck")
        #expect(canAdd(deck: "Manga Words", #"{"duplicateScope": "deck", "duplicateScopeOptions": {"deckName": "My Words"}}"#) == false)
        #expect(canAdd(deck: "Manga Words", #"{"allowDuplicate": true}"#) == true)
        #expect(canAdd(deck: "My Words", #"{"allowDuplicate": true}"#) == false, "a deck holds a word once")
    }

    @Test("Yomitan's duplicate check as it calls today: notes with their first field alone, each duplicate scope, and a sentence kept without its translation")
    func yomitanDuplicateCheck() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(folder: folder.url)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("decks"), withIntermediateDirectories: true)
        // A deck has three answers at least.
        let others = [Challenge(question: "月", reading: "つき", answer: "moon"), Challenge(question: "星", reading: "ほし", answer: "star")]
        for (id, name, word, reading) in [("manga-1", "Manga::Chapter 1", "鳥", "とり"), ("manga-2", "Manga::Chapter 2", "犬", "いぬ")] {
            try DeckFile.encode(Deck(name: name, language: "ja", cards: [Challenge(question: word, reading: reading, answer: "an animal")] + others))
                .write(to: folder.url.appendingPathComponent("decks/\(id).json"))
        }
        // Backend.partitionAddibleNotes: the note's first field alone, duplicates not
        // allowed; the rest of the options as AnkiNoteBuilder made them ("deck root" is
        // sent as the scope "deck" over the root deck with its children).
        func check(_ word: String, deck: String = "My Words", scope: String = "collection",
                   scopeDeck: String? = nil, children: Bool = false) -> String? {
            let scopeDeckText = scopeDeck.map { "\"\($0)\"" } ?? "null"
            let note = #"{"deckName": "\#(deck)", "modelName": "Kuchi", "fields": {"Word": "\#(word)"}, "tags": ["yomitan"], "options": {"allowDuplicate": false, "duplicateScope": "\#(scope)", "duplicateScopeOptions": {"deckName": \#(scopeDeckText), "checkChildren": \#(children), "checkAllModels": false}}}"#
            guard let answer = (fixture.result("canAddNotesWithErrorDetail", #"{"notes": [\#(note)]}"#) as? [[String: Any]])?.first
            else { return "no answer" }
            return answer["canAdd"] as? Bool == true ? nil : answer["error"] as? String
        }
        let duplicate = "cannot create note because it is a duplicate"
        #expect(check("猫舌[ねこじた]") == nil, "the first field alone is enough to be addable")
        #expect(check("") == "cannot create note because it is empty")
        #expect(check("犬") == duplicate, "in the collection")
        #expect(check("犬", deck: "Manga::Chapter 1", scope: "deck") == nil, "not in the note's own deck")
        #expect(check("鳥", deck: "Manga::Chapter 2", scope: "deck") == nil)
        #expect(check("犬", deck: "Manga::Chapter 1", scope: "deck", scopeDeck: "Manga", children: true) == duplicate,
                "deck root: in a subdeck of the root")
        #expect(check("犬", deck: "Manga::Chapter 1", scope: "deck", scopeDeck: "Manga") == nil,
                "without children, only the deck named, and Manga itself has no card")
        #expect(check("犬", deck: "Manga::Chapter 1", scope: "deck", scopeDeck: "Manga::Chapter 2") == duplicate)
        #expect(check("魚", deck: "Manga::Chapter 1", scope: "deck", scopeDeck: "Manga", children: true) == nil)
        #expect(check("犬", deck: "Manga::Chapter 1", scope: "deck", scopeDeck: "No Such Deck") == nil,
                "a scope deck that is not there holds no duplicate, as in AnkiConnect")
        #expect(check("犬", deck: "Nowhere") == "deck was not found: Nowhere")
        #expect(fixture.result("canAddNotes", #"{"notes": [{"deckName": "My Words", "modelName": "Kuchi", "fields": {"Word": "猫"}}]}"#)
            as? [Bool] == [true], "a note with only its first field, no options")

        // A note with only its first field can be checked, not made a card: nothing written.
        let bare = fixture.call("addNote", #"{"note": {"deckName": "My Words", "modelName": "Kuchi", "fields": {"Word": "猫"}}}"#)
        #expect((bare as? [String: Any])?["error"] as? String
            == "Kuchi makes a card of a word and its meaning: the note's Meaning field is empty")
        #expect(fixture.catalog.file(id: DeckCatalog.ownWordsID) == nil)

        // The note Yomitan adds: duplicates allowed (its check is its own), a sentence
        // with no translation.
        let note = #"{"note": {"deckName": "My Words", "modelName": "Kuchi", "fields": {"Word": "猫舌[ねこじた]", "Reading": "", "Meaning": "being unable to eat hot food", "Sentence": "私は猫舌[ねこじた]です。", "Sentence Meaning": "", "Audio": "", "Picture": "", "Notes": ""}, "tags": ["yomitan"], "options": {"allowDuplicate": true, "duplicateScope": "collection", "duplicateScopeOptions": {"deckName": null, "checkChildren": false, "checkAllModels": false}}}}"#
        let id = try #require(fixture.result("addNote", note) as? Int64)
        #expect(try fixture.catalog.load(id: DeckCatalog.ownWordsID).cards.first?.examples == [Example(ja: "私は猫舌です。", en: "")])
        #expect(check("猫舌[ねこじた]") == duplicate, "now a duplicate, in the words Yomitan looks for")
        // AnkiConnect.findNoteIds: findNotes in a multi, the first field's name lower-cased;
        // actions without a version, so each answered bare, as AnkiConnect does.
        let found = fixture.result("multi", #"{"actions": [{"action": "findNotes", "params": {"query": "\"word:猫舌[ねこじた]\""}}, {"action": "findNotes", "params": {"query": "\"deck:Manga\" \"word:犬\""}}]}"#) as? [[Int64]]
        #expect(found?.first == [id])
        #expect(found?.last == [AnkiNote.id(deck: "manga-2", word: "犬")], "deck: takes in its subdecks, as in Anki")
        let fields = (fixture.result("notesInfo", #"{"notes": [\#(id)]}"#) as? [[String: Any]])?.first?["fields"] as? [String: [String: Any]]
        #expect(fields?["Sentence"]?["value"] as? String == "私は猫舌です。" && fields?["Sentence Meaning"]?["value"] as? String == "")
        #expect(fixture.call("addNote", note).flatMap { ($0 as? [String: Any])?["error"] as? String } == duplicate,
                "duplicates allowed, still once in a deck")
    }

    @Test("suspend and unsuspend answer whether a card changed; areSuspended answers each card, null for an unknown one")
    func suspension() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(folder: folder.url)
        let id = try #require(fixture.result("addNote", Self.note) as? Int64)
        let before = try #require(fixture.result("areSuspended", #"{"cards": [\#(id), 42]}"#) as? [Any])
        #expect(before.count == 2 && before.first as? Bool == false && before.last is NSNull)
        #expect(fixture.result("suspend", #"{"cards": [\#(id)]}"#) as? Bool == true)
        #expect(fixture.suspended == ["my-words/猫舌"], "the word of its deck, by its deck's id")
        #expect(fixture.result("suspend", #"{"cards": [\#(id), 42]}"#) as? Bool == false, "already suspended: nothing changed")
        #expect(fixture.result("areSuspended", #"{"cards": [\#(id)]}"#) as? [Bool] == [true])
        #expect(fixture.result("unsuspend", #"{"cards": [\#(id)]}"#) as? Bool == true)
        #expect(fixture.suspended.isEmpty)
        #expect((fixture.call("suspend", #"{"cards": "all"}"#) as? [String: Any])?["error"] as? String == "'cards' must be a list")
    }

    @Test("answers follow the request's version; errors are {result: null, error}; unknown actions are unsupported")
    func versionsAndErrors() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(folder: folder.url)
        #expect(fixture.call("deckNames", version: 4) as? [String] == ["My Words"])
        let wrapped = try #require(fixture.call("deckNames", version: 5) as? [String: Any])
        #expect(wrapped["result"] as? [String] == ["My Words"] && wrapped["error"] is NSNull)
        for version in [4, 6] {
            let failure = try #require(fixture.call("deleteDecks", #"{"decks": ["My Words"]}"#, version: version) as? [String: Any])
            #expect(failure["result"] is NSNull && failure["error"] as? String == "unsupported action")
        }
        let model = fixture.call("modelFieldNames", #"{"modelName": "Basic"}"#) as? [String: Any]
        #expect(model?["error"] as? String == "model was not found: Basic")
        let bad = try #require(try JSONSerialization.jsonObject(with: Data(fixture.http("{\"action\": ").body)) as? [String: Any])
        #expect(bad["result"] is NSNull && (bad["error"] as? String)?.contains("not JSON") == true)
        #expect(String(decoding: fixture.http("").body, as: UTF8.self) == "AnkiConnect v.6")
        let multi = fixture.result("multi", #"{"actions": [{"action": "version"}, {"action": "deckNames", "version": 6}, {"action": "nope"}]}"#)
            as? [Any]
        #expect(multi?.first as? Int == 6)
        #expect((multi?[1] as? [String: Any])?["result"] as? [String] == ["My Words"])
        #expect((multi?[2] as? [String: Any])?["error"] as? String == "unsupported action")
        let reflect = fixture.result("apiReflect", #"{"scopes": ["actions"], "actions": ["addNote", "deleteDecks"]}"#) as? [String: Any]
        #expect(reflect?["scopes"] as? [String] == ["actions"] && reflect?["actions"] as? [String] == ["addNote"])
        let permission = fixture.result("requestPermission") as? [String: Any]
        #expect(permission?["permission"] as? String == "granted" && permission?["requireApikey"] as? Bool == false)
    }

    @Test("refused: a foreign origin, a rebound host, a missing or wrong key; nothing is written")
    func refusals() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(folder: folder.url)
        let add = #"{"action": "addNote", "version": 6, "params": \#(Self.note)}"#
        #expect(fixture.http(add, origin: "https://evil.example").status == 403)
        #expect(fixture.http(add, origin: "http://localhost.evil.example").status == 403)
        #expect(fixture.http(add, host: "evil.example:8765").status == 403)
        #expect(fixture.http(add, host: "127.0.0.1:9999").status == 403)
        fixture.settings.apiKey = "secret"
        for key in [nil, "wrong"] {
            let answer = fixture.call("addNote", Self.note, key: key) as? [String: Any]
            #expect(answer?["error"] as? String == "valid api key must be provided")
        }
        #expect(fixture.catalog.file(id: "my-words") == nil, "nothing was added")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("decks").path))
        // The right key, and allowed origins, pass.
        #expect((fixture.call("addNote", Self.note, key: "secret") as? [String: Any])?["result"] as? Int64 != nil)
        for origin in ["moz-extension://1234-abcd", "chrome-extension://likgccmbimhjbgkjambclfkhldnlhbnn", "http://localhost:3000"] {
            let response = fixture.http(#"{"action": "version", "key": "secret"}"#, origin: origin)
            #expect(response.status == 200 && response.headers["Access-Control-Allow-Origin"] == origin)
        }
        let preflight = fixture.http("", origin: "moz-extension://1234", method: "OPTIONS")
        #expect(preflight.status == 200 && preflight.headers["Access-Control-Allow-Origin"] == "moz-extension://1234")
    }

    @Test("requestPermission from a web page asks the learner; an origin allowed then passes")
    func permission() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(folder: folder.url)
        let request = AnkiConnectHTTPRequest(
            method: "POST", headers: ["Host": "localhost:8765", "Origin": "https://example.org"],
            body: Data(#"{"action": "requestPermission", "version": 6}"#.utf8))
        guard case .askPermission(let origin, let answer) = fixture.service.handle(request, port: Self.port) else {
            Issue.record("the learner was not asked")
            return
        }
        #expect(origin == "https://example.org")
        let granted = try JSONSerialization.jsonObject(with: Data(answer(true).body)) as? [String: Any]
        #expect((granted?["result"] as? [String: Any])?["permission"] as? String == "granted")
        let denied = try JSONSerialization.jsonObject(with: Data(answer(false).body)) as? [String: Any]
        #expect((denied?["result"] as? [String: Any])?["permission"] as? String == "denied")
        fixture.origins = ["https://example.org"]
        #expect(fixture.http(#"{"action": "version"}"#, origin: "https://example.org").status == 200)
    }

    @Test("a note id depends only on the deck and the word: the same across services and relaunches")
    func stableIDs() throws {
        #expect(AnkiNote.id(deck: "my-words", word: "猫舌") == AnkiNote.id(deck: "my-words", word: "猫舌"))
        #expect(AnkiNote.id(deck: "my-words", word: "猫舌") != AnkiNote.id(deck: "my-words", word: "猫"))
        #expect(AnkiNote.id(deck: "my-words", word: "猫舌") != AnkiNote.id(deck: "other", word: "猫舌"))
        // Fixed: a change to the hash would lose every dictionary app's note ids.
        #expect(AnkiNote.id(deck: "my-words", word: "猫舌") == 863_968_962_181_750, "FNV-1a, checked in Python")
        let ids = (0..<10_000).map { AnkiNote.id(deck: "my-words", word: "word\($0)") }
        #expect(Set(ids).count == ids.count && ids.allSatisfy { $0 > 0 && $0 < 1 << 53 })
    }

    @Test("answers are JSON with every string escaped")
    func escaping() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{07} separator \u{2028} 猫 🐈"
        let written = JSONWriter.data(.object([.init(key: "a\"b", value: .array([.string(text), .number(1_496_198_395_707), .number(0.5), .null]))]))
        let read = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? [String: [Any]])
        #expect(read["a\"b"]?.first as? String == text)
        #expect(String(decoding: written, as: UTF8.self).contains("1496198395707,0.5,null"))
        #expect(!written.contains(0x0A) && !written.contains(0x07))
    }

    @Test("the setting is off by default and saved as {enabled, port, apiKey: null}; a bad port is refused")
    func setting() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(AnkiConnectSettings()), as: UTF8.self)
            == #"{"apiKey":null,"enabled":false,"port":8765}"#)
        let settings = try JSONDecoder().decode(
            Settings.self, from: Data(#"{"ankiConnect": {"enabled": true, "port": 8766, "apiKey": null}}"#.utf8))
        #expect(settings.ankiConnect == AnkiConnectSettings(enabled: true, port: 8766, apiKey: nil))
        #expect(Settings().ankiConnect.enabled == false)
        for port in ["80", "70000", "8765.5", "\"8765\""] {
            #expect(throws: (any Error).self) {
                try JSONDecoder().decode(Settings.self, from: Data(#"{"ankiConnect": {"enabled": true, "port": \#(port)}}"#.utf8))
            }
        }
    }
}
