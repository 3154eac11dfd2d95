"""SIGKILL between Kuchi's database commit and its append to the sync folder, on the
shipped binary (issue 26).

Kuchi commits an answer and notes it as unsent in the same SQLite transaction; on the
main loop's next turn it turns what is unsent into lines in the outbox, appends them to
this device's log in the sync folder and empties the outbox. A kill anywhere in
between must lose nothing and send nothing twice: the next `kuchi --sync`, or the next
launch, appends what the database holds and the folder lacks.

Computer A runs the meson-built `kuchi` with a throw-away HOME and a sync folder, on
JLPT N5, answered rightly through its widgets (0-2 answers per launch), and is stopped
with SIGSTOP around the next: by stepping after the click on a choice (stopped, looked
at, let run 0-2 ms, or 0-0.2 ms once the line is in the outbox, again) until the database holds the answer (kills 0, 3, 6, ...) or
until its line is in the log (1, 4, 7, ...), or at a random moment 0-150 ms after the
click or 0-300 ms without one (2, 5, 8, ...). While it is stopped the test reads a copy
of its database and its log, which says where the kill lands, then kills it with
SIGKILL. After every kill the database passes `PRAGMA integrity_check`; then `kuchi
--sync` runs (after even kills) or the next launch (after odd ones), after which every
review of A's database is in A's log exactly once: none missing, no line twice, no
answer under two ids. Then computer B (another HOME, its folder a copy of A's, as a
synchronizer makes it) runs `kuchi --sync`, and `--export-reviews` writes the same
file on both. The control: A's log with its last review taken out is found lacking,
and a third computer that syncs from it exports something else.

`KUCHI_SYNC_KILLS` kills (6 by default); `KUCHI_SYNC_KILLS=40` is the run the README quotes.
"""

import collections
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
import unittest
import zlib

from kuchi_app import REPOSITORY, KuchiApp, click, copy_sync_folder, name, question_word, wait_until, write

with open(os.path.join(REPOSITORY, "data", "decks", "jlpt-n5.json"), "rb") as deck:
    ANSWERS = {card["question"]: card["answer"] for card in json.load(deck)["cards"]}

# Where a kill landed, as the stopped process's database and log show it.
BETWEEN_ANSWERS = "between answers"
BEFORE_COMMIT = "before the commit"
BETWEEN = "between the commit and the append, not yet in the outbox"
BETWEEN_OUTBOX = "between the commit and the append, in the outbox"
APPENDED_NOT_CLEARED = "after the append, the outbox not yet emptied"
AFTER_APPEND = "after the append"


def log_lines(folder):
    """Every complete line of every device log in the sync folder whose sum is right, as
    decoded events (the bytes after a file's last newline are still being written)."""
    events = []
    devices = os.path.join(folder, "devices")
    for root, _, files in os.walk(devices):
        for file in sorted(files):
            if not file.endswith(".jsonl") or file.startswith("."):
                continue
            with open(os.path.join(root, file), "rb") as log:
                data = log.read()
            for line in data.split(b"\n")[:-1]:
                cut = line.rfind(b',"sum":"')
                if cut < 0 or f"{zlib.crc32(line[:cut]):08x}".encode() != line[cut + 8:cut + 16]:
                    continue
                events.append(json.loads(line))
    return events


def database_reviews(path, snapshot=False):
    """The answers in the database as (deck, word, time, rating), counted, the event id
    each was sent under (None while unsent), and the ids of the events in the outbox.

    With `snapshot`, read from a copy of the file and its write-ahead log, for a Kuchi
    stopped anywhere, even inside a commit: the copy's log is replayed up to its last
    commit, and the running files are left alone."""
    copied = None
    if snapshot:
        copied = tempfile.mkdtemp(prefix="kuchi-sync-kills-snapshot-")
        for suffix in ("", "-wal"):
            if os.path.exists(path + suffix):
                shutil.copyfile(path + suffix, os.path.join(copied, "kuchi.sqlite3" + suffix))
        path = os.path.join(copied, "kuchi.sqlite3")
    connection = sqlite3.connect(path, timeout=5)
    try:
        rows = connection.execute("""
            SELECT d.name, c.question, r.time, r.rating, s.event
            FROM review AS r JOIN card AS c ON c.id = r.card JOIN deck AS d ON d.id = r.deck
                LEFT JOIN sync_review AS s ON s.review = r.id""").fetchall()
        outbox = [json.loads(line)["id"] for (line,) in connection.execute("SELECT line FROM sync_outbox")]
    finally:
        connection.close()
        if copied:
            shutil.rmtree(copied, ignore_errors=True)
    return collections.Counter(row[:4] for row in rows), [row[4] for row in rows], outbox


def differences(database, folder):
    """What the folder's log lacks or holds twice against the database: a list of
    sentences, empty when every review is in the log exactly once."""
    answers, events, _ = database_reviews(database)
    lines = [event for event in log_lines(folder) if event.get("kind") == "review"]
    logged = collections.Counter((e["deck"], e["word"], e["time"], e["rating"]) for e in lines)
    ids = collections.Counter(e["id"] for e in lines)
    problems = []
    if None in events:
        problems.append(f"{events.count(None)} reviews were never sent")
    if answers - logged:
        problems.append(f"in the database, not in the log: {sorted(answers - logged)}")
    if logged - answers:
        problems.append(f"in the log, not in the database (or twice under other ids): {sorted(logged - answers)}")
    twice = sorted(event for event, count in ids.items() if count > 1)
    if twice:
        problems.append(f"lines in the log twice: {twice}")
    missing = sorted(event for event in events if event is not None and event not in ids)
    if missing:
        problems.append(f"events the database sent that the log lacks: {missing}")
    return problems


def where(database, folder, answers_before):
    """Where a kill of the stopped Kuchi lands, from its database and its log."""
    answers, events, outbox = database_reviews(database, snapshot=True)
    logged = {event["id"] for event in log_lines(folder)}
    if sum(answers.values()) == answers_before:
        return BEFORE_COMMIT
    if set(outbox) & logged:
        return APPENDED_NOT_CLEARED
    review_lines = collections.Counter(
        (e["deck"], e["word"], e["time"], e["rating"]) for e in log_lines(folder) if e.get("kind") == "review")
    if answers - review_lines:
        return BETWEEN if None in events else BETWEEN_OUTBOX
    return AFTER_APPEND


def stop(process):
    """SIGSTOP, and waits until the process is stopped (not a bound: the kernel's own wait)."""
    os.kill(process.pid, signal.SIGSTOP)
    os.waitpid(process.pid, os.WUNTRACED)


class KilledBetweenCommitAndAppend(unittest.TestCase):
    def setUp(self):
        self.computers = [KuchiApp(), KuchiApp()]
        self.folders = [tempfile.mkdtemp(prefix="kuchi-sync-kills-") for _ in self.computers]
        for computer, folder in zip(self.computers, self.folders):
            write(os.path.join(computer.config, "settings.json"), json.dumps(
                {"syncFolder": folder, "deck": "jlpt-n5", "numberOfQuestions": 20, "dailyNewCards": 200}))
        write(os.path.join(self.computers[0].config, "profile.json"), '{"name": "Aiko"}')

    def tearDown(self):
        for path in [computer.home for computer in self.computers] + self.folders:
            shutil.rmtree(path, ignore_errors=True)

    def test_a_kill_between_commit_and_append_loses_nothing_and_sends_nothing_twice(self):
        kills = int(os.environ.get("KUCHI_SYNC_KILLS", "6"))
        rng = random.Random(20261126)
        a, b = self.computers
        database = os.path.join(a.data, "kuchi.sqlite3")
        landed = collections.Counter()
        started = time.monotonic()
        self.assertEqual(a.run("--sync")[0], 0)
        synced_by_launch = False
        looks = 0
        for kill in range(kills):
            app = KuchiApp(home=a.home)
            app.start()
            try:
                if synced_by_launch:
                    # The launch's merge sends what the kill left unsent.
                    try:
                        wait_until(lambda: not differences(database, self.folders[0]), 20, "the log to match")
                    except AssertionError:
                        self.fail(f"after kill {kill - 1} ({moment}), the launch left "
                                  f"{differences(database, self.folders[0])}")
                app.start_session()
                for _ in range(rng.randrange(0, 3)):
                    self.answer(app)
                answers_before = sum(database_reviews(database, snapshot=True)[0].values())
                if kill % 3 != 2:
                    # Stepping: stopped and looked at until the answer is committed (or,
                    # every other time, until its line is in the log), let run 0-2 ms
                    # between looks.
                    mode, passed = (("to the commit", {BEFORE_COMMIT}) if kill % 3 == 0 else
                                    ("to the append", {BEFORE_COMMIT, BETWEEN, BETWEEN_OUTBOX}))
                    self.click_a_choice(app)
                    deadline = time.monotonic() + 10
                    while True:
                        stop(app.process)
                        moment = where(database, self.folders[0], answers_before)
                        if moment not in passed or time.monotonic() > deadline:
                            break
                        looks += 1
                        os.kill(app.process.pid, signal.SIGCONT)
                        # The next look's random moment, not a wait; finer once the line
                        # is in the outbox: the append and the outbox's emptying are
                        # a few milliseconds apart.
                        time.sleep(rng.uniform(0, 0.0002 if moment == BETWEEN_OUTBOX else 0.002))
                elif rng.random() < 0.75:
                    mode = "random"
                    self.click_a_choice(app)
                    time.sleep(rng.uniform(0, 0.15))  # the kill's random moment, not a wait
                    stop(app.process)
                    moment = where(database, self.folders[0], answers_before)
                else:
                    mode = "random"
                    time.sleep(rng.uniform(0, 0.3))  # the kill's random moment, not a wait
                    stop(app.process)
                    moment = BETWEEN_ANSWERS
            finally:
                os.kill(app.process.pid, signal.SIGKILL)
                app.process.wait()
                app.quit()
            landed[mode, moment] += 1

            connection = sqlite3.connect(database)
            try:
                self.assertEqual([row[0] for row in connection.execute("PRAGMA integrity_check")], ["ok"],
                                 f"integrity after kill {kill}")
            finally:
                connection.close()
            synced_by_launch = kill % 2 == 1
            if not synced_by_launch:
                status, _, err = a.run("--sync")
                self.assertEqual((status, err), (0, ""), f"--sync after kill {kill}")
                self.assertEqual(differences(database, self.folders[0]), [], f"after kill {kill} ({moment})")
        # The last launch's kill too, then the total.
        status, _, err = a.run("--sync")
        self.assertEqual((status, err), (0, ""))
        self.assertEqual(differences(database, self.folders[0]), [])
        answers = sum(database_reviews(database)[0].values())
        self.assertGreater(answers, 0)
        if kills >= 2:
            # The stepped kills are there to reach this moment: a run that never did
            # would not test what it says.
            self.assertGreater(landed["to the commit", BETWEEN] + landed["to the commit", BETWEEN_OUTBOX], 0,
                               dict(landed))

        # Computer B, its folder a copy of A's.
        self.assertEqual(b.run("--sync")[0], 0)
        copy_sync_folder(self.folders[0], self.folders[1])
        status, out, err = b.run("--sync")
        self.assertEqual((status, err), (0, ""))
        self.assertIn(f"synced: {answers} new review", out)
        exports = [self.export(computer) for computer in self.computers]
        self.assertEqual(exports[0], exports[1])
        self.assertEqual(len(exports[0].splitlines()), answers + 1, exports[0][:500])
        print(f"\nsync kill test: {kills} SIGKILLs: " + ", ".join(
            f"{count} {mode}: {moment}" for (mode, moment), count in sorted(landed.items()))
              + f" ({looks} looks before the moment); {answers} answers, each in the log once, the same export on B; {time.monotonic() - started:.0f} s")

        # Positive control: a log that had lost its last review (a writer that emptied
        # the outbox before its line was in the file) is found, and B's export differs.
        log = max((os.path.join(root, file) for root, _, files in os.walk(os.path.join(self.folders[0], "devices"))
                   for file in files if file.endswith(".jsonl")), key=os.path.getmtime)
        with open(log, "rb") as handle:
            lines = handle.read().split(b"\n")[:-1]
        last_review = max(i for i, line in enumerate(lines) if b'"kind":"review"' in line)
        with open(log, "wb") as handle:
            handle.write(b"".join(line + b"\n" for i, line in enumerate(lines) if i != last_review))
        self.assertTrue(any("not in the log" in problem for problem in differences(database, self.folders[0])))
        c = KuchiApp()
        self.addCleanup(shutil.rmtree, c.home, True)
        folder = tempfile.mkdtemp(prefix="kuchi-sync-kills-control-")
        self.addCleanup(shutil.rmtree, folder, True)
        write(os.path.join(c.config, "settings.json"), json.dumps({"syncFolder": folder, "deck": "jlpt-n5"}))
        copy_sync_folder(self.folders[0], folder)
        self.assertEqual(c.run("--sync")[0], 0)
        self.assertNotEqual(self.export(c), exports[0])

    def export(self, computer):
        status, _, err = computer.run("--export-reviews", "reviews.csv")
        self.assertEqual(status, 0, err)
        with open(os.path.join(computer.home, "reviews.csv"), encoding="utf-8") as log:
            return log.read()

    def click_a_choice(self, app):
        """Clicks the right answer: a wrong one would ask the card again later in the
        session, and an answer asked again is not a new review."""
        question = app.question_button()
        if not app.choice_buttons():
            click(question)
        choices = wait_until(app.choice_buttons, 5, "the choices")
        click(next(choice for choice in choices if name(choice) == ANSWERS[question_word(question)]))

    def answer(self, app):
        """Answers once, rightly (the feedback shown and closed); after a session's last
        answer, plays again."""
        app.answer_once(ANSWERS, correct=True)
        app.go_on_after_the_last_answer()



if __name__ == "__main__":
    unittest.main()
