import Synchronization

/// How Kuchi's words reach the learner's language.
///
/// Every sentence Kuchi shows or speaks, the model's included, is written as a call to
/// ``tr(_:_:)``, ``trn(_:_:_:_:)`` or ``trc(_:_:_:)`` with an English literal, which
/// `xgettext` collects into `po/kuchi.pot`. The model knows nothing of gettext: it asks
/// the installed `Localization`, which is English as written until the app installs
/// one backed by the C library's gettext (`Translations.install()` in KuchiApp). Tests
/// of the model therefore read English, and a model test never needs a catalogue.
///
/// Placeholders are named in braces, `"Hi, {name}"`, and filled in after translation,
/// so a translator can move them; a literal passed to these functions is a
/// `StaticString`, which Swift's string interpolation cannot produce, so a sentence
/// that xgettext would miss (or translators could not reorder) does not compile.
///
/// Threading: the installed value is read under a lock from any thread (decks load in
/// the background); it is installed once, before the first window.
public struct Localization: Sendable {
    /// The translation of `message` (a msgid, or "context\u{4}msgid").
    public var translate: @Sendable (_ message: String) -> String
    /// The translation of a message with plural forms, chosen for `count`.
    public var translatePlural: @Sendable (_ singular: String, _ plural: String, _ count: Int) -> String
    /// Thousands separated as the learner's locale separates them: "108,189", "108.189".
    public var groupDigits: @Sendable (_ number: Int) -> String

    public init(
        translate: @escaping @Sendable (String) -> String,
        translatePlural: @escaping @Sendable (String, String, Int) -> String,
        groupDigits: @escaping @Sendable (Int) -> String
    ) {
        self.translate = translate
        self.translatePlural = translatePlural
        self.groupDigits = groupDigits
    }

    /// The words as written: English, numbers grouped by commas.
    public static let english = Localization(
        translate: { message in
            // A context is dropped, as gettext drops it when a message has no translation.
            message.split(separator: "\u{4}", maxSplits: 1).last.map(String.init) ?? message
        },
        translatePlural: { singular, plural, count in count == 1 ? singular : plural },
        groupDigits: { number in groupedByCommas(number) }
    )

    /// The localisation in use.
    public static var current: Localization { installed.withLock { $0 } }

    /// Makes `localization` the one every later sentence is worded in.
    public static func install(_ localization: Localization) {
        installed.withLock { $0 = localization }
    }

    private static let installed = Mutex(Localization.english)

    static func groupedByCommas(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}

/// The translation of `message`, its `{name}` placeholders filled from `values`.
public func tr(_ message: StaticString, _ values: KeyValuePairs<String, String> = [:]) -> String {
    Placeholders.fill(Localization.current.translate(message.description), with: values)
}

/// The translation of a message with a count: the plural form the learner's language
/// uses for `count`, with `{count}` replaced by the count (grouped) and other placeholders
/// from `values`. Never "1 cards": every count-bearing sentence goes through here.
public func trn(
    _ singular: StaticString, _ plural: StaticString, _ count: Int, _ values: KeyValuePairs<String, String> = [:]
) -> String {
    let text = Localization.current.translatePlural(singular.description, plural.description, count)
    return Placeholders.fill(Placeholders.fill(text, with: values), with: ["count": count.grouped])
}

/// The translation of `message` in `context`, for a word English uses in more than one
/// sense ("Due" as a heading, "Next" as a button): gettext's "context\u{4}message".
public func trc(_ context: StaticString, _ message: StaticString, _ values: KeyValuePairs<String, String> = [:]) -> String {
    let key = context.description + "\u{4}" + message.description
    let translated = Localization.current.translate(key)
    // gettext hands back the key itself when there is no translation.
    return Placeholders.fill(translated == key ? message.description : translated, with: values)
}
