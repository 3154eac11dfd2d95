/// The spellings ``KanaInput`` reads, and the letters it treats specially.
enum RomajiTable {
    /// What a spelling writes, in either script.
    struct Output: Sendable {
        let hiragana: String
        let katakana: String

        init(_ hiragana: String) {
            self.hiragana = hiragana
            self.katakana = Kana.katakana(hiragana)
        }

        init(hiragana: String, katakana: String) {
            self.hiragana = hiragana
            self.katakana = katakana
        }
    }

    static let n = Output("ん")
    static let smallTsu = Output("っ")
    static let prolongedSound = Output(hiragana: "ー", katakana: "ー")

    /// What a long vowel adds after its syllable: the kana usually written for it in
    /// hiragana (ō → う, ē → え: see ``KanaInput``), ー in katakana.
    static func long(_ vowel: Unicode.Scalar) -> Output {
        switch vowel {
        case "a": Output(hiragana: "あ", katakana: "ー")
        case "i": Output(hiragana: "い", katakana: "ー")
        case "e": Output(hiragana: "え", katakana: "ー")
        default: Output(hiragana: "う", katakana: "ー")  // u, o
        }
    }

    /// The combining macron, which stands for every long-vowel mark in a key.
    static let macron: Unicode.Scalar = "\u{0304}"

    /// The vowel of ā ī ū ē ō or â î û ê ô, either case; nil for anything else.
    static func vowel(ofLong scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "ā", "Ā", "â", "Â": "a"
        case "ī", "Ī", "î", "Î": "i"
        case "ū", "Ū", "û", "Û": "u"
        case "ē", "Ē", "ê", "Ê": "e"
        case "ō", "Ō", "ô", "Ô": "o"
        default: nil
        }
    }

    /// `scalar` as the table reads it: A–Z in lower case, a combining circumflex as the
    /// macron.
    static func key(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x41...0x5A: Unicode.Scalar(UInt8(scalar.value + 0x20))
        case 0x0302: macron
        default: scalar
        }
    }

    static func isVowel(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "a" || scalar == "i" || scalar == "u" || scalar == "e" || scalar == "o"
    }

    static func isConsonant(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) && !isVowel(scalar)
    }

    /// The longest spelling that starts at `index`, and its length.
    static func longestMatch(in key: [Unicode.Scalar], at index: Int) -> (Output, Int)? {
        var letters = 0
        while letters < longestSpelling, index + letters < key.count, ("a"..."z").contains(key[index + letters]) {
            letters += 1
        }
        for length in stride(from: letters, through: 1, by: -1) {
            if let kana = spellings[pack(key[index..<index + length])] { return (kana, length) }
        }
        return nil
    }

    /// Whether `rest` is the start of a spelling, which more letters could finish.
    static func isUnfinished(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        rest.count < longestSpelling && rest.allSatisfy { ("a"..."z").contains($0) } && starts.contains(pack(rest))
    }

    /// Up to four ASCII letters in one number, a cheap dictionary key.
    private static func pack(_ letters: ArraySlice<Unicode.Scalar>) -> UInt32 {
        letters.reduce(0) { $0 << 8 | $1.value }
    }

    private static let longestSpelling = 4

    private static let spellings: [UInt32: Output] = {
        var table: [UInt32: Output] = [:]
        for (romaji, kana) in syllables {
            precondition(romaji.unicodeScalars.count <= longestSpelling)  // safe: the table below
            table[pack(ArraySlice(romaji.unicodeScalars))] = Output(kana)
        }
        return table
    }()

    /// Every proper start of a spelling ("k", "ky", "xts").
    private static let starts: Set<UInt32> = {
        var starts: Set<UInt32> = []
        for (romaji, _) in syllables {
            let letters = Array(romaji.unicodeScalars)
            for length in 1..<letters.count { starts.insert(pack(letters[..<length])) }
        }
        return starts
    }()

    private static let syllables: KeyValuePairs<String, String> = [
        "a": "あ", "i": "い", "u": "う", "e": "え", "o": "お",
        "ka": "か", "ki": "き", "ku": "く", "ke": "け", "ko": "こ",
        "kya": "きゃ", "kyu": "きゅ", "kyo": "きょ",
        "kwa": "くぁ", "kwi": "くぃ", "kwe": "くぇ", "kwo": "くぉ",
        "ga": "が", "gi": "ぎ", "gu": "ぐ", "ge": "げ", "go": "ご",
        "gya": "ぎゃ", "gyu": "ぎゅ", "gyo": "ぎょ", "gwa": "ぐぁ",
        "sa": "さ", "shi": "し", "si": "し", "su": "す", "se": "せ", "so": "そ",
        "sha": "しゃ", "shu": "しゅ", "sho": "しょ", "she": "しぇ",
        "sya": "しゃ", "syu": "しゅ", "syo": "しょ", "sye": "しぇ",
        "za": "ざ", "ji": "じ", "zi": "じ", "zu": "ず", "ze": "ぜ", "zo": "ぞ",
        "ja": "じゃ", "ju": "じゅ", "jo": "じょ", "je": "じぇ",
        "jya": "じゃ", "jyu": "じゅ", "jyo": "じょ", "jye": "じぇ",
        "zya": "じゃ", "zyu": "じゅ", "zyo": "じょ", "zye": "じぇ",
        "ta": "た", "chi": "ち", "ti": "ち", "tsu": "つ", "tu": "つ", "te": "て", "to": "と",
        "cha": "ちゃ", "chu": "ちゅ", "cho": "ちょ", "che": "ちぇ",
        "tya": "ちゃ", "tyu": "ちゅ", "tyo": "ちょ", "tye": "ちぇ",
        "tsa": "つぁ", "tsi": "つぃ", "tse": "つぇ", "tso": "つぉ",
        "thi": "てぃ", "thu": "てゅ", "twu": "とぅ",
        "da": "だ", "di": "ぢ", "du": "づ", "de": "で", "do": "ど",
        "dya": "ぢゃ", "dyu": "ぢゅ", "dyo": "ぢょ",
        "dhi": "でぃ", "dhu": "でゅ", "dwu": "どぅ",
        "na": "な", "ni": "に", "nu": "ぬ", "ne": "ね", "no": "の",
        "nya": "にゃ", "nyu": "にゅ", "nyo": "にょ",
        "ha": "は", "hi": "ひ", "fu": "ふ", "hu": "ふ", "he": "へ", "ho": "ほ",
        "hya": "ひゃ", "hyu": "ひゅ", "hyo": "ひょ",
        "fa": "ふぁ", "fi": "ふぃ", "fe": "ふぇ", "fo": "ふぉ", "fyu": "ふゅ",
        "ba": "ば", "bi": "び", "bu": "ぶ", "be": "べ", "bo": "ぼ",
        "bya": "びゃ", "byu": "びゅ", "byo": "びょ",
        "pa": "ぱ", "pi": "ぴ", "pu": "ぷ", "pe": "ぺ", "po": "ぽ",
        "pya": "ぴゃ", "pyu": "ぴゅ", "pyo": "ぴょ",
        "va": "ゔぁ", "vi": "ゔぃ", "vu": "ゔ", "ve": "ゔぇ", "vo": "ゔぉ", "vyu": "ゔゅ",
        "ma": "ま", "mi": "み", "mu": "む", "me": "め", "mo": "も",
        "mya": "みゃ", "myu": "みゅ", "myo": "みょ",
        "ya": "や", "yu": "ゆ", "yo": "よ", "ye": "いぇ",
        "ra": "ら", "ri": "り", "ru": "る", "re": "れ", "ro": "ろ",
        "rya": "りゃ", "ryu": "りゅ", "ryo": "りょ",
        "wa": "わ", "wi": "うぃ", "we": "うぇ", "wo": "を",
        "xn": "ん",
        "xa": "ぁ", "xi": "ぃ", "xu": "ぅ", "xe": "ぇ", "xo": "ぉ",
        "la": "ぁ", "li": "ぃ", "lu": "ぅ", "le": "ぇ", "lo": "ぉ",
        "xya": "ゃ", "xyu": "ゅ", "xyo": "ょ", "lya": "ゃ", "lyu": "ゅ", "lyo": "ょ",
        "xtsu": "っ", "xtu": "っ", "ltsu": "っ", "ltu": "っ",
        "xka": "ゕ", "xke": "ゖ", "lka": "ゕ", "lke": "ゖ",
        "xwa": "ゎ", "lwa": "ゎ",
    ]
}
