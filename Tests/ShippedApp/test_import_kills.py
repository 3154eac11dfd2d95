"""An import is whole or nothing: Kuchi killed (SIGKILL) at several moments of
`--import-deck` of a package with 200,000 reviews (history_package.py: Anki's own
export, filled), most of them while the history is replayed, starts again with the
deck absent, or listed with its whole history; never a deck without its history, and
nothing left in its scratch or decks folders. Then the package imports again under the
same id, not as a second deck ("-2")."""

import os
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
import unittest

from kuchi_app import KuchiApp, binary, wait_until, write
import history_package

DECK = "long-history"


def reviews_of(database, deck):
    """The reviews of `deck` in Kuchi's log (0 when the database has none yet)."""
    if not os.path.exists(database):
        return 0
    connection = sqlite3.connect(database)
    try:
        return connection.execute(
            "SELECT count(*) FROM review JOIN deck ON deck.id = review.deck WHERE deck.name = ?", (deck,)).fetchone()[0]
    except sqlite3.OperationalError:
        return 0  # no tables: never written
    finally:
        connection.close()


def staging(decks):
    """The hidden folder the import's sounds wait in, from their unpacking until the deck
    is listed: the history is replayed meanwhile."""
    names = os.listdir(decks) if os.path.isdir(decks) else []
    return [name for name in names if name.startswith(f".{DECK}.media.import-")]


class KilledWhileImporting(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="kuchi-import-kills-")
        cls.package = os.path.join(cls.folder, "Long history.apkg")
        cls.reviews = history_package.make(cls.package)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def launch_and_kill(self, home, moment, delay):
        """Starts Kuchi with `--import-deck` in `home` (no AT-SPI: nothing slows it) and
        kills it `delay` seconds after `moment`: "launch", "replay" (the sounds
        unpacked, the history being replayed), or "committed" (the replay committed,
        the deck file not yet written: the window a kill once left a history in with no
        deck). Returns whether the replay was still under way just before the kill."""
        app = KuchiApp(home=home)
        decks = os.path.join(app.data, "decks")
        process = subprocess.Popen(
            [binary(), "--import-deck", self.package], env=app.environment(),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            if moment == "replay":
                wait_until(lambda: staging(decks) or os.path.exists(os.path.join(decks, f"{DECK}.json")), 60,
                           "the replay to begin")
            if moment == "committed":
                database = os.path.join(app.data, "kuchi.sqlite3")
                # Polled without the main loop's 20 ms: the window is a checkpoint long. Once the
                # replay commits, another connection sees its reviews (WAL).
                deadline = time.monotonic() + 120
                while not (reviews_of(database, DECK) or os.path.exists(os.path.join(decks, f"{DECK}.json"))):
                    self.assertLess(time.monotonic(), deadline, "the replay did not commit in 120 s")
            time.sleep(delay)  # NB: the moment of the kill is what varies, not a wait for an effect
            replaying = bool(staging(decks))
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait()
        return replaying

    def relaunched(self, home):
        """What the next start shows: whether the deck is listed, and its reviews."""
        app = KuchiApp(home=home)
        with app:
            app.find("push button", "Start")
            decks = os.path.join(app.data, "decks")
            scratch = os.path.join(app.data, "scratch")

            def leftovers():
                hidden = [name for name in os.listdir(decks) if name.startswith(".")] if os.path.isdir(decks) else []
                return hidden + (os.listdir(scratch) if os.path.isdir(scratch) else [])
            wait_until(lambda: not leftovers(), 10, "the killed import's leftovers removed at the start")
            listed = os.path.exists(os.path.join(decks, f"{DECK}.json"))
            return listed, reviews_of(os.path.join(app.data, "kuchi.sqlite3"), DECK)

    def test_a_kill_during_the_import_leaves_the_deck_absent_or_whole_with_its_history(self):
        moments = [("launch", 0.1), ("replay", 0.0), ("replay", 0.3), ("replay", 0.8), ("replay", 1.5), ("replay", 3.0),
                   ("committed", 0.0)]
        outcomes = []
        for moment, delay in moments:
            home = tempfile.mkdtemp(prefix="kuchi-import-kill-")
            try:
                write(os.path.join(home, ".config", "kuchi", "profile.json"), '{"name": "Aiko"}')
                replaying = self.launch_and_kill(home, moment, delay)
                listed, logged = self.relaunched(home)
                outcomes.append((moment, delay, replaying, listed, logged))
                if listed:
                    self.assertGreaterEqual(
                        logged, self.reviews, f"killed at {moment}+{delay} s: the deck is listed without its whole history")
                else:
                    self.assertEqual(logged, 0, f"killed at {moment}+{delay} s: a history with no deck")
            finally:
                shutil.rmtree(home, ignore_errors=True)
        print(f"\nkilled during an import of {self.reviews:,} reviews → what the next start has:")
        for moment, delay, replaying, listed, logged in outcomes:
            print(f"  {moment}+{delay:.1f} s ({'during the replay' if replaying else 'not replaying'})"
                  f" → deck {'listed' if listed else 'absent'}, {logged:,} reviews")
        self.assertTrue(any(replaying for _, _, replaying, _, _ in outcomes),
                        "no kill landed during the replay: the test proved nothing")

    def test_a_quit_during_the_import_cancels_it_and_leaves_nothing(self):
        """SIGTERM (a logout), SIGINT (Ctrl+C) and SIGHUP (a closed terminal) during the
        replay: Kuchi cancels the import, waits for it, and removes what it unpacked
        before it exits; no deck, no history."""
        for quit_signal in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            home = tempfile.mkdtemp(prefix="kuchi-import-quit-")
            try:
                write(os.path.join(home, ".config", "kuchi", "profile.json"), '{"name": "Aiko"}')
                app = KuchiApp(home=home)
                decks = os.path.join(app.data, "decks")
                scratch = os.path.join(app.data, "scratch")
                process = subprocess.Popen(
                    [binary(), "--import-deck", self.package], env=app.environment(),
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                try:
                    wait_until(lambda: staging(decks), 60, "the replay to begin")
                    process.send_signal(quit_signal)
                    process.wait(20)
                finally:
                    if process.poll() is None:
                        process.kill()
                        process.wait()
                hidden = [name for name in os.listdir(decks) if name.startswith(".")]
                self.assertEqual(hidden, [], f"{quit_signal.name}: the sounds' staging folder removed")
                self.assertEqual(os.listdir(scratch) if os.path.isdir(scratch) else [], [],
                                 f"{quit_signal.name}: the unpacked collection removed")
                self.assertFalse(os.path.exists(os.path.join(decks, f"{DECK}.json")), f"{quit_signal.name}: no deck")
                self.assertEqual(reviews_of(os.path.join(app.data, "kuchi.sqlite3"), DECK), 0,
                                 f"{quit_signal.name}: no history")
            finally:
                shutil.rmtree(home, ignore_errors=True)

    def test_a_launch_import_leaves_the_window_readable_while_it_runs(self):
        """`--import-deck` of the long history: a screen reader finds the window while
        the import runs, not once it is over. GTK registers the window with AT-SPI from
        an idle callback; an import's spinner started before it kept the loop from going
        idle under software rendering, and the window only appeared (20 to 54 s) when
        the replay ended, the deck by then listed."""
        home = tempfile.mkdtemp(prefix="kuchi-import-readable-")
        try:
            write(os.path.join(home, ".config", "kuchi", "profile.json"), '{"name": "Aiko"}')
            app = KuchiApp(home=home, arguments=["--import-deck", self.package])
            with app:
                listed = os.path.exists(os.path.join(app.data, "decks", f"{DECK}.json"))
                self.assertFalse(listed, f"the window was found {app.window_seconds:.1f} s after the launch, "
                                         "once the import was over: it held back the window's announcement")
                app.text_containing("Imported “Long history”", 120)
        finally:
            shutil.rmtree(home, ignore_errors=True)

    def test_after_a_kill_the_package_imports_again_as_the_same_deck(self):
        home = tempfile.mkdtemp(prefix="kuchi-import-kill-again-")
        try:
            write(os.path.join(home, ".config", "kuchi", "profile.json"), '{"name": "Aiko"}')
            self.assertTrue(self.launch_and_kill(home, "replay", 0.2), "killed during the replay")
            app = KuchiApp(home=home, arguments=["--import-deck", self.package])
            with app:
                app.text_containing("Imported “Long history”", 120)
                decks = sorted(name for name in os.listdir(os.path.join(app.data, "decks")) if name.endswith(".json"))
                self.assertEqual(decks, [f"{DECK}.json"], "one deck, not a second one (-2)")
                self.assertGreaterEqual(reviews_of(os.path.join(app.data, "kuchi.sqlite3"), DECK), self.reviews)
        finally:
            shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
