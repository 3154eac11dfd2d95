"""Readings on the shipped binary, with the bundled JLPT N5 deck: a kanji word's card
carries its kana reading as furigana (read out as "word, reading", with no line below
it), and with Readings on romaji the line below the word says the romaji instead. The
pitch accent the deck gives is said after the reading ("人, ひと, low-high, heiban")
while the Pitch Accent setting is on (the default), and not when it is off."""

import json
import os
import unittest

from kuchi_app import KuchiApp, REPOSITORY, name, wait_until, write

DECK = os.path.join(REPOSITORY, "data", "decks", "jlpt-n5.json")


def spoken_pitch(card):
    """", low-high, heiban" for a card whose deck gives a pitch accent, as the app says
    it after the reading; "" without one. Morae: a small ゃゅょ (ぁ…ぉ) joins the kana
    before it."""
    if not card.get("pitch"):
        return ""
    morae = sum(1 for index, kana in enumerate(card["reading"])
                if not (index > 0 and kana in "ゃゅょぁぃぅぇぉゎャュョァィゥェォヮ"))
    nucleus = card["pitch"][0]
    highs = [index > 0 if nucleus == 0 else index == 0 if nucleus == 1 else 0 < index < nucleus
             for index in range(morae)]
    name = ("heiban" if nucleus == 0 else "atamadaka" if nucleus == 1
            else "odaka" if nucleus == morae else "nakadaka")
    return ", " + "-".join("high" if high else "low" for high in highs) + ", " + name


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

    def start(self, readings, **more):
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        settings = {"deck": "jlpt-n5"} | ({"readings": readings} if readings else {}) | more
        write(os.path.join(app.config, "settings.json"), json.dumps(settings))
        return app

    def test_a_kanji_card_shows_its_kana_reading_as_furigana_by_default(self):
        with self.start(None) as app:
            card, spoken = self.learn_a_kanji_card(app)
            self.assertEqual(spoken, f"{card['question']}, {card['reading']}{spoken_pitch(card)}")
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
            self.assertEqual(spoken, f"{card['question']}, {card['reading']}{spoken_pitch(card)}")
            app.find("label", card["reading"])

    def test_the_pitch_accent_is_said_with_the_reading_and_the_setting_hides_it(self):
        with self.start(None) as app:
            card, spoken = self.learn_a_kanji_card(app)
            self.assertTrue(spoken_pitch(card), f"{card['question']}: the bundled deck gives no pitch")
            # 人 ひと, heiban in UniDic: low-high.
            self.assertEqual(spoken, f"{card['question']}, {card['reading']}{spoken_pitch(card)}")
        with self.start(None, pitchAccent=False) as app:
            card, spoken = self.learn_a_kanji_card(app)
            self.assertEqual(spoken, f"{card['question']}, {card['reading']}")

    def test_the_golden_words_spoken(self):
        self.assertEqual(spoken_pitch({"reading": "はし", "pitch": [1]}), ", high-low, atamadaka")
        self.assertEqual(spoken_pitch({"reading": "はし", "pitch": [2]}), ", low-high, odaka")
        self.assertEqual(spoken_pitch({"reading": "せんせい", "pitch": [3]}), ", low-high-high-low, nakadaka")
        self.assertEqual(spoken_pitch({"reading": "きょう", "pitch": [1]}), ", high-low, atamadaka")
        self.assertEqual(spoken_pitch({"reading": "はし"}), "")

if __name__ == "__main__":
    unittest.main()
