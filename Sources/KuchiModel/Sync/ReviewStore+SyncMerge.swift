import FoundationEssentials

/// What one merge changed in the store, for the report and for the app to apply.
struct StoreMergeResult {
    /// Review events new to this store, by device.
    var reviewsByDevice: [String: Int] = [:]
    var retractions = 0
    /// Registers whose value changed: settings (key → JSON value) and card fields.
    var settings: [String: String] = [:]
    var fields: [SyncCardField] = []
    /// The decks whose words or fields changed: their cards are applied again.
    var cardDecks = Set<String>()
    var suspensions = 0
    /// Deck registers that changed (imported decks to install or remove).
    var decks = 0
    var unknownKinds = 0
    /// Cards whose state was replayed from their reviews.
    var cardsReplayed = 0
    /// Registers another device changed to a value other than this device's last
    /// change (device names left to the caller).
    var clashes: [SyncClash] = []
}

/// Merging other devices' events into the store: the set union of reviews, each
/// touched card's FSRS state replayed from all its reviews in time order, retractions
/// taking their review out of the replay, registers kept by the later stamp.
extension ReviewStore {
    /// One review event, as the replay needs it.
    struct ReviewEvent: Sendable {
        let id: String
        /// Who wrote it (for the report's count).
        var device = ""
        let time: Int64
        let rating: FSRSRating
        let answerMilliseconds: Int64
    }

    /// Merges `batch` (events in any order, any repeats) into the store: its events
    /// other than reviews, and the reviews of `cards` (those of the cards an undo
    /// names too). Inside a transaction; the outbox must have been filled first in it,
    /// so that every review in the store has an event id (and none is unsent).
    ///
    /// A review is new if its card's replay does not have it yet: the events are
    /// compared card by card, one indexed read per card, not one per event. So the
    /// reviews of a large batch can go before, a few cards per transaction
    /// (`replay(_:of:scheduler:)`), and this last step finds them there.
    func merge(
        _ batch: SyncMergeBatch, replaying cards: some Sequence<CardID>, clock: inout HybridClock, scheduler: FSRSScheduler
    ) throws -> StoreMergeResult {
        var result = StoreMergeResult()
        // Undos are few: all of them, read once.
        var retracted = Set<String>()
        try database.query("SELECT event FROM sync_retracted") { retracted.insert($0.text(0)) }
        var touched = Set<CardID>()
        if let latest = batch.latest { clock.receive(latest) }
        for event in batch.others {
            switch event.body {
            case .review:
                continue
            case .retraction(let target):
                guard retracted.insert(target).inserted else { continue }
                try database.run("INSERT INTO sync_retracted (event) VALUES (?)", [.text(target)])
                result.retractions += 1
                try database.query("""
                    SELECT d.name, c.question FROM sync_review AS s JOIN review AS r ON r.id = s.review
                        JOIN card AS c ON c.id = r.card JOIN deck AS d ON d.id = r.deck WHERE s.event = ?
                    """, [.text(target)]) { touched.insert(CardID(deck: $0.text(0), question: $0.text(1))) }
                // Another id of a review's answer (a restored backup's, a second import's).
                try database.query("""
                    SELECT d.name, a.question FROM sync_answer_id AS a JOIN deck AS d ON d.id = a.deck WHERE a.event = ?
                    """, [.text(target)]) { touched.insert(CardID(deck: $0.text(0), question: $0.text(1))) }
            case .suspension(let card, let isSuspended):
                let clash = try clashWithOwnChange(event, value: isSuspended ? "true" : "false", subject: .suspension(card))
                let stored = try storeRegister(event)
                if let clash { result.clashes.append(clash.keeping(here: !stored)) }
                guard stored else { continue }
                try applySuspension(isSuspended, card: card)
                result.suspensions += 1
            case .cardField(let card, let field, let value):
                let clash = try clashWithOwnChange(event, value: value, subject: .field(card, field: field))
                let stored = try storeRegister(event)
                if let clash { result.clashes.append(clash.keeping(here: !stored)) }
                guard stored else { continue }
                result.fields.append(SyncCardField(card: card, field: field, value: value))
                result.cardDecks.insert(card.deck)
            case .word(let card, let json):
                let clash = try clashWithOwnChange(event, value: json ?? "null", subject: .word(card))
                let stored = try storeRegister(event)
                if let clash { result.clashes.append(clash.keeping(here: !stored)) }
                guard stored else { continue }
                result.cardDecks.insert(card.deck)
            case .setting(let key, let value):
                let clash = try clashWithOwnChange(event, value: value, subject: .setting(key: key))
                let stored = try storeRegister(event)
                if let clash { result.clashes.append(clash.keeping(here: !stored)) }
                guard stored else { continue }
                result.settings[key] = value
            case .deviceName:
                try storeRegister(event)
            case .deck:
                // Installed after the transaction (files), by `SyncFolder.applySyncedDecks`.
                if try storeRegister(event) { result.decks += 1 }
            case .unknown:
                result.unknownKinds += 1
            }
        }
        for (device, wall) in batch.devices {
            try database.run("""
                INSERT INTO sync_device (device, wall) VALUES (?, ?)
                ON CONFLICT (device) DO UPDATE SET wall = max(wall, excluded.wall)
                """, [.text(device), .integer(wall)])
        }
        for card in touched.union(cards) {
            let added = try replay(
                card, adding: batch.reviews[card] ?? [], retracted: retracted, force: touched.contains(card), scheduler: scheduler)
            for review in added { result.reviewsByDevice[review.device, default: 0] += 1 }
        }
        // The replays' rows are the folder's, not this device's to send (the outbox
        // was filled before, so these are all the table holds).
        try database.run("DELETE FROM sync_unsent_review")
        try saveSyncClock(clock)
        return result
    }

    /// Replays `cards` with their reviews in `batch`: one step of a merge in steps
    /// (``SyncMerge``), before the last, which merges the rest (`merge(_:replaying:clock:scheduler:)`).
    /// Inside a transaction, the outbox filled first in it. Returns the reviews new to
    /// the store, by device.
    ///
    /// Each card is replayed whole, from all its reviews, so a step leaves every card
    /// as a merge of fewer files would: a merge stopped between steps leaves a
    /// consistent store, and the next merge, which reads the same files again (how far
    /// each was read is saved by the last step only), finds these reviews there and
    /// goes on with the rest.
    func replay(_ cards: some Sequence<CardID>, of batch: SyncMergeBatch, scheduler: FSRSScheduler) throws -> [String: Int] {
        var retracted = batch.retracted
        try database.query("SELECT event FROM sync_retracted") { retracted.insert($0.text(0)) }
        var added: [String: Int] = [:]
        for card in cards {
            for review in try replay(card, adding: batch.reviews[card] ?? [], retracted: retracted, force: false, scheduler: scheduler) {
                added[review.device, default: 0] += 1
            }
        }
        // As in the last step: the outbox was filled first, so these rows are all the replays'.
        try database.run("DELETE FROM sync_unsent_review")
        return added
    }

    /// The clash `event` (another device's change of a register to `value`) makes with
    /// this device's own last change of that register, if it is this device's and
    /// holds another value; nil otherwise (the other device's own earlier value, the
    /// same value, or an event read before).
    private func clashWithOwnChange(_ event: SyncEvent, value: String, subject: SyncClash.Subject) throws -> SyncClash? {
        guard let name = event.register, let kept = try registerEntry(name), kept.event != event.id, kept.value != value,
            try isOwnEvent(kept.event), try !isOwnEvent(event.id)
        else { return nil }
        return SyncClash(
            subject: subject, device: event.device, deviceName: nil, changedAt: Date(storeMilliseconds: event.stamp.wall), keptHere: true)
    }

    /// Takes synced review `row` of `card` back though later reviews follow it
    /// (``undo(reviewID:answered:at:replayingWith:)``), and replays the card from those
    /// left. The log lets only a card's latest review go: the later ones leave first,
    /// their event ids before them so that no retraction is noted, and come back in the
    /// replay; then `row` goes, and its trigger notes its retraction.
    func retract(review row: Int64, of card: CardID, scheduler: FSRSScheduler) throws {
        var later: [(row: Int64, event: ReviewEvent)] = []
        try database.query("""
            SELECT r.id, s.event, r.time, r.rating, r.answer_ms FROM review AS r JOIN sync_review AS s ON s.review = r.id
            WHERE r.card = (SELECT card FROM review WHERE id = ?1) AND r.id > ?1 ORDER BY r.id DESC
            """, [.integer(row)]) { found in
                guard let rating = FSRSRating(rawValue: Int(found.integer(3))) else {
                    throw InvalidRow(detail: "review \(found.integer(0)) has an unknown rating \(found.integer(3))")
                }
                later.append((found.integer(0), ReviewEvent(
                    id: found.text(1), time: found.integer(2), rating: rating, answerMilliseconds: found.integer(4))))
            }
        for (laterRow, _) in later {
            try database.run("DELETE FROM sync_review WHERE review = ?", [.integer(laterRow)])
            try database.run("DELETE FROM review WHERE id = ?", [.integer(laterRow)])
        }
        try database.run("DELETE FROM review WHERE id = ?", [.integer(row)])
        var retracted = Set<String>()
        try database.query("SELECT event FROM sync_retracted") { retracted.insert($0.text(0)) }
        _ = try replay(card, adding: later.map(\.event), retracted: retracted, force: true, scheduler: scheduler)
        // The replay's rows have their events already: nothing of them is this device's to send.
        try database.run("DELETE FROM sync_unsent_review WHERE review IN (SELECT review FROM sync_review)")
    }

    /// Rebuilds `card`'s reviews and state from its reviews in the store and `adding`,
    /// less those `retracted`, in time order (then event id: the same on every device).
    /// Returns the reviews of `adding` that are answers it did not have; with no event
    /// id new to it, and unless `force`d (a retraction named one of its reviews), the
    /// card is left as it is.
    ///
    /// One answer, one review: events of the card with the same time and rating are the
    /// same answer under several ids (``answers(_:)``); it counts once, or not at all if
    /// a retraction names any of its ids.
    private func replay(
        _ card: CardID, adding: [ReviewEvent], retracted: Set<String>, force: Bool, scheduler: FSRSScheduler
    ) throws -> [ReviewEvent] {
        guard let deck = try deckID(named: card.deck, creating: true) else {
            throw InvalidRow(detail: "deck \(card.deck) could not be added")
        }
        var reviews: [ReviewEvent] = []
        var rows: [Int64] = []
        let stored = try storedCard(deck: deck, question: card.question)
        if let stored {
            try database.query("""
                SELECT r.id, s.event, r.time, r.rating, r.answer_ms FROM review AS r JOIN sync_review AS s ON s.review = r.id
                WHERE r.card = ?
                """, [.integer(stored.id)]) { row in
                    rows.append(row.integer(0))
                    guard let rating = FSRSRating(rawValue: Int(row.integer(3))) else {
                        throw InvalidRow(detail: "review \(row.integer(0)) has an unknown rating \(row.integer(3))")
                    }
                    reviews.append(ReviewEvent(id: row.text(1), time: row.integer(2), rating: rating, answerMilliseconds: row.integer(4)))
                }
        }
        let otherIDs = try answerIDs(deck: deck, question: card.question)
        // Read twice (a file and its conflict copy) or already here: once.
        var known = Set(reviews.map(\.id)).union(otherIDs.map(\.id))
        let new = adding.filter { known.insert($0.id).inserted }
        guard !new.isEmpty || force else { return [] }
        if let stored {
            // The event ids go first, so taking the rows out notes no retraction.
            for row in rows { try database.run("DELETE FROM sync_review WHERE review = ?", [.integer(row)]) }
            _ = try forget(card: stored.id, deck: deck, question: card.question)
        }
        let answered = Set(reviews.map(Answer.init))
        var kept: [ReviewEvent] = []
        var added: [ReviewEvent] = []
        try database.run("DELETE FROM sync_answer_id WHERE deck = ? AND question = ?", [.integer(deck), .text(card.question)])
        for (answer, events) in Self.answers(reviews + new, otherIDs: otherIDs) {
            let isRetracted = events.ids.contains { retracted.contains($0) }
            // The smallest id: the same review on every device, whichever id it read first.
            let review = isRetracted ? nil : events.reviews.min { $0.id < $1.id }
            for id in events.ids where id != review?.id {
                try database.run(
                    "INSERT INTO sync_answer_id (event, deck, question, time, rating) VALUES (?, ?, ?, ?, ?)",
                    [.text(id), .integer(deck), .text(card.question), .integer(answer.time), .integer(Int64(answer.rating.rawValue))])
            }
            guard let review else { continue }
            kept.append(review)
            if !answered.contains(answer), let first = new.first(where: { Answer($0) == answer }) { added.append(first) }
        }
        for (event, id) in try insertReplayed(card, deck: deck, events: kept, scheduler: scheduler) {
            try database.run("INSERT INTO sync_review (review, event) VALUES (?, ?)", [.integer(id), .text(event.id)])
        }
        return added
    }

    /// Writes the card `card` (of the deck row `deck`, whose rows are gone) anew from
    /// `events` replayed in time order: its row with the state after the last, and a
    /// review row for each, which are returned with their events.
    func insertReplayed(
        _ card: CardID, deck: Int64, events: [ReviewEvent], scheduler: FSRSScheduler
    ) throws -> [(event: ReviewEvent, review: Int64)] {
        let replayed = Self.replayed(events, scheduler: scheduler)
        guard let first = replayed.first, let last = replayed.last else { return [] }
        let row = try insertCard(
            deck: deck, question: card.question, state: last.after, firstReview: Date(storeMilliseconds: first.event.time))
        var before: FSRSCard?
        var inserted: [(event: ReviewEvent, review: Int64)] = []
        for (event, after) in replayed {
            let review = Review(
                card: card, rating: event.rating, time: Date(storeMilliseconds: event.time),
                answerTime: Duration(storeMilliseconds: event.answerMilliseconds), after: after)
            inserted.append((event, try insertReview(review, card: row, deck: deck, before: before)))
            before = after
        }
        return inserted
    }

    /// Sets the state of the card row `card` (if it still has one) to the replay of its
    /// reviews in time order, leaving the review rows as they are (an undo still
    /// finds the latest).
    func canonicalize(card: Int64, scheduler: FSRSScheduler) throws {
        var reviews: [ReviewEvent] = []
        try database.query("""
            SELECT s.event, r.time, r.rating, r.answer_ms FROM review AS r JOIN sync_review AS s ON s.review = r.id WHERE r.card = ?
            """, [.integer(card)]) { row in
                guard let rating = FSRSRating(rawValue: Int(row.integer(2))) else { return }
                reviews.append(ReviewEvent(id: row.text(0), time: row.integer(1), rating: rating, answerMilliseconds: row.integer(3)))
            }
        guard let state = Self.replayed(reviews, scheduler: scheduler).last?.after else { return }
        try database.run("""
            UPDATE card SET state = ?, step = ?, stability = ?, difficulty = ?, due = ?, last_review = ? WHERE id = ?
            """, Self.values(of: state) + [.integer(card)])
    }

    /// Each review's state after it, replayed oldest first (then by event id: the same
    /// on every device), starting new.
    static func replayed(_ events: [ReviewEvent], scheduler: FSRSScheduler) -> [(event: ReviewEvent, after: FSRSCard)] {
        var state: FSRSCard?
        return events.sorted { ($0.time, $0.id) < ($1.time, $1.id) }.map { event in
            let time = Date(storeMilliseconds: event.time)
            let after = scheduler.review(state ?? FSRSCard(due: time), rating: event.rating, at: time)
            state = after
            return (event, after)
        }
    }

    /// Suspends or unsuspends `card` as another device did: not a change of this
    /// device's, so nothing is noted to send.
    private func applySuspension(_ isSuspended: Bool, card: CardID) throws {
        guard let deck = try deckID(named: card.deck, creating: true) else { return }
        try database.run(
            isSuspended
                ? "INSERT INTO suspended_card (deck, question) VALUES (?, ?) ON CONFLICT DO NOTHING"
                : "DELETE FROM suspended_card WHERE deck = ? AND question = ?",
            [.integer(deck), .text(card.question)])
        try database.run("DELETE FROM sync_unsent_suspension WHERE deck = ? AND question = ?", [.integer(deck), .text(card.question)])
    }

    /// Runs `body` in one durable transaction with a page cache large enough for a big
    /// merge, and forgets cached deck ids if it fails (a deck added in it is gone).
    ///
    /// Not `durable`: committed without waiting for the disk (WAL, `synchronous=NORMAL`:
    /// still all or nothing, but a power cut can take it back). For a merge's steps
    /// before the last, which the next merge redoes if they are lost, and which the last
    /// step's durable commit makes durable with it (the log is written in order): 295
    /// steps of 300,000 events took 13.7 s with a disk flush each, against 4.2 s at once.
    func syncTransaction<Result>(durable: Bool = true, _ body: () throws -> Result) throws(ReviewStoreError) -> Result {
        try? database.execute("PRAGMA cache_size = -16384")
        if !durable { try? database.execute("PRAGMA synchronous = NORMAL") }
        defer {
            // A step's cache is the next step's: only the last gives it back.
            if durable { try? database.execute("PRAGMA cache_size = -2000") }
            if !durable { try? database.execute("PRAGMA synchronous = FULL") }
        }
        do {
            return try storeErrors { try database.transaction(body) }
        } catch {
            deckIDs.removeAll()
            throw error
        }
    }

    /// The devices seen in the folder and the wall time of each one's latest event.
    func syncDevices() throws -> [(device: String, wall: Int64)] {
        var devices: [(device: String, wall: Int64)] = []
        try database.query("SELECT device, wall FROM sync_device ORDER BY device") { devices.append(($0.text(0), $0.integer(1))) }
        return devices
    }

    /// The name `device` last sent, if any (an empty one is none).
    func syncDeviceName(_ device: String) throws -> String? {
        try registerValue(SyncEvent.nameRegister(of: device)).flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// The events of one merge, gathered file by file so that each file's lines can go
/// once read: reviews by card (what the replay needs), the other events as they are
/// (few), each device's latest wall time and the latest stamp.
struct SyncMergeBatch: Sendable {
    var reviews: [CardID: [ReviewStore.ReviewEvent]] = [:]
    var others: [SyncEvent] = []
    /// The reviews the batch's retractions name: a step before the last leaves them
    /// out already, as the last, which notes the retractions, does.
    var retracted = Set<String>()
    var devices: [String: Int64] = [:]
    var latest: HLCStamp?

    mutating func add(_ events: [SyncEvent]) {
        for event in events {
            if latest.map({ event.stamp > $0 }) ?? true { latest = event.stamp }
            devices[event.device] = max(devices[event.device] ?? .min, event.stamp.wall)
            if case .review(let card, let rating, let time, let answer) = event.body {
                reviews[card, default: []].append(ReviewStore.ReviewEvent(
                    id: event.id, device: event.device, time: time, rating: rating, answerMilliseconds: answer))
            } else {
                if case .retraction(let target) = event.body { retracted.insert(target) }
                others.append(event)
            }
        }
    }
}

/// A card's field as the latest edit on any device left it.
public struct SyncCardField: Sendable, Equatable {
    public var card: CardID
    /// The field's name: ``reading`` or ``meaning`` (a newer Kuchi may send others,
    /// which are kept and not applied).
    public var field: String
    public var value: String

    /// The field of a card's reading (kana).
    public static let reading = "reading"
    /// The field of a card's meaning (its answer).
    public static let meaning = "meaning"
}
