/// Text typed in either width as one: a typed answer's full-width Latin letters and
/// digits (ｔａｂｅｒｕ, from an input method's full-width mode) are ASCII, and
/// half-width katakana (ｶﾀｶﾅ, ｶﾞ) are katakana.
enum TextWidth {
    /// `text` with full-width ASCII as ASCII and half-width katakana and punctuation
    /// (｡｢｣､･) as their full-width forms, a half-width sound mark joined to the kana
    /// before it (ｶﾞ → ガ, ﾊﾟ → パ); everything else as it is.
    static func normalized(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xFF01...0xFF5E:
                result.append(Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar)
            case 0xFF61...0xFF9D:
                result.append(halfWidth[Int(scalar.value - 0xFF61)])
            case 0xFF9E, 0xFF9F:
                let voiced = scalar.value == 0xFF9E
                if let last = result.last, let marked = mark(last, voiced: voiced) {
                    result.removeLast()
                    result.append(marked)
                } else {
                    result.append(voiced ? "\u{309B}" : "\u{309C}")  // ゛ ゜ on their own
                }
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// U+FF61…U+FF9D in full width, in code point order.
    private static let halfWidth = Array(
        "。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン"
            .unicodeScalars)

    /// `kana` with the voiced (ガ) or semi-voiced (パ) sound mark, when it takes one.
    private static func mark(_ kana: Unicode.Scalar, voiced: Bool) -> Unicode.Scalar? {
        let value = kana.value
        let takesVoicedMark = (0x30AB...0x30C2).contains(value) && value % 2 == 1  // カ…チ
            || [0x30C4, 0x30C6, 0x30C8].contains(value)  // ツ テ ト
            || [0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB].contains(value)  // ハ ヒ フ ヘ ホ
        if voiced {
            if takesVoicedMark { return Unicode.Scalar(value + 1) }
            if value == 0x30A6 { return "ヴ" }
            return nil
        }
        return [0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB].contains(value) ? Unicode.Scalar(value + 2) : nil
    }
}
