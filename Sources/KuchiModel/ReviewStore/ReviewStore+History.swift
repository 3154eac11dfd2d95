import FoundationEssentials

/// What ``ReviewStore/importHistory(_:deck:scheduler:unlistedFile:shouldStop:)`` brought in.
public struct HistoryImport: Sendable, Equatable {
    /// Cards with a history now, and the reviews replayed into them.
    public var cards = 0
    public var reviews = 0
    /// Cards left alone because Kuchi already has a history of them, and their past
    /// reviews not replayed.
    public var cardsKept = 0
    public var reviewsSkipped = 0
}

/// How a card's past reviews (``ImportedReview``, from an Anki package) become Kuchi's: replayed, oldest first, through Kuchi's
/// own scheduler, so the card's state is what Kuchi would have made of that history.
/// The only rule of replay; the store records what it gives.
public enum HistoryReplay {
    /// The reviews of `deck` that `history` gives, card by card in the order cards
    /// first appear, each card's reviews oldest first (a repeat at the same
    /// millisecond is one review), each state the scheduler's from the one before,
    /// starting new at the first review. `scheduler` should have fuzz off: a replay is
    /// the same every time.
    public static func reviews(of history: [ImportedReview], deck: String, scheduler: FSRSScheduler) -> [[Review]] {
        var cards: [[Review]] = []
        forEachCard(of: history, deck: deck, scheduler: scheduler) { cards.append($0) }
        return cards
    }

    /// ``reviews(of:deck:scheduler:)`` one card at a time, each card's reviews made
    /// only when `body` is about to take them: a history of 2,000,000 reviews is never
    /// held twice (the cards keep positions in `history`, not copies).
    public static func forEachCard(
        of history: [ImportedReview], deck: String, scheduler: FSRSScheduler, _ body: ([Review]) throws -> Void
    ) rethrows {
        var order: [String] = []
        var byCard: [String: [Int]] = [:]
        for (position, past) in history.enumerated() {
            if byCard[past.question] == nil { order.append(past.question) }
            byCard[past.question, default: []].append(position)
        }
        var random = SystemRandomNumberGenerator()
        for question in order {
            let past = (byCard.removeValue(forKey: question) ?? []).sorted { history[$0].time < history[$1].time }
            var card: FSRSCard?
            var lastTime: Int64?
            var reviews: [Review] = []
            reviews.reserveCapacity(past.count)
            for position in past {
                let review = history[position]
                let milliseconds = review.time.storeMilliseconds
                guard milliseconds != lastTime else { continue }
                lastTime = milliseconds
                let time = Date(storeMilliseconds: milliseconds)
                let after = scheduler.review(card ?? FSRSCard(due: time), rating: review.rating, at: time, using: &random)
                reviews.append(Review(
                    card: CardID(deck: deck, question: question), rating: review.rating, time: time,
                    answerTime: review.duration, after: after))
                card = after
            }
            try body(reviews)
        }
    }
}

extension ReviewStore {
    /// Replays `history` into `deck`'s cards (``HistoryReplay``) and records every
    /// review it gives, with each card's final state, in one transaction: all of it or,
    /// on an error, none. A card Kuchi already has a history of keeps its own: its past
    /// reviews are skipped and counted.
    ///
    /// `shouldStop` is asked between cards (an import's Cancel): once it says yes, the
    /// transaction is rolled back and this throws; nothing was recorded.
    ///
    /// `unlistedFile`, the id of a deck file not yet listed (an import's, which writes
    /// it after this returns), is recorded in the same transaction: until
    /// ``settleImports(isListed:)`` finds that file listed, the cards this added are
    /// the import's to take back, whatever happens between the two steps.
    public func importHistory(
        _ history: [ImportedReview], deck: String, scheduler: FSRSScheduler, unlistedFile: String? = nil,
        shouldStop: () -> Bool = { false }
    ) throws(ReviewStoreError) -> HistoryImport {
        guard !history.isEmpty else { return HistoryImport() }
        // A page cache large enough for the transaction's pages: with SQLite's 2 MiB,
        // pages of the indexes left the cache and were written to the log again and again
        // (200,000 reviews: 1.46 s, mostly writes; 0.98 s with 64 MiB, which cost as much memory as the history itself); 16 MiB while the replay runs.
        try? database.execute("PRAGMA cache_size = -16384")
        defer { try? database.execute("PRAGMA cache_size = -2000") }
        let (result, deckRow) = try storeErrors {
            try database.transaction {
                guard let deckRow = try deckID(named: deck, creating: true) else {
                    throw InvalidRow(detail: "deck \(deck) could not be added")
                }
                if let unlistedFile {
                    // Card ids are rowids: every card this transaction adds comes after the largest now.
                    try database.run("""
                        INSERT OR REPLACE INTO unlisted_import (deck, deck_file, first_card)
                        VALUES (?, ?, (SELECT coalesce(max(id), 0) + 1 FROM card))
                        """, [.integer(deckRow), .text(unlistedFile)])
                }
                var result = HistoryImport()
                try HistoryReplay.forEachCard(of: history, deck: deck, scheduler: scheduler) { reviews in
                    if shouldStop() { throw HistoryImportStopped() }
                    guard let first = reviews.first, let last = reviews.last else { return }
                    if try storedCard(deck: deckRow, question: first.card.question) != nil {
                        result.cardsKept += 1
                        result.reviewsSkipped += reviews.count
                        return
                    }
                    let card = try insertCard(
                        deck: deckRow, question: first.card.question, state: last.after, firstReview: first.time)
                    var before: FSRSCard?
                    for review in reviews {
                        _ = try insertReview(review, card: card, deck: deckRow, before: before)
                        before = review.after
                    }
                    result.cards += 1
                    result.reviews += reviews.count
                }
                return (result, deckRow)
            }
        }
        // Only now that the transaction is committed may the cache learn of it.
        deckIDs[deck] = deckRow
        return result
    }
}

extension ReviewStore {
    /// Settles the histories imports recorded before listing their deck files
    /// (``importHistory(_:deck:scheduler:unlistedFile:shouldStop:)``): one whose file
    /// `isListed` now is kept; one whose file is not (Kuchi was killed, or the import
    /// failed, between the two steps) is taken back, the cards it added new again,
    /// each in one transaction. Call it at start-up, before any import, and when an
    /// import has ended. Returns the reviews taken back.
    @discardableResult
    public func settleImports(isListed: (_ deckFile: String) -> Bool) throws(ReviewStoreError) -> Int {
        try storeErrors {
            var unlisted: [(deck: Int64, file: String, firstCard: Int64)] = []
            try database.query("SELECT deck, deck_file, first_card FROM unlisted_import ORDER BY deck") {
                unlisted.append(($0.integer(0), $0.text(1), $0.integer(2)))
            }
            var takenBack = 0
            // As for the replay: the indexes' pages stay in the cache while it deletes.
            if !unlisted.isEmpty { try? database.execute("PRAGMA cache_size = -16384") }
            defer { if !unlisted.isEmpty { try? database.execute("PRAGMA cache_size = -2000") } }
            for (deck, file, firstCard) in unlisted {
                let listed = isListed(file)
                takenBack += try database.transaction { () throws -> Int in
                    var reviews = 0
                    if !listed {
                        var cards: [(id: Int64, question: String)] = []
                        try database.query(
                            "SELECT id, question FROM card WHERE deck = ? AND id >= ?", [.integer(deck), .integer(firstCard)]
                        ) { cards.append(($0.integer(0), $0.text(1))) }
                        for card in cards { reviews += try forget(card: card.id, deck: deck, question: card.question) }
                    }
                    try database.run("DELETE FROM unlisted_import WHERE deck = ?", [.integer(deck)])
                    return reviews
                }
            }
            return takenBack
        }
    }

    /// Takes back every review of the card row `card` (`question` of the deck row
    /// `deck`) and its memory state: it is new again. Inside a transaction; returns the
    /// reviews removed. The log only lets a card's latest review be deleted (schema
    /// v2), so they go newest first; the rule stays whole for every other writer.
    func forget(card: Int64, deck: Int64, question: String) throws -> Int {
        var reviews: [Int64] = []
        try database.query("SELECT id FROM review WHERE card = ? ORDER BY id DESC", [.integer(card)]) {
            reviews.append($0.integer(0))
        }
        for review in reviews { try database.run("DELETE FROM review WHERE id = ?", [.integer(review)]) }
        try database.run("DELETE FROM card WHERE id = ?", [.integer(card)])
        try database.run(
            "UPDATE deck_question SET reviewed = 0 WHERE deck = ? AND question = ?", [.integer(deck), .text(question)])
        return reviews.count
    }
}

/// Why ``ReviewStore/importHistory(_:deck:scheduler:unlistedFile:shouldStop:)`` stopped when asked to.
struct HistoryImportStopped: Error {}
