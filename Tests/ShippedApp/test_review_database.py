"""The review database as a learner's backup and as someone else's file, on the shipped binary.

- Every way out of Kuchi (Quit, closing the window, a logout's SIGTERM, Ctrl+C's
  SIGINT, a closed terminal's SIGHUP) leaves `kuchi.sqlite3` complete: a copy of that
  file alone, without SQLite's -wal and -shm, holds every answer given.
- A quiet moment does the same while Kuchi runs.
- Another program's SQLite file at the database's path is named, never written, and
  the run's reviews are kept in memory.
- Answers given while another program holds the database's lock wait and are all in
  the log afterwards, with the times they were given, in order. (The read-only
  folder and full disk cases are in test_user_files.py.)
"""

import os
import shutil
import signal
import sqlite3
import tempfile
import unittest

from kuchi_app import KuchiApp, kuchi_basics_answers, read_bytes, wait_until, write

DATABASE = "kuchi.sqlite3"
PROFILE = '{"name": "Aiko"}'
# Right answers only: each one is a new question, so each is a review.
ANSWERS = kuchi_basics_answers()


def reviews_in_copy_of(path):
    """Copies only the database file and counts the reviews in the copy (0 if it has
    no review table: everything is still in the -wal file)."""
    with tempfile.TemporaryDirectory(prefix="kuchi-copy-") as folder:
        copy = os.path.join(folder, DATABASE)
        shutil.copyfile(path, copy)
        connection = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
            if "review" not in tables:
                return 0
            return connection.execute("SELECT count(*) FROM review").fetchone()[0]
        finally:
            connection.close()


def review_times(path):
    connection = sqlite3.connect(path)
    try:
        return [row[0] for row in connection.execute("SELECT time FROM review ORDER BY id")]
    finally:
        connection.close()


def registered_app():
    app = KuchiApp()
    write(os.path.join(app.config, "profile.json"), PROFILE)
    return app


class EveryExitLeavesACompleteFile(unittest.TestCase):
    def exit_and_count(self, leave):
        app = registered_app()
        try:
            app.start()
            app.press("Start")
            app.answer_once(ANSWERS, correct=True)
            app.answer_once(ANSWERS, correct=True)
            leave(app)
            status = app.process.wait(10)
            self.assertEqual(status, 0, "Kuchi ends as Quit ends it")
            database = os.path.join(app.data, DATABASE)
            self.assertEqual(reviews_in_copy_of(database), 2, "the file alone holds both answers")
            self.assertFalse(os.path.exists(database + "-wal"), "the write-ahead log was folded in and removed")
        finally:
            app.quit()
            shutil.rmtree(app.home, ignore_errors=True)

    def test_quit(self):
        self.exit_and_count(lambda app: app.activate_action("quit"))

    def test_window_closed(self):
        self.exit_and_count(lambda app: app.activate_action("close"))

    def test_sigterm(self):
        self.exit_and_count(lambda app: app.process.send_signal(signal.SIGTERM))

    def test_sigint(self):
        self.exit_and_count(lambda app: app.process.send_signal(signal.SIGINT))

    def test_sighup(self):
        self.exit_and_count(lambda app: app.process.send_signal(signal.SIGHUP))

    def test_a_quiet_moment_brings_the_file_up_to_date(self):
        with registered_app() as app:
            app.press("Start")
            app.answer_once(ANSWERS, correct=True)
            database = os.path.join(app.data, DATABASE)
            # Within a few seconds of the last answer, with Kuchi still open.
            wait_until(lambda: reviews_in_copy_of(database) == 1, 15, "the answer in the database file itself")


class AnotherProgramsFile(unittest.TestCase):
    def test_foreign_database_is_named_and_never_written(self):
        app = registered_app()
        database = os.path.join(app.data, DATABASE)
        os.makedirs(app.data)
        connection = sqlite3.connect(database)
        connection.executescript("""
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO notes (body) VALUES ('buy milk');
            PRAGMA user_version = 7;
        """)
        connection.close()
        before = read_bytes(database)
        with app:
            text = app.text_containing("another program's database")
            self.assertIn(database, text)
            self.assertIn('its tables are "notes"', text)
            self.assertIn("in memory only", text)
            app.press("Start")
            app.answer_once(ANSWERS, correct=True)
            app.answer_once(ANSWERS, correct=True)
            app.quit()
            self.assertEqual(read_bytes(database), before, "not a byte changed")
            self.assertEqual(sorted(os.listdir(app.data)), [DATABASE], "no -wal, -shm or journal beside it")


class AnswersWhileLocked(unittest.TestCase):
    def test_every_answer_given_while_locked_is_in_the_log_in_order(self):
        app = registered_app()
        with app:
            app.press("Start")
            app.answer_once(ANSWERS, correct=True)
            database = os.path.join(app.data, DATABASE)
            # Another program takes the write lock and keeps it.
            other = sqlite3.connect(database, isolation_level=None, timeout=0.1)
            other.execute("BEGIN IMMEDIATE")
            try:
                for _ in range(3):
                    app.answer_once(ANSWERS, correct=True)
                text = app.text_containing("answers wait to be saved")
                self.assertTrue(text.startswith("3 answers wait to be saved: "), text)
                self.assertIn("in use by another program", text)
                self.assertIn("kuchi.sqlite3.pending", text)
                with open(database + ".pending", "rb") as journal:
                    self.assertEqual(journal.read().count(b"\n"), 3, "each waiting answer is on disk")
            finally:
                other.execute("COMMIT")
                other.close()
            # No answer needed: the timer saves them once the lock is gone.
            wait_until(lambda: not app.has_text_containing("wait to be saved"), 30, "the waiting answers to be saved")
            app.answer_once(ANSWERS, correct=True)
            app.quit()
            times = review_times(database)
            self.assertEqual(len(times), 5, "every answer given is in the log")
            self.assertEqual(times, sorted(times), "in the order they were given, with their own times")
            self.assertFalse(os.path.exists(database + ".pending"))


if __name__ == "__main__":
    unittest.main()
