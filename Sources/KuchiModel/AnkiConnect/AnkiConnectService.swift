import FoundationEssentials

/// AnkiConnect's actions over Kuchi's decks, for dictionary apps: requests in,
/// answers out, no network (the app's server hands requests to ``handle(_:port:)``).
///
/// Words go into the learner's own decks (``DeckCatalog/ownDecks()``) through the
/// app's one way of adding a word (``Host/add``); one note type, "Kuchi"
/// (``AnkiNote``). A refused request (``AnkiConnectGate``), and one that fails, writes
/// nothing.
@MainActor
public final class AnkiConnectService {
    /// What the app provides: the decks, the settings, and its own ways to add and
    /// change words and to show them.
    public struct Host {
        public var catalog: DeckCatalog
        /// The AnkiConnect settings and the origins the learner allowed.
        public var settings: @MainActor () -> (AnkiConnectSettings, [String])
        /// Adds the card to the deck with that id; returns the deck's name.
        public var add: @MainActor (Challenge, String) throws(DeckError) -> String
        /// Changes the reading and meaning of a word in a deck (question, reading,
        /// meaning, deck id).
        public var edit: @MainActor (String, String, String, String) throws(DeckError) -> Void
        /// Shows these notes in the card browser; the one note's edit when `edit`.
        public var browse: @MainActor (_ notes: [AnkiNote], _ edit: Bool) -> Void
        /// A word was added: the word, the deck's name, the request's origin.
        public var added: @MainActor (_ word: String, _ deck: String, _ origin: String?) -> Void
        /// Suspends (true) or unsuspends a word of a deck (question, deck id), as the
        /// card browser does: every direction of it.
        public var suspend: @MainActor (_ isSuspended: Bool, _ question: String, _ deck: String) throws(ReviewStoreError) -> Void
        /// Whether a word of a deck is suspended (question, deck id).
        public var isSuspended: @MainActor (_ question: String, _ deck: String) -> Bool

        public init(
            catalog: DeckCatalog, settings: @escaping @MainActor () -> (AnkiConnectSettings, [String]),
            add: @escaping @MainActor (Challenge, String) throws(DeckError) -> String,
            edit: @escaping @MainActor (String, String, String, String) throws(DeckError) -> Void = { _, _, _, _ throws(DeckError) in },
            browse: @escaping @MainActor (_ notes: [AnkiNote], _ edit: Bool) -> Void = { _, _ in },
            added: @escaping @MainActor (_ word: String, _ deck: String, _ origin: String?) -> Void = { _, _, _ in },
            suspend: @escaping @MainActor (_ isSuspended: Bool, _ question: String, _ deck: String) throws(ReviewStoreError) -> Void
                = { _, _, _ throws(ReviewStoreError) in },
            isSuspended: @escaping @MainActor (_ question: String, _ deck: String) -> Bool = { _, _ in false }
        ) {
            self.catalog = catalog
            self.settings = settings
            self.add = add
            self.edit = edit
            self.browse = browse
            self.added = added
            self.suspend = suspend
            self.isSuspended = isSuspended
        }
    }

    /// An answer now, or the learner's to give first (`requestPermission` from an
    /// origin not yet allowed): show the question, then send `answer(granted)`.
    public enum Outcome {
        case respond(AnkiConnectHTTPResponse)
        case askPermission(origin: String, answer: @MainActor (_ granted: Bool) -> AnkiConnectHTTPResponse)
    }

    /// The protocol version Kuchi speaks (AnkiConnect's current one).
    public static let apiVersion = 6

    /// The actions Kuchi answers, as `apiReflect` lists them.
    public static let actions = [
        "version", "requestPermission", "apiReflect", "multi", "deckNames", "deckNamesAndIds", "createDeck",
        "modelNames", "modelNamesAndIds", "modelFieldNames", "canAddNotes", "canAddNotesWithErrorDetail",
        "addNote", "addNotes", "findNotes", "findCards", "notesInfo", "cardsInfo", "updateNoteFields",
        "storeMediaFile", "guiBrowse", "guiEditNote", "suspend", "unsuspend", "areSuspended",
    ]

    private let host: Host
    /// The notes of each own deck, read once per request (a `multi` of 1,000 checks
    /// reads each deck once); emptied when a request adds a word.
    private var notesByDeck: [String: [AnkiNote]] = [:]
    /// The own decks, listed once per request (listing reads each deck file's header).
    private var ownDecksListed: [DeckEntry]?
    private var wordsByDeck: [String: Set<String>] = [:]

    public init(host: Host) {
        self.host = host
    }

    // MARK: HTTP

    /// Answers one HTTP request to the server listening on `port`.
    public func handle(_ request: AnkiConnectHTTPRequest, port: Int) -> Outcome {
        notesByDeck = [:]
        wordsByDeck = [:]
        ownDecksListed = nil
        let (settings, allowed) = host.settings()
        guard AnkiConnectGate.isLoopbackHost(request.headers["host"], port: port) else {
            return .respond(Self.forbidden(cors: nil))
        }
        let origin = request.headers["origin"]
        let trusted = origin.map { AnkiConnectGate.isTrusted(origin: $0, allowed: allowed) } ?? true
        let cors = trusted ? origin ?? "http://localhost" : "http://localhost"
        if request.method == "OPTIONS" {
            var response = Self.response(status: 200, cors: cors, contentType: nil, body: [])
            response.headers["Access-Control-Allow-Methods"] = "POST, OPTIONS"
            if request.headers["access-control-request-private-network"] == "true" {
                response.headers["Access-Control-Allow-Private-Network"] = "true"
            }
            return .respond(response)
        }
        guard request.body.count <= AnkiConnectGate.maximumBody else {
            return .respond(Self.response(status: 413, cors: cors, contentType: nil, body: []))
        }
        let parsed: AnkiConnectRequest
        do {
            parsed = try AnkiConnectRequest.parse(request.body)
        } catch {
            guard trusted else { return .respond(Self.forbidden(cors: cors)) }
            if request.body.isEmpty {
                return .respond(Self.response(
                    status: 200, cors: cors, contentType: "text/plain", body: Array(("AnkiConnect v." + String(Self.apiVersion)).utf8)))
            }
            return .respond(json(Self.failure(error), cors: cors))
        }
        if parsed.action == "requestPermission" {
            return permission(origin: origin ?? "", trusted: trusted, version: parsed.version, settings: settings)
        }
        guard trusted else { return .respond(Self.forbidden(cors: cors)) }
        if let key = settings.apiKey, parsed.key != key {
            return .respond(json(Self.failure(AnkiConnectError("valid api key must be provided")), cors: cors))
        }
        return .respond(json(answer(parsed, origin: origin), cors: cors))
    }

    /// `requestPermission`: granted at once for a trusted origin; for another, the
    /// learner is asked (a page's own origin: "https://example.org").
    private func permission(origin: String, trusted: Bool, version: Int, settings: AnkiConnectSettings) -> Outcome {
        let granted: JSONValue = .object([
            .init(key: "permission", value: .string("granted")),
            .init(key: "requireApikey", value: .bool(settings.apiKey != nil)),
            .init(key: "version", value: .number(Double(Self.apiVersion))),
        ])
        if trusted { return .respond(json(Self.success(granted, version: version), cors: origin.isEmpty ? "http://localhost" : origin)) }
        return .askPermission(origin: origin) { [weak self] isGranted in
            let result = isGranted ? granted : .object([.init(key: "permission", value: .string("denied"))])
            let body = JSONWriter.data(Self.success(result, version: version))
            _ = self
            return Self.response(status: 200, cors: origin, contentType: "application/json", body: body)
        }
    }

    private func json(_ value: JSONValue, cors: String) -> AnkiConnectHTTPResponse {
        Self.response(status: 200, cors: cors, contentType: "application/json", body: JSONWriter.data(value))
    }

    private static func forbidden(cors: String?) -> AnkiConnectHTTPResponse {
        var response = response(status: 403, cors: cors ?? "http://localhost", contentType: nil, body: [])
        if cors == nil { response.headers = [:] }
        return response
    }

    private static func response(status: Int, cors: String, contentType: String?, body: [UInt8]) -> AnkiConnectHTTPResponse {
        AnkiConnectHTTPResponse(
            status: status, headers: ["Access-Control-Allow-Origin": cors, "Access-Control-Allow-Headers": "*"],
            contentType: contentType, body: body)
    }

    // MARK: Answers

    /// The answer to a request (already let through), as its version writes it: the
    /// bare result before version 5, `{"result": …, "error": null}` from it; a
    /// failure always `{"result": null, "error": "…"}`.
    func answer(_ request: AnkiConnectRequest, origin: String?) -> JSONValue {
        do {
            return Self.success(try perform(request, origin: origin), version: request.version)
        } catch {
            return Self.failure(error)
        }
    }

    static func success(_ result: JSONValue, version: Int) -> JSONValue {
        version <= 4 ? result : .object([.init(key: "result", value: result), .init(key: "error", value: .null)])
    }

    static func failure(_ error: AnkiConnectError) -> JSONValue {
        .object([.init(key: "result", value: .null), .init(key: "error", value: .string(error.message))])
    }

    private func perform(_ request: AnkiConnectRequest, origin: String?) throws(AnkiConnectError) -> JSONValue {
        let params = request.params
        switch request.action {
        case "version":
            return .number(Double(Self.apiVersion))
        case "requestPermission":
            // Inside `multi`, whose own request was let through.
            return .object([
                .init(key: "permission", value: .string("granted")),
                .init(key: "requireApikey", value: .bool(host.settings().0.apiKey != nil)),
                .init(key: "version", value: .number(Double(Self.apiVersion))),
            ])
        case "apiReflect":
            return try reflect(params)
        case "multi":
            guard case .array(let actions)? = params["actions"] else { throw AnkiConnectError("'actions' must be a list") }
            return .array(actions.map { action in
                do throws(AnkiConnectError) {
                    return answer(try AnkiConnectRequest(action), origin: origin)
                } catch {
                    return Self.failure(error)
                }
            })
        case "deckNames":
            return .array(ownDecks().map { .string($0.name) })
        case "deckNamesAndIds":
            return .object(ownDecks().map { .init(key: $0.name, value: .number(Double(AnkiNote.deckNumber($0.id)))) })
        case "createDeck":
            let name = try string(params, "deck")
            guard let deck = deck(named: name) else {
                throw AnkiConnectError("Kuchi makes no empty decks: words go into My Words or a deck you imported")
            }
            return .number(Double(AnkiNote.deckNumber(deck.id)))
        case "modelNames":
            return .array([.string(AnkiNote.modelName)])
        case "modelNamesAndIds":
            return .object([.init(key: AnkiNote.modelName, value: .number(Double(AnkiNote.deckNumber(AnkiNote.modelName))))])
        case "modelFieldNames":
            let name = try string(params, "modelName")
            guard name == AnkiNote.modelName else { throw AnkiConnectError("model was not found: \(name)") }
            return .array(AnkiNote.fieldNames.map { .string($0) })
        case "canAddNotes":
            return .array(try notes(params).map { .bool(canAdd($0) == nil) })
        case "canAddNotesWithErrorDetail":
            return .array(try notes(params).map { note in
                guard let problem = canAdd(note) else { return .object([.init(key: "canAdd", value: .bool(true))]) }
                return .object([.init(key: "canAdd", value: .bool(false)), .init(key: "error", value: .string(problem.message))])
            })
        case "addNote":
            guard let note = params["note"] else { throw AnkiConnectError("'note' is missing") }
            return .number(Double(try add(note, origin: origin)))
        case "addNotes":
            var added: [JSONValue] = []
            for note in try notes(params) {
                added.append((try? add(note, origin: origin)).map { .number(Double($0)) } ?? .null)
            }
            return .array(added)
        case "findNotes", "findCards":
            guard let query = params["query"]?.stringValue else { return .array([]) }
            return .array(find(query).map { .number(Double($0.id)) })
        case "notesInfo":
            if let query = params["query"]?.stringValue { return .array(find(query).map(Self.info)) }
            return .array(try ids(params, "notes").map { id in note(id: id).map(Self.info) ?? .object([]) })
        case "cardsInfo":
            return .array(try ids(params, "cards").map { id in note(id: id).map(Self.cardInfo) ?? .object([]) })
        case "updateNoteFields":
            try update(params)
            return .null
        case "storeMediaFile":
            return .string(try storeMedia(params))
        case "guiBrowse":
            let found = params["query"]?.stringValue.map(find) ?? []
            host.browse(found, false)
            return .array(found.map { .number(Double($0.id)) })
        case "suspend", "unsuspend":
            // True when at least one card changed, as AnkiConnect answers.
            let suspending = request.action == "suspend"
            var changed = false
            for note in try ids(params, "cards").compactMap(note(id:))
            where host.isSuspended(note.card.question, note.deckID) != suspending {
                do throws(ReviewStoreError) {
                    try host.suspend(suspending, note.card.question, note.deckID)
                } catch {
                    throw AnkiConnectError(error.description)
                }
                changed = true
            }
            return .bool(changed)
        case "areSuspended":
            return .array(try ids(params, "cards").map { id in
                note(id: id).map { .bool(host.isSuspended($0.card.question, $0.deckID)) } ?? .null
            })
        case "guiEditNote":
            guard let id = params["note"]?.numberValue.flatMap({ Int64(exactly: $0) }), let note = note(id: id) else {
                throw AnkiConnectError("note was not found")
            }
            host.browse([note], true)
            return .null
        default:
            throw AnkiConnectError("unsupported action")
        }
    }

    // MARK: Notes

    /// The notes of every own deck that exists ("My Words" once it has a word).
    private func allNotes() -> [AnkiNote] {
        ownDecks().flatMap { notes(inDeck: $0) }
    }

    private func ownDecks() -> [DeckEntry] {
        if let ownDecksListed { return ownDecksListed }
        let listed = host.catalog.ownDecks()
        ownDecksListed = listed
        return listed
    }

    private func notes(inDeck deck: DeckEntry) -> [AnkiNote] {
        if let cached = notesByDeck[deck.id] { return cached }
        let cards = host.catalog.file(id: deck.id) == nil ? [] : (try? host.catalog.load(id: deck.id).cards) ?? []
        let notes = cards.map { AnkiNote(deckID: deck.id, deckName: deck.name, card: $0) }
        notesByDeck[deck.id] = notes
        return notes
    }

    /// The words of a deck, for the duplicate check (once per request, as its notes).
    private func words(inDeck deck: DeckEntry) -> Set<String> {
        if let cached = wordsByDeck[deck.id] { return cached }
        let words = Set(notes(inDeck: deck).map(\.card.question))
        wordsByDeck[deck.id] = words
        return words
    }

    private func find(_ query: String) -> [AnkiNote] {
        let query = AnkiNoteQuery(query)
        return allNotes().filter(query.matches)
    }

    private func note(id: Int64) -> AnkiNote? {
        allNotes().first { $0.id == id }
    }

    private func deck(named name: String) -> DeckEntry? {
        let decks = ownDecks()
        return decks.first { $0.name == name } ?? decks.first { $0.name.lowercased() == name.lowercased() }
    }

    /// A note to add as the request gives it: its deck, its word and card (nil when a
    /// field a card needs is empty), and the media to store with it.
    private struct NewNote {
        var deck: DeckEntry?
        var deckName: String
        var modelName: String
        var word: String
        var card: Challenge?
        var media: [(name: String, data: Data)]
    }

    private func newNote(_ value: JSONValue) throws(AnkiConnectError) -> NewNote {
        guard case .object = value else { throw AnkiConnectError("a note must be a JSON object") }
        let deckName = value["deckName"]?.stringValue ?? ""
        let modelName = value["modelName"]?.stringValue ?? ""
        var fields: [String: String] = [:]
        if case .object(let members)? = value["fields"] {
            for member in members { fields[member.key] = member.value.stringValue ?? "" }
        }
        // Sounds sent with the note (`"audio": [{"filename", "data", "fields"}]`): stored,
        // and named in their fields as Anki does.
        var media: [(name: String, data: Data)] = []
        for kind in ["audio", "video", "picture"] {
            let items: [JSONValue]
            switch value[kind] {
            case .array(let list)?: items = list
            case .object?: items = [value[kind] ?? .null]
            default: items = []
            }
            for item in items {
                guard let name = item["filename"]?.stringValue, let encoded = item["data"]?.stringValue,
                      case .array(let targets)? = item["fields"], !targets.isEmpty
                else { continue }
                guard MediaName.isSafe(name), let data = Data(base64Encoded: encoded) else {
                    throw AnkiConnectError("cannot store the media file \(name)")
                }
                media.append((name, data))
                for case .string(let field) in targets where kind != "picture" {
                    let key = fields.keys.first { $0.lowercased() == field.lowercased() } ?? field
                    fields[key, default: ""] += "[sound:\(name)]"
                }
            }
        }
        let read = AnkiConnectNoteFields(fields)
        return NewNote(
            deck: deck(named: deckName), deckName: deckName, modelName: modelName, word: read.word, card: read.card,
            media: media)
    }

    /// Why the note cannot be added, or nil, by AnkiConnect's rules and in its words: its
    /// model and deck exist, its first field is not empty, and it is no duplicate.
    /// Yomitan asks with "bare-bones" notes, the first field alone.
    private func canAdd(_ value: JSONValue) -> AnkiConnectError? {
        do {
            _ = try checked(value)
            return nil
        } catch {
            return error
        }
    }

    private func checked(_ value: JSONValue) throws(AnkiConnectError) -> (note: NewNote, deck: DeckEntry) {
        let note = try newNote(value)
        guard note.modelName == AnkiNote.modelName else {
            throw AnkiConnectError("model was not found: \(note.modelName)")
        }
        guard let deck = note.deck else { throw AnkiConnectError("deck was not found: \(note.deckName)") }
        guard !note.word.isEmpty else { throw AnkiConnectError("cannot create note because it is empty") }
        guard !isDuplicate(note.word, of: value, in: deck) else {
            throw AnkiConnectError("cannot create note because it is a duplicate")
        }
        return (note, deck)
    }

    /// Whether the note `value` would add `word` twice, as its `options` ask AnkiConnect
    /// to check: across every own deck (`"duplicateScope": "collection"`, AnkiConnect's
    /// default; every note is a Kuchi note) or in one deck (`"deck"`: the one
    /// `duplicateScopeOptions.deckName` names, else the note's; with `checkChildren`, its
    /// subdecks too, which is how Yomitan asks for its "deck root" scope); none with
    /// `"allowDuplicate": true`. A deck holds a word once whatever the options: twice in
    /// the note's own deck is always a duplicate.
    private func isDuplicate(_ word: String, of value: JSONValue, in target: DeckEntry) -> Bool {
        if words(inDeck: target).contains(word) { return true }
        let options = value["options"]
        if options?["allowDuplicate"]?.boolValue == true { return false }
        guard options?["duplicateScope"]?.stringValue == "deck" else {
            return ownDecks().contains { words(inDeck: $0).contains(word) }
        }
        let scope = options?["duplicateScopeOptions"]
        let named = scope?["deckName"]?.stringValue
        // The deck named holds no duplicate when it is not there (AnkiConnect's answer
        // too); a root such as "Manga" of "Manga::Chapter 1" is there in Anki, as the
        // parent of its subdecks, where Kuchi has only the subdecks.
        let root = named.map { deck(named: $0) } ?? target
        let checkChildren = scope?["checkChildren"]?.boolValue == true
        return ownDecks().contains { deck in
            (deck.id == root?.id || checkChildren && AnkiNoteQuery.isDeck(deck.name, within: named ?? target.name))
                && words(inDeck: deck).contains(word)
        }
    }

    private func add(_ value: JSONValue, origin: String?) throws(AnkiConnectError) -> Int64 {
        let (note, deck) = try checked(value)
        guard let card = note.card else {
            throw AnkiConnectError("Kuchi makes a card of a word and its meaning: the note's Meaning field is empty")
        }
        for item in note.media { try store(item.data, named: item.name, replacing: true) }
        if let audio = card.audio { try bringMedia(audio, to: deck.id) }
        let deckName: String
        do {
            deckName = try host.add(card, deck.id)
        } catch {
            throw AnkiConnectError(error.problems.map(\.message).joined(separator: "; "))
        }
        notesByDeck[deck.id] = nil
        wordsByDeck[deck.id] = nil
        ownDecksListed = nil
        host.added(card.question, deckName, origin)
        return AnkiNote.id(deck: deck.id, word: card.question)
    }

    private func update(_ params: JSONValue) throws(AnkiConnectError) {
        guard let value = params["note"], let id = value["id"]?.numberValue.flatMap({ Int64(exactly: $0) }),
              let note = note(id: id)
        else { throw AnkiConnectError("note was not found") }
        var reading = note.field("Reading") ?? ""
        var meaning = note.card.answer
        if case .object(let members)? = value["fields"] {
            for member in members {
                let text = AnkiConnectNoteFields.cleaned(member.value.stringValue ?? "", field: member.key)
                switch member.key.lowercased() {
                case "reading": reading = text
                case "meaning": meaning = text
                default:
                    guard note.field(member.key).map({ $0 == text }) ?? true else {
                        throw AnkiConnectError("Kuchi can change a note's Reading and Meaning only")
                    }
                }
            }
        }
        do {
            try host.edit(note.card.question, reading, meaning, note.deckID)
        } catch {
            throw AnkiConnectError(error.problems.map(\.message).joined(separator: "; "))
        }
    }

    private static func fieldsObject(_ note: AnkiNote) -> JSONValue {
        .object(note.fields.enumerated().map { order, field in
            .init(key: field.name, value: .object([
                .init(key: "value", value: .string(field.value)), .init(key: "order", value: .number(Double(order))),
            ]))
        })
    }

    private static func info(_ note: AnkiNote) -> JSONValue {
        .object([
            .init(key: "noteId", value: .number(Double(note.id))), .init(key: "tags", value: .array([])),
            .init(key: "fields", value: fieldsObject(note)), .init(key: "modelName", value: .string(AnkiNote.modelName)),
            .init(key: "cards", value: .array([.number(Double(note.id))])),
        ])
    }

    /// A card as `cardsInfo` gives it. Kuchi schedules with FSRS, not Anki's
    /// scheduler: the scheduling numbers are 0.
    private static func cardInfo(_ note: AnkiNote) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init(key: "cardId", value: .number(Double(note.id))), .init(key: "fields", value: fieldsObject(note)),
            .init(key: "fieldOrder", value: .number(0)), .init(key: "question", value: .string(note.card.question)),
            .init(key: "answer", value: .string(note.card.answer)), .init(key: "modelName", value: .string(AnkiNote.modelName)),
            .init(key: "ord", value: .number(0)), .init(key: "deckName", value: .string(note.deckName)),
            .init(key: "css", value: .string("")), .init(key: "note", value: .number(Double(note.id))),
        ]
        for key in ["factor", "interval", "type", "queue", "due", "reps", "lapses", "left", "mod"] {
            members.append(.init(key: key, value: .number(0)))
        }
        return .object(members)
    }

    // MARK: Media

    /// `storeMediaFile`: a file sent as base64 `data` lands in My Words' media folder
    /// (``DeckCatalog/mediaFolder(id:)``), where the note that names it next finds it;
    /// a word added to another deck takes a copy into that deck's folder.
    private func storeMedia(_ params: JSONValue) throws(AnkiConnectError) -> String {
        let name = try string(params, "filename")
        guard let encoded = params["data"]?.stringValue else {
            throw AnkiConnectError("Kuchi takes a media file as base64 data only")
        }
        guard MediaName.isSafe(name), let data = Data(base64Encoded: encoded) else {
            throw AnkiConnectError("cannot store the media file \(name)")
        }
        let replacing: Bool = if case .bool(false)? = params["deleteExisting"] { false } else { true }
        try store(data, named: name, replacing: replacing)
        return name
    }

    private func store(_ data: Data, named name: String, replacing: Bool) throws(AnkiConnectError) {
        let url = host.catalog.mediaFolder(id: DeckCatalog.ownWordsID).appendingPathComponent(name)
        if !replacing, FileManager.default.fileExists(atPath: url.path) { return }
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            throw AnkiConnectError("cannot store the media file \(name)")
        }
    }

    /// Copies a sound stored for My Words into the deck `id`'s media folder, if it is
    /// not there yet.
    private func bringMedia(_ name: String, to id: String) throws(AnkiConnectError) {
        guard id != DeckCatalog.ownWordsID else { return }
        let target = host.catalog.mediaFolder(id: id).appendingPathComponent(name)
        let source = host.catalog.mediaFolder(id: DeckCatalog.ownWordsID).appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: target.path),
              let data = try? Data(contentsOf: source) else { return }
        do {
            try AtomicFile.write(data, to: target)
        } catch {
            throw AnkiConnectError("cannot store the media file \(name)")
        }
    }

    // MARK: Parameters

    private func reflect(_ params: JSONValue) throws(AnkiConnectError) -> JSONValue {
        guard case .array(let scopes)? = params["scopes"] else { throw AnkiConnectError("scopes has invalid value") }
        var result: [JSONValue.Member] = []
        var listed: [JSONValue] = []
        if scopes.contains(.string("actions")) {
            listed.append(.string("actions"))
            var names = Self.actions
            switch params["actions"] {
            case nil, .null?: break
            case .array(let wanted)?: names = names.filter { wanted.contains(.string($0)) }
            default: throw AnkiConnectError("actions has invalid value")
            }
            result.append(.init(key: "actions", value: .array(names.map { .string($0) })))
        }
        return .object([.init(key: "scopes", value: .array(listed))] + result)
    }

    private func string(_ params: JSONValue, _ key: String) throws(AnkiConnectError) -> String {
        guard let text = params[key]?.stringValue else {
            throw AnkiConnectError("'\(key)' must be a string")
        }
        return text
    }

    private func notes(_ params: JSONValue) throws(AnkiConnectError) -> [JSONValue] {
        guard case .array(let notes)? = params["notes"] else { throw AnkiConnectError("'notes' must be a list") }
        return notes
    }

    private func ids(_ params: JSONValue, _ key: String) throws(AnkiConnectError) -> [Int64] {
        guard case .array(let values)? = params[key] else {
            throw AnkiConnectError("'\(key)' must be a list")
        }
        return values.map { $0.numberValue.flatMap { Int64(exactly: $0) } ?? 0 }
    }
}
