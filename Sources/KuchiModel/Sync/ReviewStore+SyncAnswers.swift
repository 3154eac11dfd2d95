import FoundationEssentials

/// One answer, one review. Two real answers to one card in the same millisecond do not
/// happen, so review events of a card with the same time and rating are the same answer
/// sent twice under different ids: by a restored backup that re-sends what the original
/// sent after the backup was taken, or by two devices that imported the same package's
/// history. The merge counts such an answer once, under the smallest of its ids, and
/// keeps its other ids (`sync_answer_id`), so that a retraction naming any of them takes
/// it back, and an answer taken back stays out whichever of its ids arrives later.
extension ReviewStore {
    /// What makes two review events of a card the same answer.
    struct Answer: Hashable {
        let time: Int64
        let rating: FSRSRating

        init(time: Int64, rating: FSRSRating) {
            self.time = time
            self.rating = rating
        }

        init(_ event: ReviewEvent) {
            self.init(time: event.time, rating: event.rating)
        }
    }

    /// The events of one answer: all its ids, and those read whole (the store's review
    /// and the batch's events; the ids kept in `sync_answer_id` have no review of their own).
    struct AnswerEvents {
        var ids: Set<String> = []
        var reviews: [ReviewEvent] = []
    }

    /// The ids of the card's answers the store holds no review row under (another id of a
    /// review's answer, or an answer taken back).
    func answerIDs(deck: Int64, question: String) throws -> [(id: String, answer: Answer)] {
        var found: [(id: String, answer: Answer)] = []
        try database.query(
            "SELECT event, time, rating FROM sync_answer_id WHERE deck = ? AND question = ?", [.integer(deck), .text(question)]
        ) { row in
            guard let rating = FSRSRating(rawValue: Int(row.integer(2))) else {
                throw InvalidRow(detail: "answer id \(row.text(0)) has an unknown rating \(row.integer(2))")
            }
            found.append((row.text(0), Answer(time: row.integer(1), rating: rating)))
        }
        return found
    }

    /// `reviews` and `otherIDs` of one card, by answer.
    static func answers(_ reviews: [ReviewEvent], otherIDs: [(id: String, answer: Answer)]) -> [Answer: AnswerEvents] {
        var answers: [Answer: AnswerEvents] = [:]
        for review in reviews {
            answers[Answer(review), default: AnswerEvents()].ids.insert(review.id)
            answers[Answer(review), default: AnswerEvents()].reviews.append(review)
        }
        for other in otherIDs { answers[other.answer, default: AnswerEvents()].ids.insert(other.id) }
        return answers
    }
}
