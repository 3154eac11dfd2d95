internal import CGettext
internal import CGtk
#if canImport(Glibc)
import Glibc
#endif

/// The C library's gettext: the app's text domain, and its words in the user's
/// language. The only place GtkKit (and an app on it) touches gettext's C calls and
/// the C strings they hand back.
///
/// Call ``bindTextDomain(_:localeDirectory:)`` once, before the first window (before
/// ``Application/run()``); then ``Text/localized(_:)`` and its plural and context
/// forms, and ``translate(_:)`` for text that is not a `Text`, read the app's
/// catalogues. Without it, or with no catalogue for the user's language, every
/// message comes back as written.
///
/// `xgettext` has no Swift parser; it reads a `.swift` file as C, which finds these
/// calls' literals given the keywords `--keyword=localized:1,1t`,
/// `--keyword=localized:1,2,3t`, `--keyword=localized:2c,1,2t` (``Text/localized(_:)``
/// and its plural and context forms), `--keyword=translate:1,1t`,
/// `--keyword=translate:2c,1,2t` and `--keyword=translatePlural:1,2`, with
/// `--from-code=UTF-8`.
///
/// Threading: bind on the main thread before any other thread starts (it sets the
/// process's locale); the lookups are safe from any thread afterwards.
public enum Gettext {
    /// Takes the locale from the environment (LANG, LC_*, LANGUAGE), binds `domain`'s
    /// catalogues (`domain.mo` in LOCALEDIR/LANGUAGE/LC_MESSAGES) in `localeDirectory`
    /// (the system's default, PREFIX/share/locale, when nil), reads them as UTF-8,
    /// and makes `domain` the one ``translate(_:)`` looks in.
    ///
    /// A locale the system has not generated (LANG=de_DE.UTF-8 without it) leaves the
    /// C library in "C", where gettext ignores LANGUAGE and every word stays as written
    /// though the catalogue is there: GtkKit falls back to C.UTF-8, where LANGUAGE still
    /// picks the messages (dates and numbers are then C's). glibc 2.39 and later
    /// (Debian 13) ignore LANGUAGE in C.UTF-8 too, as in "C"; there, when LANGUAGE is
    /// set, the messages' category alone moves to the first generated UTF-8 locale of
    /// LANGUAGE's languages (`de` → `de_DE.UTF-8`), so LANGUAGE picks the catalogue on
    /// both, and numbers and dates stay C.UTF-8's. Plain "C" keeps POSIX's English.
    ///
    /// Called before GTK starts, this also keeps GTK from setting the locale from the
    /// environment again (`gtk_disable_setlocale`), which would undo the fallback.
    @MainActor public static func bindTextDomain(_ domain: String, localeDirectory: String?) {
        if setlocale(LC_ALL, "") == nil { setlocale(LC_ALL, "C.UTF-8") }
        honourLanguageInCUTF8()
        if gtk_is_initialized() == 0 { gtk_disable_setlocale() }
        if let localeDirectory { bindtextdomain(domain, localeDirectory) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// Under C.UTF-8 with LANGUAGE set, moves LC_MESSAGES to a generated locale of
    /// LANGUAGE's first language that has one (see ``bindTextDomain(_:localeDirectory:)``).
    @MainActor private static func honourLanguageInCUTF8() {
        guard let messages = setlocale(LC_MESSAGES, nil).map({ String(cString: $0) }),
              ["C.UTF-8", "C.utf8"].contains(messages),
              let language = getenv("LANGUAGE").map({ String(cString: $0) }), !language.isEmpty else { return }
        for entry in language.split(separator: ":") {
            let tag = entry.split(separator: ".").first.map(String.init) ?? String(entry)
            guard !tag.isEmpty, tag != "C", tag != "POSIX" else { continue }
            // A language alone names its own country's locale (de → de_DE); English,
            // which has no en_EN, names en_US.
            let locale = tag.contains("_") ? tag : tag == "en" ? "en_US" : "\(tag)_\(tag.uppercased())"
            if setlocale(LC_MESSAGES, "\(locale).UTF-8") != nil { return }
        }
    }

    // NB: without a translation, gettext returns the very pointer it was given, so the
    // C strings passed must outlive the copy made of the result: a Swift String passed
    // straight to gettext is a temporary freed as the call returns, and reading the
    // answer then reads freed memory (it crashed `kuchi --version` in the C locale).
    // Each call below copies the answer inside withCString.

    /// The translation of `message` in the bound domain, or `message` itself.
    ///
    /// The empty message translates to the catalogue's header (its "Language:" line
    /// says which catalogue is in use).
    public static func translate(_ message: String) -> String {
        message.withCString { message in String(cString: gettext(message)) }
    }

    /// The translation of `message` in `context` ("Next" as a button, not a page),
    /// or `message` itself: gettext's `pgettext`, which is a macro Swift cannot call.
    public static func translate(_ message: String, context: String) -> String {
        let key = context + "\u{4}" + message
        let translated = translate(key)
        // gettext hands back the key, context and all, when there is no translation.
        return translated == key ? message : translated
    }

    /// The plural form of a message the catalogue's language uses for `count` (its
    /// `Plural-Forms` rule), or, without a translation, `singular` for 1 and `plural`
    /// for any other count.
    public static func translatePlural(_ singular: String, _ plural: String, count: Int) -> String {
        singular.withCString { singular in
            plural.withCString { plural in String(cString: ngettext(singular, plural, UInt(clamping: count))) }
        }
    }
}
