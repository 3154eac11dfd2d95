import FoundationEssentials

/// A review log turned into what FSRS trains on, as fsrs-rs turns Anki's log into its
/// `FSRSItem`s (its `convert_to_fsrs_items`, which Anki and the optimizer tools share).
///
/// Each card's reviews are counted in study days: a review's day is its date in the
/// learner's time zone after moving the clock back by the hour the study day starts at,
/// so a review at 02:00 belongs to the evening before when days start at 04:00. The
/// interval before a review is the number of such days since the card's previous review;
/// reviews on the same day have an interval of 0, and FSRS-6 treats them with its
/// short-term formula. A training *item* is one review on a later day than the one
/// before it, predicted from every review of the card up to it.
///
/// fsrs-rs copies each item's reviews into a list of its own; here a card's reviews are
/// kept once and an item is the card and where in it the item ends. The training then
/// walks a card once for all its items, which is what fsrs-rs does when it is given the
/// card ids.
package struct FSRSReviewHistory: Sendable {
    /// One card's reviews, from the start of its last learning onwards.
    package struct Card: Sendable {
        package var id: Int64
        /// Ratings, 1 (Again) to 4 (Easy).
        package var ratings: [UInt8]
        /// Study days since the card's previous review (0 for the first review).
        package var intervals: [Int32]
    }

    /// A prediction to train on or to score: review `end` of card `card` (an index
    /// into `cards`), predicted from the reviews before it. Its interval is at least a day.
    package struct Item: Sendable {
        package var card: Int32
        package var end: Int32
    }

    /// The cards that have at least one item, in ascending card id.
    package var cards: [Card]
    /// Every item, in the order of the reviews' times (ties in card order), which is the
    /// order fsrs-rs weights by recency.
    package var items: [Item]

    /// How many reviews were read, whether or not they became part of an item.
    package var reviewCount: Int

    package func rating(_ item: Item) -> UInt8 { cards[Int(item.card)].ratings[Int(item.end)] }
    package func interval(_ item: Item) -> Int32 { cards[Int(item.card)].intervals[Int(item.end)] }
}

extension FSRSReviewHistory {
    /// The history in `csv` (``ReviewLogCSV``'s columns, in any order, found by the
    /// header's names; further columns are ignored).
    ///
    /// A review state of 0 (new) or 1 (learning) counts as learning, as fsrs-rs reads
    /// these files; 2 (review), 3 (relearning), 4 (filtered) and 5 (manual) do not. Any
    /// other value, a rating outside 1...4, or a field that is not an integer is an error
    /// that names the line. `dayStartHour` is taken within 0...23.
    package init(reviewLogCSV csv: Data, timeZone: TimeZone, dayStartHour: Int) throws(FSRSOptimizer.LogError) {
        let rows = try Self.rows(of: csv)
        self.init(rows: rows, timeZone: timeZone, dayStartHour: min(max(dayStartHour, 0), 23))
    }

    /// One line of the log, as read.
    struct Row {
        var card: Int64
        var milliseconds: Int64
        var rating: UInt8
        var learning: Bool
    }

    init(rows: [Row], timeZone: TimeZone, dayStartHour: Int) {
        self.init(rows: rows, days: StudyDays(timeZone: timeZone, dayStartHour: dayStartHour))
    }

    init(rows: [Row], days: StudyDays) {
        reviewCount = rows.count
        // By card, then time; ties keep the file's order, as fsrs-rs's stable sort does.
        let order = rows.indices.sorted { a, b in
            let (x, y) = (rows[a], rows[b])
            return x.card != y.card ? x.card < y.card : x.milliseconds != y.milliseconds
                ? x.milliseconds < y.milliseconds : a < b
        }
        var cards: [Card] = []
        // Each item with its review's time, to be put in time order at the end.
        var timedItems: [(milliseconds: Int64, item: Item)] = []
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, rows[order[end]].card == rows[order[start]].card { end += 1 }
            let reviews = order[start..<end].map { rows[$0] }
            start = end
            let kept = reviews[Self.lastLearningStart(of: reviews)...]
            guard kept.count > 1 else { continue }
            var card = Card(id: kept[kept.startIndex].card, ratings: [], intervals: [])
            card.ratings.reserveCapacity(kept.count)
            card.intervals.reserveCapacity(kept.count)
            var previousDay = 0
            var cardItems: [(Int64, Item)] = []
            for (position, review) in kept.enumerated() {
                let day = days.day(of: review.milliseconds)
                // Never negative, even where a time zone's offset moves a later review
                // to an earlier date.
                let interval = position == 0 ? 0 : max(0, day - previousDay)
                previousDay = day
                card.ratings.append(review.rating)
                card.intervals.append(Int32(clamping: interval))
                if interval > 0 {
                    cardItems.append((review.milliseconds, Item(card: Int32(cards.count), end: Int32(position))))
                }
            }
            guard !cardItems.isEmpty else { continue }
            // The card's reviews after its last item predict nothing: not kept.
            let last = Int(cardItems[cardItems.count - 1].1.end)
            card.ratings.removeSubrange((last + 1)...)
            card.intervals.removeSubrange((last + 1)...)
            cards.append(card)
            timedItems.append(contentsOf: cardItems.map { (milliseconds: $0.0, item: $0.1) })
        }
        // Stable, so equal times stay in card order (the order fsrs-rs's stable sort leaves).
        let timeOrder = timedItems.indices.sorted { a, b in
            timedItems[a].milliseconds != timedItems[b].milliseconds
                ? timedItems[a].milliseconds < timedItems[b].milliseconds : a < b
        }
        self.cards = cards
        self.items = timeOrder.map { timedItems[$0].item }
    }

    /// Where the card's last learning begins: the first of the last run of learning
    /// reviews. A card relearnt from scratch (reset, then learnt again) is trained on
    /// from the new start only; a card with no learning review at all (its start is not
    /// in the log) is left out (the whole log's `endIndex`).
    ///
    /// fsrs-rs's `remove_revlog_before_last_first_learn`, which marks "not found yet" with
    /// index 0: a card whose only learning run starts at its first review is kept whole.
    static func lastLearningStart(of reviews: [Row]) -> Int {
        var start: Int?
        for index in reviews.indices.reversed() {
            if reviews[index].learning {
                start = index
            } else if start != nil {
                break
            }
        }
        return start ?? reviews.endIndex
    }

    /// The rows of `csv`: a header naming the columns, then one review a line; blank lines
    /// are skipped, and a line may end in CR LF.
    static func rows(of csv: Data) throws(FSRSOptimizer.LogError) -> [Row] {
        let bytes = [UInt8](csv)
        // Lines one at a time, numbered from 1: a log of millions of reviews needs no list
        // of them.
        var lineNumber = 0, position = 0
        func nextLine() -> Range<Int>? {
            guard position < bytes.count else { return nil }
            let start = position
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            position = end + 1
            lineNumber += 1
            return start..<end
        }
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var range = range
            while let last = range.last, bytes[last] == UInt8(ascii: "\r") || bytes[last] == UInt8(ascii: " ") {
                range = range.lowerBound..<last
            }
            while let first = range.first, bytes[first] == UInt8(ascii: " ") { range = (first + 1)..<range.upperBound }
            return range
        }
        func fields(_ line: Range<Int>) -> [Range<Int>] {
            var fields: [Range<Int>] = []
            var start = line.lowerBound
            for index in line where bytes[index] == UInt8(ascii: ",") {
                fields.append(trimmed(start..<index))
                start = index + 1
            }
            fields.append(trimmed(start..<line.upperBound))
            return fields
        }
        var header: Range<Int>?
        while header == nil, let line = nextLine() {
            if !trimmed(line).isEmpty { header = line }
        }
        guard let header else { return [] }
        let names = fields(header).map { String(decoding: bytes[$0], as: UTF8.self) }
        var columns: [Int] = []
        for name in ["card_id", "review_time", "review_rating", "review_state"] {
            guard let column = names.firstIndex(of: name) else {
                throw FSRSOptimizer.LogError(line: lineNumber, reason: "the header has no \(name) column")
            }
            columns.append(column)
        }
        let needed = (columns.max() ?? 0) + 1
        var rows: [Row] = []
        // About 30 bytes a line in Kuchi's logs.
        rows.reserveCapacity(bytes.count / 30)
        while let next = nextLine() {
            let line = trimmed(next)
            if line.isEmpty { continue }
            let values = fields(line)
            guard values.count >= needed else {
                throw FSRSOptimizer.LogError(line: lineNumber, reason: "\(values.count) fields, not \(names.count)")
            }
            var numbers: [Int64] = []
            for (name, column) in zip(["card_id", "review_time", "review_rating", "review_state"], columns) {
                guard let number = integer(bytes[values[column]]) else {
                    throw FSRSOptimizer.LogError(line: lineNumber, reason: "\(name) is not an integer")
                }
                numbers.append(number)
            }
            guard (1...4).contains(numbers[2]) else {
                throw FSRSOptimizer.LogError(line: lineNumber, reason: "review_rating \(numbers[2]) is not 1 to 4")
            }
            guard (0...5).contains(numbers[3]) else {
                throw FSRSOptimizer.LogError(line: lineNumber, reason: "review_state \(numbers[3]) is not 0 to 5")
            }
            rows.append(Row(card: numbers[0], milliseconds: numbers[1], rating: UInt8(numbers[2]), learning: numbers[3] <= 1))
        }
        return rows
    }

    /// A decimal integer with an optional minus sign, or nil (empty, another character,
    /// or beyond Int64).
    private static func integer(_ digits: ArraySlice<UInt8>) -> Int64? {
        var digits = digits
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return negative ? -value : value
    }
}

/// Study-day numbers for review times: the days since 1970-01-01 of the local date an
/// hour count before the time, the hour the study day starts at.
struct StudyDays {
    /// The offset from UTC, in seconds, at a time in seconds since 1970.
    let secondsFromGMT: (Int64) -> Int64
    let dayStartMilliseconds: Int64

    init(timeZone: TimeZone, dayStartHour: Int) {
        self.init(dayStartHour: dayStartHour) { Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0)))) }
    }

    /// Days in a zone given by its offset at each time: the app's own zone, which it
    /// knows only through the C library (FoundationEssentials has no zone by name).
    init(dayStartHour: Int, secondsFromGMT: @escaping (Int64) -> Int64) {
        self.secondsFromGMT = secondsFromGMT
        dayStartMilliseconds = Int64(dayStartHour) * 3_600_000
    }

    func day(of milliseconds: Int64) -> Int {
        let shifted = milliseconds.subtractingReportingOverflow(dayStartMilliseconds).partialValue
        let seconds = Self.floorDivide(shifted, 1000)
        return Int(Self.floorDivide(seconds &+ secondsFromGMT(seconds), 86_400))
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }
}
