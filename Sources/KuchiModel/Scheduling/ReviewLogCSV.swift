import FoundationEssentials

/// A review log as CSV in the shape the FSRS optimizer (fsrs-optimizer, and Anki's
/// "Optimize" from a file) reads:
///
/// ```
/// card_id,review_time,review_rating,review_state,review_duration
/// 17,1700000000000,3,0,4200
/// ```
/// `review_time` is milliseconds since 1970-01-01 UTC; `review_rating` 1 (Again) to 4
/// (Easy); `review_state` the card's state when answered: 0 new, 1 learning, 2 review,
/// 3 relearning; `review_duration` milliseconds.
public enum ReviewLogCSV {
    public static let header = "card_id,review_time,review_rating,review_state,review_duration"

    public static func encode(_ reviews: [ExportedReview]) -> Data {
        var text = header + "\n"
        text.reserveCapacity(reviews.count * 40 + 64)
        for review in reviews {
            let state = review.stateBefore?.rawValue ?? 0
            text += "\(review.card),\(review.milliseconds),\(review.rating.rawValue),\(state),\(review.durationMilliseconds)\n"
        }
        return Data(text.utf8)
    }
}
