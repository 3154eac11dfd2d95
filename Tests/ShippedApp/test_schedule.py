"""Learning over days on the shipped binary: answers are reviews in the SQLite review
log, a relaunch knows what is due and when, and the Statistics page shows today's
reviews."""

import os
import shutil
import sqlite3
import tempfile
import time
import unittest

from kuchi_app import KuchiApp, wait_until, write

WORDS = [("ねこ", "cat"), ("いぬ", "dog"), ("とり", "bird"), ("さかな", "fish"), ("うま", "horse")]
ANSWERS = dict(WORDS)


def deck_json():
    cards = ",".join('{"question": "%s", "pronunciation": "x", "answer": "%s"}' % pair for pair in WORDS)
    return '{"format": 1, "name": "Animals", "language": "ja", "cards": [%s]}' % cards


class Schedule(unittest.TestCase):
    def test_answers_are_scheduled_and_counted_across_a_relaunch(self):
        home = tempfile.mkdtemp(prefix="kuchi-schedule-")
        try:
            deck = os.path.join(home, "animals.json")
            write(deck, deck_json())
            first = KuchiApp(home=home, arguments=["--deck", deck])
            write(os.path.join(first.config, "profile.json"), '{"name": "Aiko"}')
            write(os.path.join(first.config, "settings.json"), '{"numberOfQuestions": 5, "dailyNewCards": 3}')
            with first:
                first.text_containing("3 new cards to learn today.")
                first.press("Start")
                # The schedule holds 3 new cards, so the session ends after 3, not 5.
                first.find("label", "Score: 0 of 3")
                for _ in range(3):
                    self.assertEqual(first.answer_once(ANSWERS, correct=True), "Congratulations")
                first.press("Play Again")
                # Nothing left for today: back to Welcome, which says when the next card is due.
                text = first.text_containing("Nothing is due. The next card is due in ")
                self.assertRegex(text, r"due in (a minute|\d+ minutes)\.$")
                first.find("push button", "Practise Anyway")
                started = time.time()

            database = sqlite3.connect(os.path.join(first.data, "kuchi.sqlite3"))
            try:
                self.assertEqual(database.execute("PRAGMA integrity_check").fetchone()[0], "ok")
                ratings = [row[0] for row in database.execute("SELECT rating FROM review")]
                self.assertEqual(ratings, [3, 3, 3], "three first answers, each Good")
                due = [row[0] / 1000 for row in database.execute("SELECT due FROM card")]
                self.assertEqual(len(due), 3)
                self.assertTrue(all(d > started - 5 for d in due), "every card is due in the future")
            finally:
                database.close()

            second = KuchiApp(home=home, arguments=["--deck", deck])
            with second:
                second.text_containing("Nothing is due. The next card is due in ")
                second.switch_to("Statistics")
                second.text_containing("3 reviews in the last 30 days, 3 today")
                charts = [node for node in second.all("image") if node.get_name().startswith("3 reviews in the last")]
                self.assertEqual(len(charts), 1, "the reviews chart is named by its sentence")
                self.assertTrue(second.has_text_containing("No answers to cards in review yet."))
        finally:
            shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
