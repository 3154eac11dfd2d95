import CGettext
import Foundation
import Observation
import Testing
import TemporaryFolderFixture
@testable import GtkKit

extension GTKTests {
    /// Text.localized reads the app's gettext catalogue: a tiny one compiled here with
    /// msgfmt, in a language (qaa, "reserved for local use") that GTK has no catalogue
    /// for, so no other test's words change while it is bound.
    @Suite("Localized text") @MainActor
    struct LocalizedTextTests {
        @Test("a literal the catalogue translates shows its translation")
        func translatedLiteral() throws {
            try withCatalogue {
                let window = showWindow { Text.localized("Start practising").widgetName("text") }
                defer { window.close() }
                #expect(labelText(widgetNamed("text", in: window)!) == "Üben beginnen")
            }
        }

        @Test("a literal the catalogue lacks shows as written")
        func untranslatedLiteral() throws {
            try withCatalogue {
                let window = showWindow {
                    VStack {
                        Text.localized("Not in the catalogue").widgetName("plain")
                        Text.localized("Not in the catalogue", context: "button").widgetName("context")
                    }
                }
                defer { window.close() }
                #expect(labelText(widgetNamed("plain", in: window)!) == "Not in the catalogue")
                #expect(labelText(widgetNamed("context", in: window)!) == "Not in the catalogue")
            }
        }

        @Test("a context picks that sense's translation, and no context the other")
        func contextPicksTranslation() throws {
            try withCatalogue {
                let window = showWindow {
                    VStack {
                        Text.localized("Next", context: "button").widgetName("button")
                        Text.localized("Next").widgetName("plain")
                    }
                }
                defer { window.close() }
                #expect(labelText(widgetNamed("button", in: window)!) == "Weiter")
                #expect(labelText(widgetNamed("plain", in: window)!) == "Nächste")
            }
        }

        @Test("a plural takes the form the catalogue's rule picks for the count, and follows the count")
        func pluralPicksForm() throws {
            try withCatalogue {
                let deck = Deck()
                let window = showWindow {
                    Text.localized("{count} card left", plural: "{count} cards left", count: deck.remaining)
                        .widgetName("text")
                }
                defer { window.close() }
                // The catalogue's rule is plural=(n > 1): 0 takes the singular form,
                // where English (n != 1) would take the plural.
                #expect(labelText(widgetNamed("text", in: window)!) == "0 Karte übrig")
                deck.remaining = 1
                nextTurn()
                #expect(labelText(widgetNamed("text", in: window)!) == "1 Karte übrig")
                deck.remaining = 3
                nextTurn()
                #expect(labelText(widgetNamed("text", in: window)!) == "3 Karten übrig")
            }
        }

        @Test("without a bound domain, a plural falls back to English's rule")
        func pluralWithoutCatalogue() {
            #expect(Gettext.translatePlural("{count} card", "{count} cards", count: 0) == "{count} cards")
            #expect(Gettext.translatePlural("{count} card", "{count} cards", count: 1) == "{count} card")
        }
    }
}

@Observable @MainActor private final class Deck {
    var remaining = 0
}

/// Runs `body` with the test catalogue bound as the app's text domain, and the
/// process's locale, language and domain as they were afterwards.
@MainActor
private func withCatalogue(_ body: () throws -> Void) throws {
    let temporaryFolder = try TemporaryFolder()
    let messages = temporaryFolder.url.appendingPathComponent("qaa/LC_MESSAGES")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let source = temporaryFolder.url.appendingPathComponent("gtkkit-test.po")
    try catalogue.write(to: source, atomically: true, encoding: .utf8)
    let msgfmt = Process()
    msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
    msgfmt.arguments = ["--check-format", "-o", messages.appendingPathComponent("gtkkit-test.mo").path, source.path]
    try msgfmt.run()
    msgfmt.waitUntilExit()
    try #require(msgfmt.terminationStatus == 0, "msgfmt compiled the test catalogue")

    let saved = ["LC_ALL", "LANGUAGE"].map { ($0, ProcessInfo.processInfo.environment[$0]) }
    let domain = String(cString: textdomain(nil))
    let locale = setlocale(LC_ALL, nil).map { String(cString: $0) } ?? "C"
    defer {
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        setlocale(LC_ALL, locale)
        textdomain(domain)
    }
    // gettext reads LANGUAGE only outside the C locale, and glibc 2.39 and later
    // (Debian 13) take C.UTF-8 for C there too: a generated locale of another name
    // (locales-all, which the README installs, has them all).
    let candidates: [String] = ["en_US.UTF-8", "en_GB.UTF-8", "de_DE.UTF-8"]
    let generated = candidates.first { setlocale(LC_ALL, $0) != nil }
    try #require(generated != nil, "a generated UTF-8 locale other than C.UTF-8 (Debian's locales-all)")
    setenv("LC_ALL", generated ?? "C.UTF-8", 1)
    setenv("LANGUAGE", "qaa", 1)
    Gettext.bindTextDomain("gtkkit-test", localeDirectory: temporaryFolder.url.path)
    try body()
}

private let catalogue = #"""
msgid ""
msgstr ""
"Language: qaa\n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "Start practising"
msgstr "Üben beginnen"

msgctxt "button"
msgid "Next"
msgstr "Weiter"

msgid "Next"
msgstr "Nächste"

msgid "{count} card left"
msgid_plural "{count} cards left"
msgstr[0] "{count} Karte übrig"
msgstr[1] "{count} Karten übrig"
"""#
