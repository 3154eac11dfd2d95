import FoundationEssentials
import GtkKit
import KuchiModel
import Observation

/// Dictionary apps (Yomitan) adding words through AnkiConnect: the server on
/// 127.0.0.1 while the setting is on (``Settings/ankiConnect``), started and stopped as
/// it changes; the requests answered by ``AnkiConnectService``, whose words go in
/// through ``DeckChooser/add(_:to:)``; the window says what was added, asks the
/// learner before a web page may add words, and says when the port is taken.
@MainActor @Observable
final class DictionaryApps {
    /// What the Settings row says under its title: the address, or why there is none.
    private(set) var status = ""
    /// The web page asking for permission, while the question shows.
    private(set) var askingOrigin: String?

    @ObservationIgnored private let users: UserManager
    @ObservationIgnored private let state: AppState
    @ObservationIgnored private let service: AnkiConnectService
    @ObservationIgnored private var server: LoopbackHTTPServer?
    /// The settings the server was last set up for.
    @ObservationIgnored private var applied: AnkiConnectSettings?
    /// The answers waiting for the learner's, by origin, the one asked first.
    @ObservationIgnored private var questions: [(origin: String, answers: [@MainActor (Bool) -> Void])] = []
    @ObservationIgnored private var following: Tracking?

    init(users: UserManager, decks: DeckChooser, cards: CardShelf, state: AppState) {
        self.users = users
        self.state = state
        service = AnkiConnectService(host: .init(
            catalog: decks.catalog,
            settings: { [unowned users] in (users.settings.ankiConnect, users.settings.ankiConnectOrigins) },
            add: { [unowned decks] card, id throws(DeckError) in try decks.add(card, to: id) },
            edit: { [unowned decks] question, reading, answer, id throws(DeckError) in
                let deck = try decks.edit(question: question, reading: reading, answer: answer, deck: id)
                if decks.inUse.catalogID == id { decks.replaceCurrent(with: deck) }
            },
            browse: { [unowned cards, unowned decks] notes, edit in
                cards.open()
                guard notes.count == 1, let note = notes.first, decks.inUse.catalogID == note.deckID else { return }
                cards.browser.selected = cards.browser.cards.firstIndex { $0.card.question == note.card.question }
                if edit { cards.beginEdit() }
            },
            added: { [unowned state] word, deck, _ in
                state.toaster.show(tr("A dictionary app added {word} to {deck}", ["word": word, "deck": deck]))
            },
            suspend: { [unowned cards] isSuspended, question, deck throws(ReviewStoreError) in
                try cards.setSuspended(isSuspended, question: question, deck: deck)
            },
            isSuspended: { [unowned cards] question, deck in cards.isSuspended(question: question, deck: deck) }))
        status = Self.address(users.settings.ankiConnect.port)
        following = track({ [unowned users] in users.settings.ankiConnect }, label: "ankiConnect") { [weak self] settings in
            self?.apply(settings)
        }
    }

    static func address(_ port: Int) -> String {
        tr("Yomitan and other dictionary apps reach Kuchi at http://127.0.0.1:{port}", ["port": "\(port)"])
    }

    /// Starts, stops or moves the server to follow the setting.
    private func apply(_ settings: AnkiConnectSettings) {
        guard settings != applied else { return }
        let previous = applied
        applied = settings
        guard settings.enabled else {
            stop()
            status = Self.address(settings.port)
            return
        }
        // Running on that port already: only the key changed, which requests read live.
        if server != nil, previous?.port == settings.port { return }
        stop()
        do {
            server = try LoopbackHTTPServer(port: settings.port) { [weak self] exchange in self?.receive(exchange) }
            status = Self.address(settings.port)
        } catch {
            let words = tr(
                "Port {port} is in use by another program ({reason}): dictionary apps cannot reach Kuchi",
                ["port": "\(settings.port)", "reason": error.words])
            status = words
            state.toaster.show(words)
        }
    }

    private func receive(_ exchange: LoopbackHTTPServer.Exchange) {
        guard let port = server?.port else { return }
        switch service.handle(exchange.request, port: port) {
        case .respond(let response):
            exchange.respond(response)
        case .askPermission(let origin, let answer):
            ask(origin) { granted in exchange.respond(answer(granted)) }
        }
    }

    /// Asks the learner whether `origin` may add words (one question per origin; one
    /// shown at a time).
    private func ask(_ origin: String, then answer: @escaping @MainActor (Bool) -> Void) {
        if let index = questions.firstIndex(where: { $0.origin == origin }) {
            questions[index].answers.append(answer)
            return
        }
        questions.append((origin, [answer]))
        if askingOrigin == nil { askingOrigin = origin }
    }

    /// The learner's answer to the question showing: a yes remembers the origin.
    func answerPermission(_ granted: Bool) {
        guard let origin = askingOrigin, let index = questions.firstIndex(where: { $0.origin == origin }) else { return }
        let question = questions.remove(at: index)
        if granted, !users.settings.ankiConnectOrigins.contains(origin) {
            users.settings.ankiConnectOrigins.append(origin)
        }
        askingOrigin = nil
        for answer in question.answers { answer(granted) }
        askingOrigin = questions.first?.origin
    }

    /// Closes the port (the setting turned off, Kuchi quitting); questions are answered no.
    func stop() {
        server?.stop()
        server = nil
        let waiting = questions
        questions = []
        askingOrigin = nil
        for question in waiting { for answer in question.answers { answer(false) } }
    }
}
