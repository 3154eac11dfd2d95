import FoundationEssentials

/// This device's side of sync in the database: the changes the triggers of schema v5
/// noted (reviews, undos, suspensions) become events in the outbox, in one transaction;
/// the outbox is emptied only once its lines are in the device's log. So the database is
/// the source, and the log catches up from it whenever Kuchi was killed in between.
extension ReviewStore {
    /// One line waiting for the device's log, and the wall time of its stamp (its month's file).
    struct OutboxLine {
        let id: Int64
        let wall: Int64
        let line: String
    }

    /// The hybrid clock as last saved (zero before the first sync).
    func syncClock() throws -> HybridClock {
        let wall = try database.integer("SELECT value FROM sync_state WHERE key = 'clock.wall'") ?? 0
        let counter = try database.integer("SELECT value FROM sync_state WHERE key = 'clock.counter'") ?? 0
        return HybridClock(last: HLCStamp(wall: wall, counter: counter))
    }

    func saveSyncClock(_ clock: HybridClock) throws {
        let sql = "INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)"
        try database.run(sql, [.text("clock.wall"), .integer(clock.last.wall)])
        try database.run(sql, [.text("clock.counter"), .integer(clock.last.counter)])
    }

    /// Turns every unsent change into an event of `device` in the outbox, and the given
    /// `settings` changes (key, JSON value) and the device's new `name` too. Inside a
    /// transaction; returns how many.
    ///
    /// The cards of the reviews and retractions sent get the state the replay of their
    /// reviews gives (``canonicalize(card:scheduler:)``), as every other device computes
    /// it: an answer given with fuzz, or with the clock stepped back before an earlier
    /// review, leaves a state no other device would replay.
    func fillOutbox(
        device: String, clock: inout HybridClock, now: Int64, settings: [(key: String, value: String)], name: String? = nil,
        scheduler: FSRSScheduler
    ) throws -> Int {
        var events: [(event: SyncEvent, review: Int64?)] = []
        var cards = Set<Int64>()
        try database.query("""
            SELECT u.review, r.time, r.rating, r.answer_ms, d.name, c.question, r.card
            FROM sync_unsent_review AS u JOIN review AS r ON r.id = u.review JOIN card AS c ON c.id = r.card
                JOIN deck AS d ON d.id = r.deck
            ORDER BY u.review
            """) { row in
                guard let rating = FSRSRating(rawValue: Int(row.integer(2))) else {
                    throw InvalidRow(detail: "review \(row.integer(0)) has an unknown rating \(row.integer(2))")
                }
                let body = SyncEvent.Body.review(
                    card: CardID(deck: row.text(4), question: row.text(5)), rating: rating, time: row.integer(1),
                    answerMilliseconds: row.integer(3))
                events.append((SyncEvent(id: SyncEvent.newID(), device: device, stamp: clock.tick(now: now), body: body), row.integer(0)))
                cards.insert(row.integer(6))
            }
        try database.query("SELECT event, card FROM sync_unsent_retraction ORDER BY event") { row in
            cards.insert(row.integer(1))
            let body = SyncEvent.Body.retraction(of: row.text(0))
            events.append((SyncEvent(id: SyncEvent.newID(), device: device, stamp: clock.tick(now: now), body: body), nil))
        }
        try database.query("""
            SELECT d.name, u.question, EXISTS (SELECT 1 FROM suspended_card AS s WHERE s.deck = u.deck AND s.question = u.question)
            FROM sync_unsent_suspension AS u JOIN deck AS d ON d.id = u.deck ORDER BY d.name, u.question
            """) { row in
                let body = SyncEvent.Body.suspension(card: CardID(deck: row.text(0), question: row.text(1)), isSuspended: row.integer(2) != 0)
                events.append((SyncEvent(id: SyncEvent.newID(), device: device, stamp: clock.tick(now: now), body: body), nil))
            }
        for setting in settings {
            let body = SyncEvent.Body.setting(key: setting.key, value: setting.value)
            events.append((SyncEvent(id: SyncEvent.newID(), device: device, stamp: clock.tick(now: now), body: body), nil))
        }
        if let name {
            events.append((SyncEvent(id: SyncEvent.newID(), device: device, stamp: clock.tick(now: now), body: .deviceName(name)), nil))
        }
        guard !events.isEmpty else { return 0 }
        for (event, review) in events {
            if let review {
                try database.run("INSERT INTO sync_review (review, event) VALUES (?, ?)", [.integer(review), .text(event.id)])
            }
            if event.register != nil { try storeRegister(event) }
            try database.run("INSERT OR IGNORE INTO sync_own (event) VALUES (?)", [.text(event.id)])
            try database.run(
                "INSERT INTO sync_outbox (wall, line) VALUES (?, ?)",
                [.integer(event.stamp.wall), .text(String(decoding: SyncLine.encode(event), as: UTF8.self))])
        }
        try database.execute("DELETE FROM sync_unsent_review; DELETE FROM sync_unsent_retraction; DELETE FROM sync_unsent_suspension")
        for card in cards.sorted() { try canonicalize(card: card, scheduler: scheduler) }
        try saveSyncClock(clock)
        return events.count
    }

    /// The outbox, oldest first.
    func outbox() throws -> [OutboxLine] {
        var lines: [OutboxLine] = []
        try database.query("SELECT id, wall, line FROM sync_outbox ORDER BY id") {
            lines.append(OutboxLine(id: $0.integer(0), wall: $0.integer(1), line: $0.text(2)))
        }
        return lines
    }

    /// Empties the outbox up to line `id`, once those lines are durably in the log.
    func clearOutbox(through id: Int64) throws {
        try database.run("DELETE FROM sync_outbox WHERE id <= ?", [.integer(id)])
    }

    /// Whether this installation wrote event `id`.
    func isOwnEvent(_ id: String) throws -> Bool {
        try database.integer("SELECT 1 FROM sync_own WHERE event = ?", [.text(id)]) != nil
    }

    /// A register's value as kept, and the event that wrote it.
    struct RegisterEntry {
        let value: String
        let stamp: HLCStamp
        let device: String
        let event: String
    }

    /// Register `name` as kept, if any.
    func registerEntry(_ name: String) throws -> RegisterEntry? {
        var kept: RegisterEntry?
        try database.query("SELECT value, wall, counter, device, event FROM sync_register WHERE name = ?", [.text(name)]) { row in
            kept = RegisterEntry(
                value: row.text(0), stamp: HLCStamp(wall: row.integer(1), counter: row.integer(2)), device: row.text(3), event: row.text(4))
        }
        return kept
    }

    /// Keeps `event` as its register's value if it is newer than the value kept;
    /// returns whether it was.
    @discardableResult
    func storeRegister(_ event: SyncEvent) throws -> Bool {
        guard let name = event.register else { return false }
        if let kept = try registerEntry(name), !event.isNewer(than: (kept.stamp, kept.device, kept.event)) { return false }
        let value: String
        switch event.body {
        case .suspension(_, let isSuspended): value = isSuspended ? "true" : "false"
        case .cardField(_, _, let text): value = text
        case .word(_, let json): value = json ?? "null"
        case .setting(_, let json): value = json
        case .deviceName(let name): value = name
        // The whole line: installing the deck needs all of it, maybe at a later merge.
        case .deck: value = String(decoding: SyncLine.encode(event), as: UTF8.self)
        case .review, .retraction, .unknown: return false
        }
        try database.run("""
            INSERT OR REPLACE INTO sync_register (name, value, wall, counter, device, event) VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(name), .text(value), .integer(event.stamp.wall), .integer(event.stamp.counter), .text(event.device), .text(event.id)])
        return true
    }

    /// Notes `bodies`, register changes this device made outside the review log (a
    /// deck's cards changed, a deck imported or removed), as its own events: each
    /// register kept and each event put in the outbox for the next append, stamped by
    /// the store's clock at `now`. Call it inside a sync transaction.
    func noteOwnEvents(_ bodies: [SyncEvent.Body], device: String, now: Int64) throws {
        var clock = try syncClock()
        for body in bodies {
            let event = SyncEvent(id: SyncEvent.newID(), device: device, stamp: clock.tick(now: now), body: body)
            try storeRegister(event)
            try database.run("INSERT OR IGNORE INTO sync_own (event) VALUES (?)", [.text(event.id)])
            try database.run(
                "INSERT INTO sync_outbox (wall, line) VALUES (?, ?)",
                [.integer(event.stamp.wall), .text(String(decoding: SyncLine.encode(event), as: UTF8.self))])
        }
        try saveSyncClock(clock)
    }

    /// The value kept for register `name`, if any.
    func registerValue(_ name: String) throws -> String? {
        try database.text("SELECT value FROM sync_register WHERE name = ?", [.text(name)])
    }

    /// A value of `sync_state` (nil if never set).
    func syncState(_ key: String) throws -> Int64? {
        try database.integer("SELECT value FROM sync_state WHERE key = ?", [.text(key)])
    }
}

extension ReviewStore {
    /// How far the log `file` (relative to the sync folder) has been read.
    func syncFileMark(_ file: String) throws -> SyncFileMark {
        var mark = SyncFileMark()
        try database.query("SELECT offset, lines, tail_length, tail_sum FROM sync_file WHERE path = ?", [.text(file)]) { row in
            mark = SyncFileMark(
                offset: row.integer(0), lines: Int(row.integer(1)), tailLength: row.integer(2),
                tailSum: UInt32(truncatingIfNeeded: row.integer(3)))
        }
        return mark
    }

    func saveSyncFileMark(_ mark: SyncFileMark, of file: String) throws {
        try database.run("""
            INSERT OR REPLACE INTO sync_file (path, offset, lines, tail_length, tail_sum) VALUES (?, ?, ?, ?, ?)
            """, [.text(file), .integer(mark.offset), .integer(Int64(mark.lines)), .integer(mark.tailLength), .integer(Int64(mark.tailSum))])
    }
}
