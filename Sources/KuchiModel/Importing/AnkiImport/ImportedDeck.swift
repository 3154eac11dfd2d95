import FoundationEssentials

/// What an import brings: the deck, and for an Anki package the review history of
/// the cards it kept, the sounds they use, and what was left out.
public struct ImportedDeck: Sendable, Equatable {
    public var deck: Deck
    /// The package's review history, oldest first (``ImportedReview``); empty for a
    /// text file or a Kuchi deck.
    public var reviews: [ImportedReview]
    public var skipped: ImportSkips
    /// The sound files the kept cards use, by the name their `audio` gives.
    public var media: [ImportedMedia]

    public init(deck: Deck, reviews: [ImportedReview] = [], skipped: ImportSkips = ImportSkips(), media: [ImportedMedia] = []) {
        self.deck = deck
        self.reviews = reviews
        self.skipped = skipped
        self.media = media
    }
}

/// One answer from an Anki package's review log (its `revlog` table), tied to the
/// Kuchi card its note became.
///
/// Only real answers are kept: Anki also logs a card set due by hand or rescheduled
/// (revlog type 4 "manual" and 5 "rescheduled") and, in some versions, a forgotten
/// card with ease 0. None of those is an answer the learner gave, and replaying them
/// as reviews would teach FSRS wrong, so the reader drops them.
public struct ImportedReview: Sendable, Equatable {
    /// The card's question (its word), as in the imported deck.
    public var question: String
    /// When the answer was given: the revlog id, milliseconds since 1970 (UTC).
    public var time: Date
    /// Anki's ease 1–4 (Again, Hard, Good, Easy), which is FSRS's rating.
    public var rating: FSRSRating
    /// How long the answer took (revlog `time`, milliseconds).
    public var duration: Duration
    /// What kind of review Anki logged it as.
    public var kind: Kind

    /// Anki's revlog `type` for the answers kept.
    public enum Kind: Int, Sendable, Equatable {
        case learning = 0, review = 1, relearning = 2
        /// A review in a filtered deck (Anki's "cram").
        case filtered = 3
    }

    public init(question: String, time: Date, rating: FSRSRating, duration: Duration, kind: Kind) {
        self.question = question
        self.time = time
        self.rating = rating
        self.duration = duration
        self.kind = kind
    }
}

/// A sound a kept card uses: the name it is kept under, and where it is in the package.
public struct ImportedMedia: Sendable, Equatable {
    /// The file name in the deck's media folder (checked by `MediaName`).
    public var name: String
    /// The package's zip entry that holds it ("0", "1", …).
    let entry: String
    /// Whether the entry is zstd-compressed (the newest package generation).
    let compressed: Bool
}

/// The notes an import left out, by reason, and the sentence that tells the learner.
public struct ImportSkips: Sendable, Equatable {
    /// Cloze notes ("{{c1::…}}"): Kuchi asks a word for its meaning, not a gap.
    public var cloze = 0
    /// Notes whose word or meaning is only an image.
    public var imageOnly = 0
    /// Notes with no word or no meaning.
    public var empty = 0
    /// Notes whose word another note already has.
    public var duplicates = 0
    /// Notes with a word, reading or meaning a card cannot show (`TextCost`): too
    /// long, a control character, or a character stacked too high with accents.
    public var unshowable = 0
    /// The first of them, named.
    public var firstUnshowable: UnshowableNote?
    /// When the package's history held more reviews than an import brings
    /// (``DeckLimits/maximumReviews``): how many were kept, the newest. Not a note.
    public var newestReviewsKept: Int?

    public init() {}

    /// The notes left out.
    public var total: Int { cloze + imageOnly + empty + duplicates + unshowable }

    /// A note left out because a card cannot show its text, and why, for the learner
    /// to find it in Anki.
    public struct UnshowableNote: Sendable, Equatable {
        /// Its place among the package's notes (oldest first), from 1.
        public var number: Int
        /// Its word, when that is not the text at fault.
        public var word: String?
        /// The package's name for the field at fault ("Meaning").
        public var field: String
        /// What is wrong (`TextCost.Problem.reason`).
        public var reason: String

        /// "note 3 (食べる), field “Meaning”: it is too long (300 characters; at most 200)".
        public var description: String {
            let field = PrintableText.quoting(field, limit: 40)
            guard let word else {
                return tr("note {number}, field “{field}”: {reason}", ["number": number.grouped, "field": field, "reason": reason])
            }
            return tr("note {number} ({word}), field “{field}”: {reason}", [
                "number": number.grouped, "word": PrintableText.quoting(word, limit: 20), "field": field, "reason": reason,
            ])
        }
    }

    /// "Left out 1 cloze note. Left out 2 notes with only an image." — a sentence a
    /// reason, each with its own plural; nil when nothing was left out.
    public var sentence: String? {
        let sentences = [
            cloze > 0 ? trn("Left out {count} cloze note.", "Left out {count} cloze notes.", cloze) : nil,
            imageOnly > 0
                ? trn("Left out {count} note with only an image.", "Left out {count} notes with only an image.", imageOnly) : nil,
            empty > 0
                ? trn("Left out {count} note without a word or a meaning.", "Left out {count} notes without a word or a meaning.",
                      empty) : nil,
            duplicates > 0
                ? trn("Left out {count} note whose word was already on another.",
                      "Left out {count} notes whose word was already on another.", duplicates) : nil,
            unshowable > 0
                ? trn("Left out {count} note whose text a card cannot show: {note}.",
                      "Left out {count} notes whose text a card cannot show, the first {note}.", unshowable,
                      ["note": firstUnshowable?.description ?? ""]) : nil,
            newestReviewsKept.map {
                trn("Kept only the newest {count} review of its history; older ones were left out.",
                    "Kept only the newest {count} reviews of its history; older ones were left out.", $0)
            },
        ].compactMap(\.self)
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }
}
