import KuchiModel
import Testing

/// Grading a typed answer: the Japanese (production) against the reading and the word,
/// the meaning (recognition) against the senses. Each rule that forgives has a near miss
/// beside it that is still wrong.
@Suite("TypedAnswer")
struct TypedAnswerTests {
    @Test("the reading or the word as written is right", arguments: ["たべる", "食べる"])
    func readingOrWord(typed: String) {
        #expect(TypedAnswer.isRight(japanese: typed, for: taberu))
    }

    @Test("a near miss in Japanese is wrong", arguments: ["たぺる", "たべ", "たべるる", "食べ", "たべり", "食る", "eat"])
    func japaneseNearMiss(typed: String) {
        #expect(!TypedAnswer.isRight(japanese: typed, for: taberu))
    }

    @Test("kana type does not matter: katakana for hiragana and the other way round")
    func kanaType() {
        #expect(TypedAnswer.isRight(japanese: "タベル", for: taberu))
        #expect(TypedAnswer.isRight(japanese: "こーひー", for: coffee))
        #expect(TypedAnswer.isRight(japanese: "コーヒー", for: coffee))
        #expect(!TypedAnswer.isRight(japanese: "タペル", for: taberu))
    }

    @Test("width does not matter: half-width katakana, full-width romaji")
    func width() {
        #expect(TypedAnswer.isRight(japanese: "ｺｰﾋｰ", for: coffee))
        #expect(TypedAnswer.isRight(japanese: "ﾀﾍﾞﾙ", for: taberu))
        #expect(TypedAnswer.isRight(japanese: "ｶﾞｯｺｳ", for: school))
        #expect(TypedAnswer.isRight(japanese: "ｔａｂｅｒｕ", for: taberu))
        #expect(TypedAnswer.isRight(japanese: "ﾊﾟﾝ", for: bread))
        // Near misses: the sound mark is still heard.
        #expect(!TypedAnswer.isRight(japanese: "ﾀﾍﾙ", for: taberu))
        #expect(!TypedAnswer.isRight(japanese: "ﾊﾞﾝ", for: bread))
    }

    @Test("spaces do not matter, ASCII or ideographic", arguments: ["た べ る", "\u{3000}たべる\u{3000}", " taberu "])
    func spaces(typed: String) {
        #expect(TypedAnswer.isRight(japanese: typed, for: taberu))
    }

    @Test("a reading with a space is right without it")
    func readingWithSpace() {
        let please = Challenge(question: "おねがい します", reading: "おねがい します", answer: "please")
        #expect(TypedAnswer.isRight(japanese: "おねがいします", for: please))
        #expect(TypedAnswer.isRight(japanese: "onegaishimasu", for: please))
        #expect(!TypedAnswer.isRight(japanese: "おねがいしま", for: please))
    }

    @Test("romaji is read as kana, a final n as ん", arguments: [
        ("taberu", "たべる"), ("TABERU", "たべる"), ("gakkou", "がっこう"), ("pan", "パン"), ("ko-hi-", "コーヒー"),
        ("hon", "ほん"),
    ])
    func romaji(typed: String, reading: String) {
        let card = Challenge(question: reading, reading: reading, answer: "x")
        #expect(TypedAnswer.isRight(japanese: typed, for: card))
    }

    @Test("a macron is a long vowel either way: おう or ー")
    func macrons() {
        #expect(TypedAnswer.isRight(japanese: "kōhī", for: coffee))
        #expect(TypedAnswer.isRight(japanese: "gakkō", for: school))
        #expect(TypedAnswer.isRight(japanese: "tōkyō", for: Challenge(question: "東京", reading: "とうきょう", answer: "Tokyo")))
        // Near miss: ō is not お.
        #expect(!TypedAnswer.isRight(japanese: "gakko", for: school))
    }

    @Test("ー is a sound of its own, not the vowel before it")
    func prolongedSoundMark() {
        #expect(!TypedAnswer.isRight(japanese: "こおひい", for: coffee))
        #expect(!TypedAnswer.isRight(japanese: "koohii", for: coffee))
        #expect(!TypedAnswer.isRight(japanese: "がっこー", for: school))
        // Positive control: ー where the card has it.
        #expect(TypedAnswer.isRight(japanese: "コーヒー", for: coffee))
    }

    @Test("any one of a kanji card's readings is right, or the kanji")
    func kanjiReadings() {
        let day = Challenge(question: "日", reading: "ニチ、ジツ、ひ、び", answer: "day; sun")
        for typed in ["にち", "ジツ", "ひ", "bi", "日"] {
            #expect(TypedAnswer.isRight(japanese: typed, for: day), "\(typed)")
        }
        #expect(!TypedAnswer.isRight(japanese: "にちじつ", for: day))
        #expect(!TypedAnswer.isRight(japanese: "ニチ、ジツ、ひ、び", for: day))
    }

    @Test("a word with Latin letters in it is right typed with them")
    func latinInWord() {
        let shirt = Challenge(question: "Tシャツ", reading: "ティーシャツ", answer: "T-shirt")
        #expect(TypedAnswer.isRight(japanese: "Tシャツ", for: shirt))
        #expect(TypedAnswer.isRight(japanese: "tシャツ", for: shirt))
        #expect(TypedAnswer.isRight(japanese: "thi-shatsu", for: shirt))
        #expect(!TypedAnswer.isRight(japanese: "シャツ", for: shirt))
    }

    @Test("a card with romaji and no reading takes the romaji as kana")
    func romajiOnlyCard() {
        let card = Challenge(question: "食べる", pronunciation: "taberu", answer: "to eat")
        #expect(card.reading.isEmpty)
        #expect(TypedAnswer.isRight(japanese: "たべる", for: card))
        #expect(TypedAnswer.isRight(japanese: "食べる", for: card))
        #expect(!TypedAnswer.isRight(japanese: "たべ", for: card))
    }

    @Test("nothing typed is never right, even for a card with nothing to match")
    func empty() {
        let bare = Challenge(question: "", reading: "", answer: "")
        for typed in ["", " ", "\u{3000}"] {
            #expect(!TypedAnswer.isRight(japanese: typed, for: taberu))
            #expect(!TypedAnswer.isRight(japanese: typed, for: bare))
            #expect(!TypedAnswer.isRight(meaning: typed, for: taberu))
        }
    }
}

extension TypedAnswerTests {
    @Test("a meaning is right when it is any one sense", arguments: ["to eat", "to live on"])
    func anySense(typed: String) {
        #expect(TypedAnswer.isRight(meaning: typed, for: taberu))
    }

    @Test("case, spaces and punctuation at the ends do not matter", arguments: [
        "To Eat", "  to eat  ", "to  eat", "to eat.", "to eat!", "“to eat”", "ｔｏ ｅａｔ", "TO LIVE ON?",
    ])
    func meaningSpelling(typed: String) {
        #expect(TypedAnswer.isRight(meaning: typed, for: taberu))
    }

    @Test("a near miss in a meaning is wrong", arguments: [
        "eats", "ate", "to eat food", "live", "to eat; to live on", "to e at", "toeat", "eat on", "to live",
    ])
    func meaningNearMiss(typed: String) {
        #expect(!TypedAnswer.isRight(meaning: typed, for: taberu))
    }

    @Test("a verb's to may be left out or typed")
    func verbTo() {
        #expect(TypedAnswer.isRight(meaning: "eat", for: taberu))
        #expect(TypedAnswer.isRight(meaning: "live on", for: taberu))
        let swim = Challenge(question: "泳ぐ", reading: "およぐ", answer: "swim")
        #expect(TypedAnswer.isRight(meaning: "to swim", for: swim))
        #expect(!TypedAnswer.isRight(meaning: "to", for: taberu))
    }

    @Test("an article at the start may be left out or typed")
    func articles() {
        let sun = Challenge(question: "太陽", reading: "たいよう", answer: "the sun; sunshine")
        for typed in ["sun", "the sun", "a sun", "The Sun.", "the sunshine"] {
            #expect(TypedAnswer.isRight(meaning: typed, for: sun), "\(typed)")
        }
        #expect(!TypedAnswer.isRight(meaning: "the moon", for: sun))
        #expect(!TypedAnswer.isRight(meaning: "thesun", for: sun))
        #expect(!TypedAnswer.isRight(meaning: "sun the", for: sun))
    }

    @Test("the a of a few, a little, a lot, a bit must be typed")
    func quantities() {
        let little = Challenge(question: "少し", reading: "すこし", answer: "a little; a few")
        #expect(TypedAnswer.isRight(meaning: "a little", for: little))
        #expect(TypedAnswer.isRight(meaning: "A few.", for: little))
        #expect(!TypedAnswer.isRight(meaning: "little", for: little))
        #expect(!TypedAnswer.isRight(meaning: "few", for: little))
    }

    @Test("words in parentheses may be typed or left out, but not everything", arguments: [
        ("hello (on the phone)", "hello", true), ("hello (on the phone)", "hello on the phone", true),
        ("hello (on the phone)", "hello (on the phone)", true), ("hello (on the phone)", "on the phone", false),
        ("hello (on the phone)", "hello phone", false), ("hello (on the phone)", "hello (something)", false),
        ("trouble(s)", "trouble", true), ("trouble(s)", "troubles", true), ("trouble(s)", "trouble(s)", true),
        ("trouble(s)", "troubled", false), ("(child)birth", "birth", true), ("(child)birth", "childbirth", true),
        ("(the) market (as a concept)", "market", true), ("(the) market (as a concept)", "the market", true),
        ("(the) market (as a concept)", "market as a concept", true), ("(polite)", "polite", true),
        ("(polite)", "()", false), ("consign (goods (for sale) to a firm)", "consign", true),
        ("consign (goods (for sale) to a firm)", "consign goods for sale to a firm", true),
        ("look (or turn) the other way", "look the other way", true), ("-floor (counter)", "floor", true),
        ("to be (polite)", "be", true),
    ])
    func parentheses(sense: String, typed: String, right: Bool) {
        #expect(TypedAnswer.isRight(meaning: typed, for: Challenge(question: "x", answer: sense)) == right)
    }

    @Test("typographic apostrophes are straight ones, and a sense of symbols can be typed")
    func symbols() {
        #expect(TypedAnswer.isRight(meaning: "isn’t it", for: Challenge(question: "ね", answer: "isn't it")))
        #expect(TypedAnswer.isRight(meaning: "+-", for: Challenge(question: "±", answer: "+-")))
        #expect(!TypedAnswer.isRight(meaning: "-", for: Challenge(question: "±", answer: "+-")))
        #expect(!TypedAnswer.isRight(meaning: "...", for: taberu))
    }
}

private let taberu = Challenge(question: "食べる", reading: "たべる", romaji: "taberu", answer: "to eat; to live on")
private let coffee = Challenge(question: "コーヒー", reading: "コーヒー", romaji: "kōhī", answer: "coffee")
private let school = Challenge(question: "学校", reading: "がっこう", romaji: "gakkō", answer: "school")
private let bread = Challenge(question: "パン", reading: "パン", romaji: "pan", answer: "bread")
