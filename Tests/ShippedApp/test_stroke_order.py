"""Stroke order on the shipped binary, with the bundled JLPT N5 Kanji deck: the turned
Learn card shows the kanji drawn from the bundled KanjiVG data, an image a screen reader
reads as "日, stroke order, 4 strokes", with the stroke count under it and a button to
draw it again; the card's face does not show it."""

import json
import os
import unittest

from kuchi_app import KuchiApp, REPOSITORY, name, wait_until, write, xdotool

DECK = os.path.join(REPOSITORY, "data", "decks", "kanji-n5.json")
STROKES = os.path.join(REPOSITORY, "data", "strokes", "strokes.json")


class StrokeOrder(unittest.TestCase):
    def test_the_turned_card_draws_the_kanji_with_its_stroke_count(self):
        with open(DECK, encoding="utf-8") as file:
            first = json.load(file)["cards"][0]["question"]
        with open(STROKES, encoding="utf-8") as file:
            count = len(json.load(file)["kanji"][first]["strokes"])
        strokes = f"{count} stroke" if count == 1 else f"{count} strokes"
        app = KuchiApp()
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        write(os.path.join(app.config, "settings.json"), '{"deck": "kanji-n5"}')
        with app:
            app.switch_to("Learn")
            app.find("label", "Click or press Space to see the meaning")
            drawing = f"{first}, stroke order, {strokes}"
            # The card's hidden side is not in the accessibility tree.
            self.assertFalse(app.all("image", drawing), "stroke order on the card's face")
            app.focus_window()
            xdotool("key", "space")
            app.find("image", drawing)
            self.assertFalse(app.all("label", "Click or press Space to see the meaning"), "the card not turned")
            self.assertTrue(app.all("label", strokes), app.texts())
            self.assertTrue(app.all("push button", "Draw the Strokes Again"))


if __name__ == "__main__":
    unittest.main()
