/// What counts as kana, in one place: the deck checks, the display of readings and the
/// furigana split all ask here.
public enum Kana {
    /// Hiragana (with the sound marks and iteration marks), katakana (with the prolonged
    /// sound mark ー and the iteration marks) and the small katakana ㇰ–ㇿ; not ヶ and ヵ,
    /// which are written as kanji are, for a counter (一ヶ月), nor the middle dot ・.
    public static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3041...0x3096, 0x3099...0x309F: true
        case 0x30A1...0x30F4, 0x30F7...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF: true
        default: false
        }
    }

    /// CJK ideographs, and the signs that stand among them for one: 々 〆 〇 〻 ヶ ヵ.
    public static func isKanji(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3005...0x3007, 0x303B, 0x30F5, 0x30F6: true
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: true
        default: false
        }
    }

    /// Katakana as the hiragana it stands for (カ → か), so either script matches the
    /// other; anything else as it is.
    public static func hiragana(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x30A1...0x30F6, 0x30FD, 0x30FE: Unicode.Scalar(scalar.value - 0x60) ?? scalar
        default: scalar
        }
    }

    /// Whether `text` is a reading: kana, with spaces between words and "、" between
    /// the readings of a kanji. Romaji, kanji and digits are not.
    public static func isReading(_ text: String) -> Bool {
        var sawKana = false
        for scalar in text.unicodeScalars {
            if isKana(scalar) {
                sawKana = true
            } else if scalar != " ", scalar != "\u{3000}", scalar != "、" {
                return false
            }
        }
        return sawKana
    }

    /// Hiragana as the katakana for it (か → カ, ゝ → ヽ); anything else as it is.
    static func katakana(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x3041...0x3096, 0x309D, 0x309E: Unicode.Scalar(scalar.value + 0x60) ?? scalar
        default: scalar
        }
    }

    /// `text` with hiragana turned into katakana (か → カ); everything else as it is.
    static func katakana(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text.unicodeScalars.lazy.map(katakana))
        return String(result)
    }

    /// `text` with katakana turned into hiragana (カ → か); everything else as it is.
    public static func hiragana(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text.unicodeScalars.lazy.map(hiragana))
        return String(result)
    }
}
