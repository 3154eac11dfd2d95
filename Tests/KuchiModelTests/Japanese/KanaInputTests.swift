import Foundation
import KuchiModel
import Testing

/// Romaji as kana while a learner types: each spelling KanaInput reads, its rules for
/// っ, ん and long vowels, what it leaves alone, and two outside checks — jaconv's
/// tables and the romaji of every JLPT card.
@Suite("KanaInput")
struct KanaInputTests {
    @Test("Hepburn spellings", arguments: [
        ("taberu", "たべる"), ("shi", "し"), ("chi", "ち"), ("tsu", "つ"), ("fu", "ふ"), ("ji", "じ"),
        ("sha", "しゃ"), ("shu", "しゅ"), ("sho", "しょ"), ("cha", "ちゃ"), ("chu", "ちゅ"), ("cho", "ちょ"),
        ("ja", "じゃ"), ("ju", "じゅ"), ("jo", "じょ"), ("kya", "きゃ"), ("ryo", "りょ"), ("byu", "びゅ"),
        ("wa", "わ"), ("hashi", "はし"), ("tsukue", "つくえ"), ("jisho", "じしょ"), ("ocha", "おちゃ"),
    ])
    func hepburn(romaji: String, kana: String) {
        #expect(KanaInput.hiragana(fromRomaji: romaji) == kana)
    }

    @Test("Kunrei spellings", arguments: [
        ("si", "し"), ("ti", "ち"), ("tu", "つ"), ("hu", "ふ"), ("zi", "じ"),
        ("sya", "しゃ"), ("syu", "しゅ"), ("syo", "しょ"), ("tya", "ちゃ"), ("tyu", "ちゅ"), ("tyo", "ちょ"),
        ("zya", "じゃ"), ("zyu", "じゅ"), ("zyo", "じょ"), ("di", "ぢ"), ("du", "づ"), ("hanadi", "はなぢ"),
        ("tuduku", "つづく"), ("tizu", "ちず"),
    ])
    func kunrei(romaji: String, kana: String) {
        #expect(KanaInput.hiragana(fromRomaji: romaji) == kana)
    }

    @Test("word-processor spellings", arguments: [
        ("wo", "を"), ("xa", "ぁ"), ("la", "ぁ"), ("xtsu", "っ"), ("ltu", "っ"), ("xtu", "っ"), ("ltsu", "っ"),
        ("xya", "ゃ"), ("lya", "ゃ"), ("dhi", "でぃ"), ("thi", "てぃ"), ("fa", "ふぁ"), ("fi", "ふぃ"),
        ("fe", "ふぇ"), ("fo", "ふぉ"), ("va", "ゔぁ"), ("vi", "ゔぃ"), ("vu", "ゔ"), ("ve", "ゔぇ"),
        ("vo", "ゔぉ"), ("she", "しぇ"), ("che", "ちぇ"), ("je", "じぇ"), ("tsa", "つぁ"), ("wi", "うぃ"),
        ("we", "うぇ"), ("kwa", "くぁ"), ("ye", "いぇ"), ("xn", "ん"), ("jya", "じゃ"), ("twu", "とぅ"),
    ])
    func wordProcessor(romaji: String, kana: String) {
        #expect(KanaInput.hiragana(fromRomaji: romaji) == kana)
    }

    @Test("small kana after x or l", arguments: [
        ("xa", "ぁ"), ("xi", "ぃ"), ("xu", "ぅ"), ("xe", "ぇ"), ("xo", "ぉ"), ("xka", "ゕ"), ("xke", "ゖ"),
        ("lya", "ゃ"), ("lyu", "ゅ"), ("lyo", "ょ"), ("xwa", "ゎ"), ("faxi", "ふぁぃ"),
    ])
    func smallKana(romaji: String, kana: String) {
        #expect(KanaInput.hiragana(fromRomaji: romaji) == kana)
    }

    @Test("a doubled consonant is っ, and so is the t of tch", arguments: [
        ("kitte", "きって"), ("zasshi", "ざっし"), ("kippu", "きっぷ"), ("gakkou", "がっこう"),
        ("matcha", "まっちゃ"), ("macchi", "まっち"), ("kotchi", "こっち"), ("bbu", "っぶ"), ("mma", "っま"),
    ])
    func smallTsu(romaji: String, kana: String) {
        #expect(KanaInput.hiragana(fromRomaji: romaji) == kana)
    }

    @Test("n before a consonant, nn and n' are ん; n before a vowel or y starts a syllable", arguments: [
        ("kanji", "かんじ"), ("shinbun", "しんぶn"), ("sanpo", "さんぽ"), ("nn", "ん"), ("n'", "ん"),
        ("kin'en", "きんえn"), ("kinen", "きねn"), ("hon'ya", "ほんや"), ("honya", "ほにゃ"),
        ("kanojo", "かのじょ"), ("konnichiwa", "こんにちわ"), ("onna", "おんな"), ("konnyaku", "こんにゃく"),
        ("shinnbunn", "しんぶん"), ("konnnichiha", "こんにちは"), ("kin’en", "きんえn"),
        ("hon desu", "ほん です"), ("hon.", "ほん."),
    ])
    func syllabicN(romaji: String, kana: String) {
        // A final n stays n while typing (see `finalN`), as in しんぶn.
        #expect(KanaInput.hiragana(fromRomaji: romaji) == kana)
    }

    @Test("Hepburn's m before b and p is ん; elsewhere m is a consonant")
    func hepburnM() {
        #expect(KanaInput.hiragana(fromRomaji: "shimbunsha") == "しんぶんしゃ")
        #expect(KanaInput.hiragana(fromRomaji: "sempai") == "せんぱい")
        #expect(KanaInput.hiragana(fromRomaji: "tempura") == "てんぷら")
        // Positive controls: m before a vowel, and mm, are not ん.
        #expect(KanaInput.hiragana(fromRomaji: "sumimasu") == "すみます")
        #expect(KanaInput.hiragana(fromRomaji: "amma") == "あっま")
    }

    @Test("a final lone n is unfinished while typing, ん once the answer is submitted")
    func finalN() {
        #expect(KanaInput.hiragana(fromRomaji: "hon") == "ほn")
        #expect(KanaInput.katakana(fromRomaji: "pan") == "パn")
        #expect(KanaInput.hiragana(fromFinishedRomaji: "hon") == "ほん")
        #expect(KanaInput.hiragana(fromFinishedRomaji: "ほn") == "ほん")
        #expect(KanaInput.katakana(fromFinishedRomaji: "pan") == "パン")
        #expect(KanaInput.hiragana(fromFinishedRomaji: "HON") == "ほん")
        // Nothing else changes when finished: other tails stay, ん stays ん.
        #expect(KanaInput.hiragana(fromFinishedRomaji: "hont") == "ほんt")
        #expect(KanaInput.hiragana(fromFinishedRomaji: "honn") == "ほん")
        #expect(KanaInput.hiragana(fromFinishedRomaji: "hona") == "ほな")
        #expect(KanaInput.hiragana(fromFinishedRomaji: "ほん") == "ほん")
    }

    @Test("long vowels: ā ī ū ē ō are ああ いい うう ええ おう in hiragana, ー in katakana")
    func macrons() {
        #expect(KanaInput.hiragana(fromRomaji: "tōkyō") == "とうきょう")
        #expect(KanaInput.hiragana(fromRomaji: "okāsan") == "おかあさn")
        #expect(KanaInput.hiragana(fromRomaji: "onīsan") == "おにいさn")
        #expect(KanaInput.hiragana(fromRomaji: "kūkō") == "くうこう")
        #expect(KanaInput.hiragana(fromRomaji: "onēsan") == "おねえさn")
        #expect(KanaInput.hiragana(fromRomaji: "jū") == "じゅう")
        #expect(KanaInput.katakana(fromRomaji: "kōhī") == "コーヒー")
        #expect(KanaInput.katakana(fromRomaji: "mēkā") == "メーカー")
        #expect(KanaInput.katakana(fromRomaji: "rūru") == "ルール")
        // Kunrei's circumflex, upper case, and a combining macron typed after the vowel.
        #expect(KanaInput.hiragana(fromRomaji: "tôkyô") == "とうきょう")
        #expect(KanaInput.hiragana(fromRomaji: "TŌKYŌ") == "とうきょう")
        #expect(KanaInput.hiragana(fromRomaji: "to\u{304}kyo\u{304}") == "とうきょう")
        // A macron after no vowel is not romaji.
        #expect(KanaInput.hiragana(fromRomaji: "ん\u{304}") == "ん\u{304}")
    }

    @Test("- is ー in either script", arguments: [("ko-hi-", "こーひー", "コーヒー"), ("ra-men", "らーめn", "ラーメn")])
    func prolongedSound(romaji: String, hiragana: String, katakana: String) {
        #expect(KanaInput.hiragana(fromRomaji: romaji) == hiragana)
        #expect(KanaInput.katakana(fromRomaji: romaji) == katakana)
    }

    @Test("katakana: the same spellings in the other script", arguments: [
        ("koohii", "コオヒイ"), ("ko-hi-", "コーヒー"), ("terebi", "テレビ"), ("pa-thi-", "パーティー"),
        ("dhizuni-", "ディズニー"), ("vaiorin", "ヴァイオリn"), ("xka", "ヵ"), ("xke", "ヶ"), ("kitto", "キット"),
        ("fairu", "ファイル"), ("we-buron", "ウェーブロn"),
    ])
    func katakana(romaji: String, kana: String) {
        #expect(KanaInput.katakana(fromRomaji: romaji) == kana)
    }

    @Test("an unfinished tail stays as typed", arguments: [
        ("tab", "たb"), ("ky", "ky"), ("sh", "sh"), ("t", "t"), ("tt", "っt"), ("ts", "ts"), ("xts", "xts"),
        ("ch", "ch"), ("matc", "まtc"), ("kany", "かny"), ("TAB", "たB"), ("n", "n"),
    ])
    func unfinishedTail(romaji: String, kana: String) {
        #expect(KanaInput.hiragana(fromRomaji: romaji) == kana)
    }

    @Test("what is not romaji passes through: kana, kanji, digits, punctuation, spaces", arguments: [
        "たべる", "タベル", "食べる", "ｶﾀｶﾅ", "123", "、。！？", "「ね」", "3時", "  ", "\u{3000}", "é", "ß",
        "", "🍣",
    ])
    func passThrough(text: String) {
        #expect(KanaInput.hiragana(fromRomaji: text) == text)
        #expect(KanaInput.katakana(fromRomaji: text) == text)
    }

    @Test("romaji among other text converts and the rest stays", arguments: [
        ("3ji", "3じ"), ("taberu!", "たべる!"), ("a b", "あ b"), ("a'i", "あ'い"), ("食beru", "食べる"),
        ("たbe", "たべ"), ("(ne)", "(ね)"),
    ])
    func mixed(text: String, kana: String) {
        #expect(KanaInput.hiragana(fromRomaji: text) == kana)
    }

    @Test("upper case reads as lower case")
    func upperCase() {
        #expect(KanaInput.hiragana(fromRomaji: "TABERU") == "たべる")
        #expect(KanaInput.hiragana(fromRomaji: "KanJi") == "かんじ")
        #expect(KanaInput.katakana(fromRomaji: "KO-HI-") == "コーヒー")
    }

    @Test("kana, and what came out of a conversion, convert to themselves")
    func idempotent() throws {
        for kana in ["たべる", "タベル", "きって", "コーヒー", "ぢゃ", "ゔ", "ん", "ゕゖ"] {
            #expect(KanaInput.hiragana(fromRomaji: kana) == kana)
            #expect(KanaInput.katakana(fromRomaji: kana) == kana)
        }
        for romaji in try DeckRomaji.load().map(\.romaji) + ["tab", "hon", "kany", "tt"] {
            let once = KanaInput.hiragana(fromRomaji: romaji)
            #expect(KanaInput.hiragana(fromRomaji: once) == once, "\(romaji)")
        }
    }
}

/// Every card's romaji from the JLPT decks, with its reading.
enum DeckRomaji {
    static func load() throws -> [(romaji: String, reading: String)] {
        try ["n5", "n4", "n3", "n2", "n1"].flatMap { level -> [(romaji: String, reading: String)] in
            let url = RepositoryPaths.decks.appendingPathComponent("jlpt-\(level).json")
            let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
            return file.cards.map { ($0.romaji, $0.reading) }
        }
    }

    private struct File: Decodable {
        let cards: [Card]
    }

    private struct Card: Decodable {
        let romaji: String
        let reading: String
    }
}
