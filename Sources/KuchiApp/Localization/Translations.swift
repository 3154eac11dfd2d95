import CKuchiConfig
import FoundationEssentials
import GtkKit
import KuchiModel

/// Puts Kuchi's words, the model's included, into the learner's language.
///
/// Installs a ``Localization`` backed by GtkKit's gettext (`Gettext`, in Kuchi's text
/// domain `kuchi`) and the locale's number grouping (or, where the numeric locale is
/// C, the grouping of the catalogue's language: ``LocaleNumbers/numberGrouping()``), once, before any text is made. The catalogues (`kuchi.mo`) are looked for
/// in order in `$KUCHI_LOCALE_DIR`; in `po/` beside the executable (meson's build tree,
/// where `build/kuchi` runs from); in the locale folder an installed build was
/// configured with (PREFIX/share/locale); and, in a debug build that was not
/// configured for an installation (`swift run kuchi`), in the source tree's
/// `build/po/` (after `meson compile -C build kuchi-gmo`).
public enum Translations {
    /// Kuchi's text domain: `kuchi.mo` in LOCALEDIR/LANG/LC_MESSAGES.
    static let domain = "kuchi"

    @MainActor private static var isInstalled = false

    @MainActor public static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        Gettext.bindTextDomain(domain, localeDirectory: localeDirectory?.path)
        let grouping = LocaleNumbers.numberGrouping()
        Localization.install(Localization(
            translate: { Gettext.translate($0) },
            translatePlural: { Gettext.translatePlural($0, $1, count: $2) },
            groupDigits: { grouping.format($0) }))
    }

    /// The first folder of compiled catalogues that exists, or nil for the system's.
    static var localeDirectory: URL? {
        candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    private static var candidates: [URL] {
        DataLocator.folders(
            environment: "KUCHI_LOCALE_DIR", besideExecutable: "po", configured: kuchi_config_localedir(),
            sourceTree: "build/po")
    }
}
