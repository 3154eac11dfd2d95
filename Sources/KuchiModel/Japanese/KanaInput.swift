/// Romaji typed by a learner, as kana: "taberu" → たべる, while they type.
///
/// Spellings: Hepburn (shi, chi, tsu, fu, ji, sha, cha, ja), Kunrei (si, ti, tu, hu, zi,
/// sya, tya, zya; di → ぢ, du → づ) and the word processor's (wo → を, she/che/je, tsa,
/// fa…fo, va…vo, wi/we, ye, kwa, dhi/thi → でぃ/てぃ; x or l before a vowel, ya/yu/yo,
/// tsu/tu, ka/ke or wa for small kana). A doubled consonant is っ ("kitte", "macchi"),
/// and so is the t of "tch" ("matcha"). "-" is ー. Upper case reads as lower case.
///
/// ん: "nn" and "n'" are ん, and so is an n before any other consonant or before
/// something that is not a letter ("kanji", "shinbun"); an n before a vowel or y starts
/// な, にゃ…. As in Hepburn, "nn" before a vowel or y is ん and the start of the next
/// syllable ("onna" → おんな, "konnichiwa" → こんにちわ, where an input method gives
/// おんあ); ん before a vowel is "n'" ("kin'en" → きんえん, "kinen" → きねん). Hepburn's
/// m before b and p is ん too ("shimbun", "sempai"): nothing else could be meant.
///
/// Long vowels with a macron (or Kunrei's circumflex): in hiragana ā ī ū ē ō are ああ
/// いい うう ええ おう, the usual kana of each (とうきょう for "tōkyō"; ē is ええ because
/// modified Hepburn spells えい "ei", as the decks do: "sensei"); in katakana each is ー
/// ("kōhī" → コーヒー). An ō that stands for おお (おおきい) cannot be told apart.
///
/// What is not romaji passes through as typed: kana from an input method, kanji, digits,
/// punctuation, spaces; an apostrophe separates only after n. So does an unfinished
/// tail, which what follows may still complete: "tab" → たb, "ky" → ky, "tt" → っt, and
/// a final lone "n" stays "n", since "na" may follow. Convert the whole of what was
/// typed at each keystroke rather than the last result plus a key: "onna" is おんな,
/// but "onn" is おん, and おん then "a" is おんあ. When the learner is done,
/// ``hiragana(fromFinishedRomaji:)`` makes that final n ん ("hon" → ほん).
public enum KanaInput {
    /// `text` with its romaji as hiragana; an unfinished tail stays as typed.
    public static func hiragana(fromRomaji text: String) -> String {
        convert(text, katakana: false, finished: false)
    }

    /// `text` with its romaji as katakana ("ko-hi-" → コーヒー); an unfinished tail
    /// stays as typed.
    public static func katakana(fromRomaji text: String) -> String {
        convert(text, katakana: true, finished: false)
    }

    /// All of `text`, as submitted, with its romaji as hiragana: as
    /// ``hiragana(fromRomaji:)``, but a final lone n is ん ("hon" → ほん, "ほn" → ほん),
    /// since nothing will follow it. Other unfinished tails stay as typed.
    public static func hiragana(fromFinishedRomaji text: String) -> String {
        convert(text, katakana: false, finished: true)
    }

    /// All of `text`, as submitted, with its romaji as katakana, a final lone n as ン.
    public static func katakana(fromFinishedRomaji text: String) -> String {
        convert(text, katakana: true, finished: true)
    }

    private static func convert(_ text: String, katakana: Bool, finished: Bool) -> String {
        // `key` is what the table reads: lower case, a long vowel as its vowel and a
        // macron. `typed` is what passes through, in step with it.
        var key: [Unicode.Scalar] = []
        var typed: [Unicode.Scalar] = []
        key.reserveCapacity(text.utf8.count)
        typed.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let vowel = RomajiTable.vowel(ofLong: scalar) {
                key += [vowel, RomajiTable.macron]
                typed += [scalar, RomajiTable.macron]
            } else {
                key.append(RomajiTable.key(scalar))
                typed.append(scalar)
            }
        }

        var output = String.UnicodeScalarView()
        func emit(_ kana: RomajiTable.Output) {
            output.append(contentsOf: (katakana ? kana.katakana : kana.hiragana).unicodeScalars)
        }
        var lastVowel: Unicode.Scalar?  // of the syllable just written, for a macron after it
        var index = 0
        while index < key.count {
            let scalar = key[index]
            let next = index + 1 < key.count ? key[index + 1] : nil
            let vowelBefore = lastVowel
            lastVowel = nil

            if scalar == RomajiTable.macron {
                if let vowel = vowelBefore {
                    emit(RomajiTable.long(vowel))
                } else {
                    output.append(typed[index])
                }
                index += 1
            } else if scalar == "-" {
                emit(RomajiTable.prolongedSound)
                index += 1
            } else if scalar == "n", next == nil {
                if finished { emit(RomajiTable.n) } else { output.append(typed[index]) }
                index += 1
            } else if scalar == "n", let length = nasalLength(key, at: index) {
                emit(RomajiTable.n)
                index += length
            } else if scalar == "m", next == "b" || next == "p" {
                emit(RomajiTable.n)
                index += 1
            } else if RomajiTable.isConsonant(scalar), scalar != "n",
                      next == scalar || (scalar == "t" && next == "c" && index + 2 < key.count && key[index + 2] == "h") {
                emit(RomajiTable.smallTsu)
                index += 1
            } else if let (kana, length) = RomajiTable.longestMatch(in: key, at: index) {
                emit(kana)
                index += length
                let vowel = key[index - 1]
                lastVowel = RomajiTable.isVowel(vowel) ? vowel : nil
            } else if RomajiTable.isUnfinished(key[index...]) {
                output.append(contentsOf: typed[index...])
                index = key.count
            } else {
                output.append(typed[index])
                index += 1
            }
        }
        return String(output)
    }

    /// How many scalars at `index`, an n with something after it, make ん; nil when the
    /// n starts a syllable (before a vowel or y).
    private static func nasalLength(_ key: [Unicode.Scalar], at index: Int) -> Int? {
        let next = key[index + 1]
        switch next {
        case "'", "\u{2019}":
            return 2
        case "n":
            // Hepburn's "onna": ん, and the second n starts な. Else "nn" is all ん.
            let after = index + 2 < key.count ? key[index + 2] : nil
            return after.map { RomajiTable.isVowel($0) || $0 == "y" } == true ? 1 : 2
        default:
            return RomajiTable.isVowel(next) || next == "y" ? nil : 1
        }
    }
}
