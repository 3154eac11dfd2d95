import GtkKit
#if canImport(Glibc)
import Glibc
#endif

/// The locale's number grouping, for ``Translations``: the C library's LC_NUMERIC and
/// locale data, read once and kept as a value (gettext itself is GtkKit's `Gettext`).
enum LocaleNumbers {
    /// How Kuchi separates thousands: as the learner's numeric locale does ("." and
    /// groups of 3 in German), or, where that is C (C.UTF-8, POSIX: no locale chosen
    /// for numbers, or one the system lacks), as the language of the catalogue in use
    /// does, so German words come with German numbers ("3.302 Karten", not "3,302").
    /// With neither (English, in C), English grouping, "108,189", as Kuchi wrote
    /// numbers before it had locales.
    ///
    /// A numeric locale the learner set wins over the catalogue's language: with
    /// LANG=de_DE.UTF-8 LC_NUMERIC=en_US.UTF-8 the words are German and the numbers
    /// "3,302", as every other program shows them.
    static func numberGrouping() -> NumberGrouping {
        let numeric = setlocale(LC_NUMERIC, nil).map { String(cString: $0) } ?? "C"
        guard isPlainC(numeric) else { return currentGrouping() }
        guard let language = catalogueLanguage() else { return english }
        return grouping(ofLanguage: language) ?? english
    }

    private static let english = NumberGrouping(separator: ",", sizes: [3])

    /// C, POSIX and C.UTF-8 (glibc's "C.utf8" too): no grouping of their own.
    private static func isPlainC(_ locale: String) -> Bool {
        locale == "C" || locale == "POSIX" || locale.hasPrefix("C.")
    }

    /// The current LC_NUMERIC's grouping (`localeconv`).
    private static func currentGrouping() -> NumberGrouping {
        guard let conventions = localeconv() else { return english }
        return NumberGrouping(
            separator: conventions.pointee.thousands_sep.map { String(cString: $0) } ?? "",
            sizes: groupSizes(conventions.pointee.grouping))
    }

    /// The language of the catalogue gettext found for Kuchi ("de", "pt_BR"): its
    /// header's "Language:" line, which the empty message translates to. Nil when
    /// no catalogue is in use (English).
    private static func catalogueLanguage() -> String? {
        // The empty message translates to the catalogue's header.
        let header = Gettext.translate("")
        for line in header.split(separator: "\n") where line.hasPrefix("Language:") {
            let language = line.drop { $0 != ":" }.dropFirst().drop { $0 == " " }.prefix { !$0.isWhitespace }
            return language.isEmpty ? nil : String(language)
        }
        return nil
    }

    /// How `language` ("de", "pt_BR") groups digits: its locale's LC_NUMERIC when the
    /// system has it ("de" is read from de_DE.UTF-8), else ``shippedGroupings``; nil
    /// for a language neither knows.
    private static func grouping(ofLanguage language: String) -> NumberGrouping? {
        let parts = language.split(separator: "_", maxSplits: 1)
        guard let code = parts.first else { return nil }
        let territory = parts.count > 1 ? String(parts[1]) : code.uppercased()
        let name = "\(code)_\(territory).UTF-8"
        if let numeric = newlocale(LC_NUMERIC_MASK, name, nil) {
            defer { freelocale(numeric) }
            let separator = String(cString: nl_langinfo_l(nl_item(THOUSEP), numeric))
            // NB: GROUPING is a macro for the enum constant __GROUPING, which is what Swift sees.
            let sizes = groupSizes(nl_langinfo_l(nl_item(__GROUPING), numeric))
            return NumberGrouping(separator: separator, sizes: sizes)
        }
        return shippedGroupings[language] ?? shippedGroupings[String(code)]
    }

    /// The grouping of each language Kuchi is translated into, as glibc's locales
    /// have it, for a system that lacks the locale (a container with C.UTF-8 only).
    private static let shippedGroupings: [String: NumberGrouping] = [
        "de": NumberGrouping(separator: ".", sizes: [3]),
        "es": NumberGrouping(separator: ".", sizes: [3]),
        "pt_BR": NumberGrouping(separator: ".", sizes: [3]),
    ]

    /// Group sizes from C's grouping string: each byte a group's size from the right;
    /// 0 or the end repeats the last, CHAR_MAX stops.
    private static func groupSizes(_ grouping: UnsafePointer<CChar>?) -> [Int] {
        var sizes: [Int] = []
        guard var size = grouping else { return sizes }
        while size.pointee > 0, size.pointee < CChar.max {
            sizes.append(Int(size.pointee))
            size += 1
        }
        return sizes
    }
}
