/// The user's preferences, saved in the config directory as `settings.json`.
///
/// Decoding is tolerant of keys that are missing, so a settings file written by an
/// older version (or trimmed by hand) keeps what it has and takes defaults for the rest.
/// A key holding the wrong type or an impossible value is not guessed at: the file
/// counts as corrupt (and is moved aside, so nothing in it is lost).
public struct Settings: Codable, Equatable, Sendable {
    /// The range a session length is kept in.
    public static let questionsRange = 3...20
    /// Questions per practice session until the person chooses: the one place this
    /// default is written (the setting's initial value, and a session made without one).
    public static let defaultQuestionsPerSession = 5

    /// Whether the profile is saved at registration, so the next start skips it.
    public var rememberUser = true
    /// Questions per practice session, kept within ``questionsRange``. Its key in
    /// settings.json is "numberOfQuestions", as it always was.
    public var questionsPerSession = Settings.defaultQuestionsPerSession {
        didSet { questionsPerSession = Self.clampedQuestions(questionsPerSession) }
    }
    public var appearance = Appearance.system
    /// How readings are shown: furigana until the person chooses.
    public var readings = ReadingDisplay.furigana
    /// Whether a word's pitch accent is drawn over its kana reading (and said with it),
    /// where the deck gives it: shown until the person chooses.
    public var pitchAccent = true
    /// Whether Statistics shows the streak of study days in a row: off until the
    /// learner turns it on, so that it never reads as a guilt badge.
    public var showsStreak = false
    /// Whether the Learn page (flash cards) is offered.
    public var learningEnabled = true
    /// Whether each new flash card's reading is said aloud as it appears on the Learn page.
    public var speakNewWords = false
    /// The flash cards' colour, as "#rrggbb".
    public var cardColor = "#3584e4"
    /// The chosen deck's identifier: its file name without ".json", e.g. "jlpt-n5".
    public var deck = "kuchi-basics"
    /// The decks (by identifier, or "file:NAME" for one opened with `--deck`) whose
    /// words are also asked the other way, meaning → Japanese, when typing answers.
    public var productionDecks: [String] = []
    /// The kanji decks (by identifier, as ``productionDecks``) whose kanji are also asked
    /// to be written by hand, meaning and reading → the kanji, when typing answers.
    public var writingDecks: [String] = []
    /// How many cards never seen before a day may bring, kept within ``dailyNewCardsRange``.
    public var dailyNewCards = 20 {
        didSet { dailyNewCards = Self.clamped(dailyNewCards, to: Self.dailyNewCardsRange) }
    }

    /// The range the daily new-card limit is kept in.
    public static let dailyNewCardsRange = 1...200

    /// The chance of recalling a card when it comes back, which sets how far apart
    /// reviews are (FSRS's desired retention), in whole percent within ``retentionRange``.
    public var desiredRetention = 90 {
        didSet { desiredRetention = Self.clamped(desiredRetention, to: Self.retentionRange) }
    }

    /// Whether dictionary apps may add words (AnkiConnect), on which port, with which key.
    public var ankiConnect = AnkiConnectSettings()
    /// The web origins (other than browser extensions and localhost) the learner let add
    /// words, answering a dictionary app's request for permission: "https://example.org".
    public var ankiConnectOrigins: [String] = []
    /// The folder Kuchi syncs through (an absolute path), which a file synchronizer
    /// (Syncthing, Nextcloud, Dropbox) copies between the learner's computers; nil: no sync.
    public var syncFolder: String?

    /// FSRS parameters fitted to this learner's reviews, once a fit predicted them better
    /// than the defaults (nil: the defaults). Settings+MemoryModel.swift.
    public var memoryModel: FittedMemoryModel?
    /// How many reviews there were at the last fit, kept or not: the next automatic
    /// one waits until they have doubled (``MemoryModelFit/isDue(reviewCount:lastFitReviewCount:)``).
    public var lastFitReviewCount = 0
    /// What Kuchi does when a card becomes a leech: tells the learner, or suspends it too.
    public var leechAction = LeechAction.tell

    /// The range desired retention is kept in, in percent: below 80 % reviews come too
    /// rarely to learn; above 95 % their number grows fast for little gain.
    public static let retentionRange = 80...95

    public init() {}

    /// The keys of settings.json. Each is the property's name, but for
    /// ``questionsPerSession``, which keeps the key files have always had, so old and new
    /// files read the same and a problem names the key the file has.
    enum CodingKeys: String, CodingKey {
        case rememberUser
        case questionsPerSession = "numberOfQuestions"
        case appearance, readings, pitchAccent, showsStreak, learningEnabled, speakNewWords, cardColor, deck, productionDecks, writingDecks
        case dailyNewCards, desiredRetention
        case ankiConnect, ankiConnectOrigins
        case memoryModel = "fsrsParameters", lastFitReviewCount = "fsrsLastFitReviews", leechAction = "leeches"
        case syncFolder
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Settings()
        rememberUser = try container.decodeIfPresent(Bool.self, forKey: .rememberUser) ?? defaults.rememberUser
        questionsPerSession = try Self.wholeNumber(CodingKeys.questionsPerSession, in: container, range: Self.questionsRange)
            ?? defaults.questionsPerSession
        appearance = try container.decodeIfPresent(Appearance.self, forKey: .appearance) ?? defaults.appearance
        readings = try container.decodeIfPresent(ReadingDisplay.self, forKey: .readings) ?? defaults.readings
        pitchAccent = try container.decodeIfPresent(Bool.self, forKey: .pitchAccent) ?? defaults.pitchAccent
        showsStreak = try container.decodeIfPresent(Bool.self, forKey: .showsStreak) ?? defaults.showsStreak
        learningEnabled = try container.decodeIfPresent(Bool.self, forKey: .learningEnabled)
            ?? defaults.learningEnabled
        speakNewWords = try container.decodeIfPresent(Bool.self, forKey: .speakNewWords) ?? defaults.speakNewWords
        cardColor = try container.decodeIfPresent(String.self, forKey: .cardColor) ?? defaults.cardColor
        deck = try container.decodeIfPresent(String.self, forKey: .deck) ?? defaults.deck
        productionDecks = try container.decodeIfPresent([String].self, forKey: .productionDecks) ?? defaults.productionDecks
        writingDecks = try container.decodeIfPresent([String].self, forKey: .writingDecks) ?? defaults.writingDecks
        dailyNewCards = try Self.wholeNumber(CodingKeys.dailyNewCards, in: container, range: Self.dailyNewCardsRange)
            ?? defaults.dailyNewCards
        desiredRetention = try Self.wholeNumber(CodingKeys.desiredRetention, in: container, range: Self.retentionRange)
            ?? defaults.desiredRetention
        ankiConnect = try container.decodeIfPresent(AnkiConnectSettings.self, forKey: .ankiConnect) ?? defaults.ankiConnect
        ankiConnectOrigins = try container.decodeIfPresent([String].self, forKey: .ankiConnectOrigins)
            ?? defaults.ankiConnectOrigins
        memoryModel = try container.decodeIfPresent(FittedMemoryModel.self, forKey: .memoryModel)
        lastFitReviewCount = try Self.wholeNumber(CodingKeys.lastFitReviewCount, in: container, range: Self.reviewCountRange)
            ?? defaults.lastFitReviewCount
        leechAction = try container.decodeIfPresent(LeechAction.self, forKey: .leechAction) ?? defaults.leechAction
        syncFolder = try container.decodeIfPresent(String.self, forKey: .syncFolder)
        if let syncFolder, !syncFolder.hasPrefix("/") {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [CodingKeys.syncFolder], debugDescription: tr("a sync folder is written as an absolute path, from /")))
        }
        guard Self.isColor(cardColor) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [CodingKeys.cardColor], debugDescription: tr("a colour is written #rrggbb")))
        }
        guard Self.isDeckIdentifier(deck) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [CodingKeys.deck],
                debugDescription: tr("a deck is named with up to 64 letters, digits, '-', '_' and '.'")))
        }
    }

    /// The whole number under `key`, clamped into `range`; nil if the key is missing or
    /// null. A number with a fraction, or anything else, is refused with the key, the
    /// range and what was found.
    private static func wholeNumber<Key: CodingKey>(
        _ key: Key, in container: KeyedDecodingContainer<Key>, range: ClosedRange<Int>
    ) throws -> Int? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        let value: Double
        do {
            value = try container.decode(Double.self, forKey: key)
        } catch DecodingError.typeMismatch {
            throw InvalidSetting(key: key.stringValue, range: range, found: nil)
        }
        guard let whole = Int(exactly: value) else {
            throw InvalidSetting(key: key.stringValue, range: range, found: value)
        }
        return clamped(whole, to: range)
    }

    /// A setting whose value is not what it must be, in words:
    /// "'numberOfQuestions' must be a whole number from 3 to 20; it was 3.7".
    struct InvalidSetting: Error, CustomStringConvertible {
        let key: String
        let range: ClosedRange<Int>
        /// The number found, or nil when it was not a number at all.
        let found: Double?

        var description: String {
            guard let found else {
                return tr("'{key}' must be a whole number from {lowest} to {highest}", ["key": key, "lowest": "\(range.lowerBound)", "highest": "\(range.upperBound)"])
            }
            return tr("'{key}' must be a whole number from {lowest} to {highest}; it was {found}", ["key": key, "lowest": "\(range.lowerBound)", "highest": "\(range.upperBound)", "found": "\(found)"])
        }
    }

    private static func clampedQuestions(_ value: Int) -> Int { clamped(value, to: questionsRange) }

    private static func clamped(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }

    /// The directions studied for the deck named `deckKey` in the schedule: recognition,
    /// and production and writing too where each is switched on.
    public func directions(for deckKey: String) -> Set<PracticeDirection> {
        var directions: Set<PracticeDirection> = [.recognition]
        if productionDecks.contains(deckKey) { directions.insert(.production) }
        if writingDecks.contains(deckKey) { directions.insert(.writing) }
        return directions
    }

    /// "#" and six hexadecimal digits.
    public static func isColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#") && bytes.dropFirst().allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                 UInt8(ascii: "A")...UInt8(ascii: "F"): true
            default: false
            }
        }
    }

    /// A deck identifier is a safe file name stem: it never leaves the decks folder.
    public static func isDeckIdentifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...64).contains(bytes.count), bytes[0] != UInt8(ascii: ".") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
            default: false
            }
        }
    }
}
