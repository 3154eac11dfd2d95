import Foundation
import KuchiModel
import Testing

/// KanaInput against two outside sources: the `jaconv` package's conversion of a few
/// hundred words and spellings (tools/kana-input-pairs.py), and the romaji of every
/// JLPT card, which make-decks.py wrote from the card's reading.
@Suite("KanaInput against jaconv and the decks")
struct KanaInputCorpusTests {
    @Test("jaconv agrees on every word and spelling but those listed, where it is wrong or chooses otherwise")
    func jaconv() throws {
        let pairs = try JaconvPairs.load()
        #expect(pairs.count >= 400)
        var disagreements: [String: String] = [:]
        for (romaji, kana) in pairs {
            let ours = KanaInput.hiragana(fromFinishedRomaji: romaji)
            if ours != kana { disagreements[romaji] = ours }
        }
        #expect(disagreements == JaconvPairs.disagreements)
        // Positive control: the pairs hold the disagreements listed.
        #expect(Set(JaconvPairs.disagreements.keys).isSubset(of: pairs.map(\.romaji)))
    }

    @Test("a JLPT card's romaji without macrons gives its reading, but where Hepburn cannot say which kana")
    func deckRomaji() throws {
        let cards = try DeckRomaji.load().filter { !$0.romaji.hasMacron }
        let (matched, kinds, unexplained) = Self.compare(cards)
        print("KanaInput over \(cards.count) JLPT cards without macrons: \(matched) give the reading "
              + "(\(percent(matched, of: cards.count))); the rest: \(kinds)")
        // Measured 6,150 of 6,207 (99.1 %): ぢ and づ written ji and zu (35), the particle は
        // written wa (15), を written o (3), ディ written di (3), a final っ not written (1).
        #expect(cards.count > 6_000)
        #expect(Double(matched) >= 0.99 * Double(cards.count))
        #expect(unexplained.isEmpty, "no spelling rule explains \(unexplained)")
    }

    @Test("a JLPT card's romaji with macrons gives its reading in one script or the other, but where ō is おお")
    func deckRomajiWithMacrons() throws {
        let cards = try DeckRomaji.load().filter(\.romaji.hasMacron)
        let (matched, kinds, unexplained) = Self.compare(cards)
        print("KanaInput over \(cards.count) JLPT cards with macrons: \(matched) give the reading "
              + "(\(percent(matched, of: cards.count))); the rest: \(kinds)")
        // Measured 1,904 of 1,961 (97.1 %): ō for おお (52), ティ and ディ written ti and di
        // (4), a small ェ written large (1).
        #expect(cards.count > 1_900)
        #expect(Double(matched) >= 0.96 * Double(cards.count))
        #expect(unexplained.isEmpty, "no spelling rule explains \(unexplained)")
    }

    @Test("typing key by key over the last result gives the whole text's kana, but for nn before a vowel")
    func keyByKey() throws {
        func typed(_ romaji: String) -> String {
            var text = ""
            for key in romaji { text = KanaInput.hiragana(fromRomaji: text + String(key)) }
            return KanaInput.hiragana(fromFinishedRomaji: text)
        }
        var checked = 0
        for (romaji, _) in try DeckRomaji.load() where romaji.firstMatch(of: /nn[aiueoyāīūēō]/) == nil {
            #expect(typed(romaji) == KanaInput.hiragana(fromFinishedRomaji: romaji), "\(romaji)")
            checked += 1
        }
        #expect(checked > 7_000)
        // The documented exception: おん then "a" is おんあ, as in an input method.
        #expect(typed("onna") == "おんあ")
        #expect(KanaInput.hiragana(fromFinishedRomaji: "onna") == "おんな")
    }

    /// How many cards' romaji give their reading, why each of the others does not, and
    /// those with no known reason.
    private static func compare(
        _ cards: [(romaji: String, reading: String)]
    ) -> (matched: Int, kinds: [String: Int], unexplained: [String]) {
        var matched = 0
        var kinds: [String: Int] = [:]
        var unexplained: [String] = []
        for (romaji, reading) in cards {
            if gives(romaji, reading) {
                matched += 1
            } else if let kind = HepburnAmbiguity.allCases.first(where: { $0.explains(romaji: romaji, reading: reading) }) {
                kinds[kind.rawValue, default: 0] += 1
            } else {
                unexplained.append("\(romaji) \(reading)")
            }
        }
        return (matched, kinds, unexplained)
    }
}

/// Whether `romaji`, all typed, is `reading` in hiragana or (long vowels as ー) katakana.
private func gives(_ romaji: String, _ reading: String) -> Bool {
    let expected = Kana.hiragana(reading)
    return KanaInput.hiragana(fromFinishedRomaji: romaji) == expected
        || Kana.hiragana(KanaInput.katakana(fromFinishedRomaji: romaji)) == expected
}

/// Where the decks' Hepburn romaji does not say which kana (or KanaInput reads a
/// spelling another way), each checked by undoing it.
private enum HepburnAmbiguity: String, CaseIterable {
    case jiZu = "ぢ/づ written ji/zu"
    case particleWa = "particle は written wa"
    case particleO = "を written o"
    case loanwordTiDi = "ティ/ディ written ti/di (Kunrei's ち/ぢ)"
    case finalSmallTsu = "final っ not written"
    case longO = "ō for おお"
    case smallVowel = "small ァィゥェォ written large"

    func explains(romaji: String, reading: String) -> Bool {
        let ours = KanaInput.hiragana(fromFinishedRomaji: romaji)
        let expected = Kana.hiragana(reading)
        switch self {
        case .jiZu:
            return expected.replacing("ぢ", with: "じ").replacing("づ", with: "ず") == ours
        case .particleWa:
            return expected.hasSuffix("は") && String(expected.dropLast()) + "わ" == ours
        case .particleO:
            return expected.replacing("を", with: "お") == ours
        case .loanwordTiDi:
            let spelt = romaji.replacing("ti", with: "thi").replacing("tī", with: "thī")
                .replacing("di", with: "dhi").replacing("dī", with: "dhī")
            return gives(spelt, reading)
        case .finalSmallTsu:
            return expected == ours + "っ"
        case .longO:
            return gives(romaji.replacing("ō", with: "oo"), reading)
        case .smallVowel:
            let large: [Character: Character] = ["ぁ": "あ", "ぃ": "い", "ぅ": "う", "ぇ": "え", "ぉ": "お"]
            return gives(romaji, String(expected.map { large[$0] ?? $0 }))
        }
    }
}

/// tools/kana-input-pairs.py's romaji and jaconv 0.5.0's hiragana for it.
private enum JaconvPairs {
    static let url = RepositoryPaths.root.appendingPathComponent("Tests/KuchiModelTests/Fixtures/kana-input-pairs.json")

    static func load() throws -> [(romaji: String, kana: String)] {
        let pairs = try JSONDecoder().decode([[String]].self, from: Data(contentsOf: url))
        return pairs.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
    }

    /// Where KanaInput and jaconv differ, with KanaInput's kana.
    static let disagreements: [String: String] = [
        // jaconv's error: "nn" is always ん, as an input method reads it, so Hepburn's
        // ん before な… is lost. The decks spell みんな "minna" and こんな "konna" (jaconv
        // itself reads "konnyaku" こんにゃく).
        "onna": "おんな", "konnichiwa": "こんにちわ", "kinnen": "きんねん", "konna": "こんな", "minna": "みんな",
        "sonna": "そんな", "konnichi": "こんにち", "onnanohito": "おんなのひと", "honno": "ほんの",
        "nannari": "なんなり", "bannin": "ばんにん",
        // jaconv's error: "we" is っえ, not うぇ.
        "we": "うぇ",
        // jaconv's error: small ka and ke come out in katakana (ヵ, ヶ) from its hiragana
        // conversion.
        "xka": "ゕ", "xke": "ゖ", "lka": "ゕ", "lke": "ゖ",
        // jaconv's choice: l is r (la → ら); an input method's l is x, a small kana.
        "la": "ぁ", "li": "ぃ", "lu": "ぅ", "le": "ぇ", "lo": "ぉ",
        // jaconv's choice: a lone consonant is っ (tab → たっ, sh → っう); KanaInput leaves
        // an unfinished tail as typed, for the learner to finish.
        "tab": "たb", "ky": "ky", "sh": "sh", "t": "t", "tt": "っt",
    ]
}

private func percent(_ part: Int, of whole: Int) -> String {
    String(format: "%.1f %%", 100 * Double(part) / Double(max(whole, 1)))
}

extension String {
    fileprivate var hasMacron: Bool { contains { "āīūēō".contains($0) } }
}
