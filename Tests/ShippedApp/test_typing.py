"""Typed answers on the shipped binary: with production on for a deck, the Type page
asks a word's meaning → Japanese; romaji typed with real key presses turns into kana in
the entry, Enter checks it, and the review is in the log under the production card."""

import json
import os
import shutil
import sqlite3
import tempfile
import unittest

from kuchi_app import KuchiApp, name, wait_until, write, xdotool

DECK = {"format": 2, "name": "Cats", "language": "ja", "cards": [
    {"question": "猫", "reading": "ねこ", "romaji": "neko", "answer": "cat"},
    {"question": "犬", "reading": "いぬ", "romaji": "inu", "answer": "dog"},
    {"question": "鳥", "reading": "とり", "romaji": "tori", "answer": "bird"},
]}
MEANINGS = {card["answer"]: card for card in DECK["cards"]}


class Typing(unittest.TestCase):
    def test_a_production_card_answered_in_romaji_is_kana_on_screen_and_a_review_in_the_log(self):
        home = tempfile.mkdtemp(prefix="kuchi-typing-")
        self.addCleanup(shutil.rmtree, home, True)
        app = KuchiApp(home=home)
        deck = os.path.join(home, "cats.json")
        write(deck, json.dumps(DECK, ensure_ascii=False))
        app.arguments = ["--deck", deck]
        write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
        write(os.path.join(app.config, "settings.json"), json.dumps({"productionDecks": ["file:Cats"]}))
        with app:
            app.switch_to("Challenge")
            app.press("Type Answers")
            answered = None
            for _ in range(6):
                prompt = wait_until(lambda: next((n for n in app.all("label") if name(n) in MEANINGS
                                                  or name(n).split(", ")[0] in ("猫", "犬", "鳥")), None),
                                    10, "a question")
                if name(prompt) in MEANINGS:  # production: the meaning asks for the Japanese
                    answered = MEANINGS[name(prompt)]
                    app.type_keys(answered["romaji"])
                    app.find("label", "Type the Japanese (romaji becomes kana)")
                    xdotool_return(app)
                    app.find("label", f"Right: {answered['reading']}")
                    break
                # recognition: type the meaning, then go on
                card = next(c for c in DECK["cards"] if c["question"] == name(prompt).split(", ")[0])
                app.type_keys(card["answer"])
                xdotool_return(app)
                app.text_containing("Right: ")
                xdotool_return(app)
            self.assertIsNotNone(answered, "no production question in the round")

        database = sqlite3.connect(os.path.join(app.data, "kuchi.sqlite3"))
        try:
            rows = database.execute(
                "SELECT d.name, c.question, r.rating FROM review r JOIN card c ON c.id = r.card "
                "JOIN deck d ON d.id = r.deck").fetchall()
        finally:
            database.close()
        self.assertIn(("file:Cats/production", answered["question"], 3), rows)


def xdotool_return(app):
    app.focus_window()
    xdotool("key", "Return")


if __name__ == "__main__":
    unittest.main()
