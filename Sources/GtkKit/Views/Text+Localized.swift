extension Text {
    /// A label with `message` in the user's language: its translation in the app's
    /// catalogue (``Gettext/bindTextDomain(_:localeDirectory:)``), or `message` as
    /// written where there is none.
    ///
    /// ```swift
    /// Text.localized("Start practising")
    /// ```
    ///
    /// `message` is a literal (a `StaticString`: an interpolated string does not
    /// compile), because `xgettext` collects the literals into the template
    /// translators work from, and it can only collect what is written in the source.
    /// A sentence with values is translated as a whole, with the values filled in
    /// afterwards (see "Localisation" in <doc:ComingFromSwiftUI>). The xgettext
    /// keywords are `--keyword=localized:1,1t`, `--keyword=localized:1,2,3t` (plural)
    /// and `--keyword=localized:2c,1,2t` (context).
    public static func localized(_ message: StaticString) -> Text {
        Text(Gettext.translate(message.description))
    }

    /// A label with `message` in `context` in the user's language, for a word that
    /// has more than one sense in the source language ("Next" as a button and as a
    /// heading): the catalogue's `msgctxt`.
    public static func localized(_ message: StaticString, context: StaticString) -> Text {
        Text(Gettext.translate(message.description, context: context.description))
    }

    /// A label with the plural form the user's language uses for `count`, with
    /// `{count}` in it replaced by the count's digits: "1 card", "3 cards". The label
    /// follows the state `count` reads, as `Text { … }` does.
    ///
    /// ```swift
    /// Text.localized("{count} card left", plural: "{count} cards left", count: deck.remaining)
    /// ```
    public static func localized(
        _ singular: StaticString, plural: StaticString, count: @escaping @autoclosure @MainActor () -> Int
    ) -> Text {
        let singular = singular.description
        let plural = plural.description
        return Text {
            let count = count()
            return Gettext.translatePlural(singular, plural, count: count)
                .replacing("{count}", with: String(count))
        }
    }
}
