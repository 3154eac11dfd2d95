/// Whether a typed answer is right, and what to show against it when it is not.
///
/// Japanese (production): what was typed is right when it is the card's reading (any
/// one of a kanji card's readings, "ニチ、ジツ、ひ"; for a card that has romaji but no
/// reading, as format 1 decks may, the romaji as kana) or its word as written, whatever
/// the kana type (hiragana or katakana), the width (ｶﾀｶﾅ, full-width ｔａｂｅｒｕ) or
/// the spaces (ASCII or ideographic). Romaji is read as ``KanaInput`` reads a submitted
/// answer (a final n is ん), so "taberu" is たべる; a macron is a long vowel either way,
/// おう or ー, so "kōhī" is コーヒー and "tōkyō" とうきょう. Otherwise ー is a sound of its
/// own: コーヒー is not こおひい. Nothing else is forgiven: a typo is wrong, and the
/// learner may say "I was right".
///
/// Meaning (recognition): right when it is one of the card's senses (the answer's parts
/// between "; "), ignoring case, spaces at either end and repeated between words, and
/// punctuation at either end; a leading "to " (an English verb's, "eat" for "to eat") or article ("a",
/// "an", "the") may be typed or left out, except the "a" of "a few", "a little", "a lot"
/// and "a bit", without which the meaning turns ("few" is not "a few"). Words in
/// parentheses in a sense are the deck's notes or optional words: each may be typed,
/// without its parentheses, or left out ("hello (on the phone)" takes "hello" and "hello
/// on the phone", "trouble(s)" takes "trouble" and "troubles"), but never everything:
/// a sense of parentheses only must be typed.
public enum TypedAnswer {
    /// Whether `typed` is `card`'s reading or word.
    public static func isRight(japanese typed: String, for card: Challenge) -> Bool {
        let expected = japaneseTargets(of: card).map(\.key)
        return japaneseKeys(typed).contains { !$0.isEmpty && expected.contains($0) }
    }

    /// Whether `typed` is one of `card`'s senses.
    public static func isRight(meaning typed: String, for card: Challenge) -> Bool {
        let key = MeaningForms.typedKey(typed)
        return !key.isEmpty && card.senses.contains { MeaningForms.accepted($0).contains(key) }
    }

    /// The reading or word closest to `typed` (without spaces), and how `typed` (as
    /// kana, in its full width, without spaces) differs from it.
    public static func difference(japanese typed: String, for card: Challenge) -> AnswerDiff {
        let shown = withoutSpaces(KanaInput.hiragana(fromFinishedRomaji: TextWidth.normalized(typed)))
        let targets = japaneseTargets(of: card).map { withoutSpaces($0.text) }
        return closest(to: shown, among: targets)
    }

    /// The sense closest to `typed` (as the deck writes it), and how `typed` (without
    /// the spaces around it) differs from it.
    public static func difference(meaning typed: String, for card: Challenge) -> AnswerDiff {
        let shown = typed.trimmingWhitespace()
        return closest(to: shown, among: card.writtenSenses)
    }

    /// The readings and the word, each with the key it is compared by.
    private static func japaneseTargets(of card: Challenge) -> [(text: String, key: String)] {
        let readings =
            card.reading.isEmpty
            ? [KanaInput.hiragana(fromFinishedRomaji: card.romaji)] : card.reading.split(separator: "、").map(String.init)
        // The deck's own romaji read as kana counts too: it writes the particle は as
        // "wa" (こんにちは, konnichiwa → こんにちわ), as a learner types it.
        let romaji = card.reading.isEmpty || card.romaji.isEmpty ? [] : [KanaInput.hiragana(fromFinishedRomaji: card.romaji)]
        let texts = readings + [card.question] + romaji
        return texts.compactMap { text in
            let key = japaneseKey(text, katakana: false)
            return key.isEmpty ? nil : (text, key)
        }
    }

    /// What `typed` is compared by: with a long vowel as kana and, when it has a macron
    /// (only then do they differ), as ー.
    private static func japaneseKeys(_ typed: String) -> [String] {
        let kana = japaneseKey(typed, katakana: false)
        let prolonged = japaneseKey(typed, katakana: true)
        return kana == prolonged ? [kana] : [kana, prolonged]
    }

    /// `text` in one width, romaji as kana, in hiragana, lower case, without spaces.
    private static func japaneseKey(_ text: String, katakana: Bool) -> String {
        let width = TextWidth.normalized(text)
        let kana = katakana ? KanaInput.katakana(fromFinishedRomaji: width) : KanaInput.hiragana(fromFinishedRomaji: width)
        return withoutSpaces(Kana.hiragana(kana)).lowercased()
    }

    private static func withoutSpaces(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !$0.properties.isWhitespace })
        return String(scalars)
    }

    private static func closest(to typed: String, among targets: [String]) -> AnswerDiff {
        let diffs = targets.map { AnswerDiff(expected: $0, typed: typed) }
        return diffs.min { $0.distance < $1.distance } ?? AnswerDiff(expected: "", typed: typed)
    }
}
