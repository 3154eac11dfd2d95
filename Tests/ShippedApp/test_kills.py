"""SIGKILL while answering, on the shipped binary.

Kuchi is started on JLPT N5 and answered through its widgets; at a random moment
while an answer is being saved (0-40 ms after the click on a choice), or between
answers, it is killed with SIGKILL. After every kill the database must pass
`PRAGMA integrity_check`, every answer whose feedback was shown (Kuchi commits the
review before it shows the feedback) must be in the review log, and every card's
state must be its last logged review's. The next launch works on the same files.

`meson test` runs KUCHI_KILLS kills (10 by default);
`KUCHI_KILLS=200 ... -m unittest test_kills` is the full run quoted in the README.
"""

import os
import random
import shutil
import signal
import sqlite3
import tempfile
import time
import unittest

from kuchi_app import KuchiApp, click, name, nodes, role, wait_until, write, question_word

DATA = os.environ.get("KUCHI_DATA_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "data"))


def database_state(path):
    """integrity_check's verdict, the questions in the log, and cards that disagree
    with their last logged review."""
    connection = sqlite3.connect(path)
    try:
        verdict = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        logged = {row[0] for row in connection.execute(
            "SELECT card.question FROM review JOIN card ON card.id = review.card")}
        disagreeing = connection.execute("""
            SELECT count(*) FROM card WHERE NOT EXISTS (
                SELECT 1 FROM review WHERE review.card = card.id AND review.id = (
                    SELECT max(id) FROM review AS last WHERE last.card = card.id)
                AND review.due_after = card.due)""").fetchone()[0]
        return verdict, logged, disagreeing
    finally:
        connection.close()


class KilledWhileAnswering(unittest.TestCase):
    def test_every_shown_answer_survives_sigkill(self):
        kills = int(os.environ.get("KUCHI_KILLS", "10"))
        rng = random.Random(20261123)
        home = tempfile.mkdtemp(prefix="kuchi-kills-")
        deck = os.path.join(DATA, "decks", "jlpt-n5.json")
        shown = set()  # questions whose feedback was shown: their review was committed
        landed_mid_answer = 0
        feedbacks = 0
        started = time.monotonic()
        try:
            for kill in range(kills):
                app = KuchiApp(home=home, arguments=["--deck", deck])
                if kill == 0:
                    write(os.path.join(app.config, "profile.json"), '{"name": "Aiko"}')
                    write(os.path.join(app.config, "settings.json"),
                          '{"numberOfQuestions": 20, "dailyNewCards": 200}')
                app.start()
                try:
                    answers_before_kill = rng.randrange(0, 4)
                    app.start_session()
                    for _ in range(answers_before_kill):
                        question, title = self.answer(app)
                        shown.add(question)
                        feedbacks += 1
                    # The kill: during the next answer's save, or while it waits.
                    if rng.random() < 0.75:
                        self.click_a_choice(app)
                        time.sleep(rng.uniform(0, 0.04))
                        landed_mid_answer += 1
                    else:
                        time.sleep(rng.uniform(0, 0.3))
                finally:
                    os.kill(app.process.pid, signal.SIGKILL)
                    app.process.wait()
                    app.quit()

                verdict, logged, disagreeing = database_state(os.path.join(app.data, "kuchi.sqlite3"))
                self.assertEqual(verdict, ["ok"], f"integrity after kill {kill}")
                self.assertEqual(shown - logged, set(), f"after kill {kill}: answers shown but not in the log")
                self.assertEqual(disagreeing, 0, f"after kill {kill}: a card disagrees with its last review")
            print(f"\nkill test: {kills} SIGKILLs, {landed_mid_answer} during an answer's save; "
                  f"{feedbacks} answers shown, on {len(shown)} questions, all in the log; "
                  f"{time.monotonic() - started:.0f} s")
        finally:
            shutil.rmtree(home, ignore_errors=True)

    def click_a_choice(self, app):
        question = app.question_button()
        if not app.choice_buttons():
            click(question)
        choices = wait_until(app.choice_buttons, 5, "the choices")
        click(choices[0])
        return question_word(question)

    def answer(self, app):
        """Answers once and returns the question and the feedback's title; after a
        session's last answer, plays again."""
        question = self.click_a_choice(app)
        dialog = wait_until(lambda: next(iter(app.alerts()), None), 5, "the feedback")
        title = name(dialog)
        ok = next(node for node in nodes(dialog) if role(node) == "push button" and name(node) == "OK")
        click(ok)
        wait_until(lambda: not app.alerts(), 5, "the feedback to close")
        app.go_on_after_the_last_answer()
        return question, title



if __name__ == "__main__":
    unittest.main()
