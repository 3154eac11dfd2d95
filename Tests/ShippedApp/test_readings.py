"""Readings on the shipped binary, with the bundled JLPT N5 deck: a kanji word's card
carries its kana reading as furigana (read out as "word, reading", with no line below
it), and with Readings on romaji the line below the word says the romaji instead."""

import json
import os
import unittest

from kuchi_app import KuchiApp, REPOSITORY, name, wait_until, write

DECK = os.path.join(REPOSITORY, "data", "decks", "jlpt-n5.json")


def kanji_cards():
    with open(DECK, encoding="utf-8") as file:
        cards = json.load(file)["cards"]
    return {card["question"]: card for card in cards
            if any("\u4e00" <= character <= "\u9fff" for character in card["question"])}


class Readings(unittest.TestCase):
    def learn_a_kanji_card(self, app):
        """Learn's card, passed with Remembered until it shows a kanji word; its card."""
        cards = kanji_cards()
        app.switch_to("Learn")
        for remembered in range(10):
            # The word is a label named by its text, or by "text, reading".
            words = [name(node) for node in app.all("label") if name(node).split(", ")[0] in cards]
            if words:
                return cards[words[0].split(", ")[0]], words[0]
            app.press("Remembered")
            # NB: AT-SPI's press returns before Kuchi has taken it. Without this wait the
            # next look could still see this card, and a second press would pass the
            # kanji card as it came (seen with Noto CJK, whose glyphs take longer to lay
            # out: the test then waited for a reading that had already gone).
            app.find("label", f"Remembered {remembered + 1}/10")
        self.fail("no kanji word in the first ten cards of JLPT N5")

    def start(self, readings):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        settings = {"deck": "jlpt-n5"} | ({"readings": readings} if readings else {})
        write(os.path.join(app.config, "settings.json"), json.dumps(settings))
        return app

    def test_a_kanji_card_shows_its_kana_reading_as_furigana_by_default(self):
        with self.start(None) as app:
            card, spoken = self.learn_a_kanji_card(app)
            self.assertEqual(spoken, f"{card['question']}, {card['reading']}")
            # Furigana: the reading is over the word, not on a line of its own.
            self.assertFalse(app.all("label", card["reading"]), "the reading is also a line of its own")
            self.assertFalse(app.all("label", card["romaji"]))

    def test_with_readings_on_romaji_the_card_shows_romaji(self):
        with self.start("romaji") as app:
            card, spoken = self.learn_a_kanji_card(app)
            self.assertEqual(spoken, f"{card['question']}, {card['romaji']}")
            app.find("label", card["romaji"])
            self.assertFalse(app.all("label", f"{card['question']}, {card['reading']}"))

    def test_with_readings_below_the_word_the_reading_is_a_line_of_its_own(self):
        with self.start("below") as app:
            card, spoken = self.learn_a_kanji_card(app)
            self.assertEqual(spoken, f"{card['question']}, {card['reading']}")
            app.find("label", card["reading"])

if __name__ == "__main__":
    unittest.main()
