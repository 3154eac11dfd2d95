import CGettext
#if canImport(Glibc)
import Glibc
#endif

/// The C library's gettext and locale, for ``Translations``: the only place Kuchi
/// touches them (and the C strings they hand back).
///
/// Threading: `setUp` runs once on the main thread before any window; afterwards
/// `dgettext`/`dngettext` are safe from any thread (decks are checked in the
/// background), and the locale's number grouping is read once and kept as a value.
enum Gettext {
    /// Kuchi's text domain: `kuchi.mo` in LOCALEDIR/LANG/LC_MESSAGES.
    static let domain = "kuchi"

    /// Takes the locale from the environment (LANG, LC_*, LANGUAGE) and binds Kuchi's
    /// catalogues in `localeDirectory` (the system's default when nil).
    ///
    /// A locale the system has not generated (LANG=de_DE.UTF-8 without it) leaves the C
    /// library in "C", where gettext ignores LANGUAGE and every word stays English though
    /// the catalogue is there: Kuchi falls back to C.UTF-8, where LANGUAGE still picks the
    /// messages (dates and numbers are then C's).
    static func setUp(localeDirectory: String?) {
        if setlocale(LC_ALL, "") == nil { setlocale(LC_ALL, "C.UTF-8") }
        if let localeDirectory { bindtextdomain(domain, localeDirectory) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    // NB: without a translation, dgettext returns the very pointer it was given, so the
    // C strings passed must outlive the copy made of the result: a Swift String passed
    // straight to dgettext is a temporary freed as the call returns, and reading the
    // answer then reads freed memory (it crashed `kuchi --version` in the C locale).
    static func translate(_ message: String) -> String {
        message.withCString { message in String(cString: dgettext(domain, message)) }
    }

    static func translatePlural(_ singular: String, _ plural: String, _ count: Int) -> String {
        singular.withCString { singular in
            plural.withCString { plural in String(cString: dngettext(domain, singular, plural, UInt(clamping: count))) }
        }
    }

    /// How the current LC_NUMERIC separates thousands: "." and groups of 3 in German.
    /// The C (and C.UTF-8, POSIX) locale groups nothing, and its text is Kuchi's English:
    /// it gets English grouping, "108,189", as Kuchi wrote numbers before it had locales.
    static func numberGrouping() -> NumberGrouping {
        let english = NumberGrouping(separator: ",", sizes: [3])
        let numeric = setlocale(LC_NUMERIC, nil).map { String(cString: $0) } ?? "C"
        if numeric == "C" || numeric == "POSIX" || numeric.hasPrefix("C.") { return english }
        guard let conventions = localeconv() else { return english }
        let separator = conventions.pointee.thousands_sep.map { String(cString: $0) } ?? ""
        var sizes: [Int] = []
        if var size = conventions.pointee.grouping {
            // Each byte is a group's size from the right; 0 repeats the last, CHAR_MAX stops.
            while size.pointee > 0, size.pointee < CChar.max {
                sizes.append(Int(size.pointee))
                size += 1
            }
        }
        return NumberGrouping(separator: separator, sizes: sizes)
    }
}
