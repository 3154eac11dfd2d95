"""Damaged user files and folders, on the shipped binary.

For every user file × every kind of damage: the window appears, the file is moved
aside (byte for byte) and named in the window, no other file loses anything, and the
next save works. For a read-only folder and a full disk: the failed save is reported
in the window, the old file is untouched, and the save succeeds with the next change
(or at quit) once the folder is usable again. Answers go to the review database (kuchi.sqlite3);
the old progress.json is imported into it once and never changed.
"""

import errno
import os
import sqlite3
import random
import shutil
import subprocess
import tempfile
import unittest

from kuchi_app import KuchiApp, is_root, kuchi_basics_answers, make_writable, read_bytes, read_json, snapshot, wait_until, write

PROFILE = b'{"name": "Aiko"}'
SETTINGS = b'{"numberOfQuestions": 7, "rememberUser": true}'
PROGRESS = b'{"questions": {"\xe3\x81\xaf\xe3\x81\x84": {"correct": 2, "wrong": 1}}}'
DATABASE = "kuchi.sqlite3"
ANSWERS = kuchi_basics_answers()


def database_rows(app, sql):
    """One value from the app's review database, read as another program would."""
    connection = sqlite3.connect(os.path.join(app.data, DATABASE))
    try:
        return connection.execute(sql).fetchone()[0]
    finally:
        connection.close()


def without_database(files):
    """A snapshot without the review database, which the app creates at start."""
    return {k: v for k, v in files.items() if DATABASE not in os.path.basename(k)}


def damage(path, kind):
    """Puts damaged `kind` at `path`; returns what must be found moved aside."""
    contents = {
        "garbage": b'{"broken',
        "empty": b"",
        "invalid UTF-8": b'{"name": "\xff\xfe"}',
        "huge": random.Random(7).randbytes(20_000_000),
        "unreadable": b'{"name": "Hidden"}',
    }
    if kind == "directory":
        write(os.path.join(path, "inside.txt"), b"kept")
        return {"inside.txt": b"kept"}
    write(path, contents[kind], mode=0o000 if kind == "unreadable" else None)
    return contents[kind]


def contents_of(path):
    """A file's bytes (read even if unreadable), or a folder's files by relative path."""
    if os.path.isdir(path):
        return {os.path.relpath(p, path): v for p, v in snapshot(path).items()}
    os.chmod(path, 0o600)
    with open(path, "rb") as handle:
        return handle.read()


KINDS = ["garbage", "empty", "invalid UTF-8", "huge", "directory", "unreadable"]


class DamagedFiles(unittest.TestCase):
    """One test per file and kind of damage (subTests keep the matrix in one place)."""

    def check(self, file, kind):
        with tempfile.TemporaryDirectory(prefix="kuchi-damage-") as home:
            app = KuchiApp(home=home, drop_privileges=True)
            paths = {"profile": os.path.join(app.config, "profile.json"),
                     "settings": os.path.join(app.config, "settings.json"),
                     "progress": os.path.join(app.data, "progress.json")}
            assert file != "progress", "progress.json is only imported: see test_damaged_progress"
            # The other files are good ones that must come through untouched.
            if file != "settings":
                write(paths["settings"], SETTINGS)
            write(paths["progress"], PROGRESS)
            damaged = damage(paths[file], kind)
            others = without_database(
                {k: v for k, v in snapshot(app.config, app.data).items() if not k.startswith(paths[file])})
            try:
                with app:
                    text = app.text_containing(paths[file])
                    self.assertIn("moved it aside to", text)
                    aside_name = text.split("moved it aside to ")[1].split(",")[0]
                    aside = os.path.join(os.path.dirname(paths[file]), aside_name)
                    self.assertTrue(os.path.lexists(aside), f"{aside} exists")
                    self.assertEqual(contents_of(aside), damaged, "moved aside byte for byte")
                    self.assertFalse(os.path.lexists(paths[file]))
                    now = without_database(
                        {k: v for k, v in snapshot(app.config, app.data).items() if not k.startswith(aside)})
                    self.assertEqual(now, others, "no other file changed")
                    # The next save works.
                    app.register("Aiko")
                    self.assertEqual(read_json(paths["profile"])["name"], "Aiko")
                    settings = read_json(paths["settings"])
                    expected = 5 if file == "settings" else 7
                    self.assertEqual(settings["numberOfQuestions"], expected)
                    self.assertEqual(read_bytes(paths["progress"]), PROGRESS)
            finally:
                make_writable(home)

    def test_damaged_profile(self):
        for kind in KINDS:
            with self.subTest(kind=kind):
                self.check("profile", kind)

    def test_damaged_settings(self):
        for kind in KINDS:
            with self.subTest(kind=kind):
                self.check("settings", kind)

    def test_damaged_progress(self):
        """The old progress.json is only imported: damaged, it is named in the window and
        left exactly as it is (it is the backup), and answers are saved as reviews."""
        for kind in KINDS:
            with self.subTest(kind=kind):
                with tempfile.TemporaryDirectory(prefix="kuchi-damage-") as home:
                    app = KuchiApp(home=home, drop_privileges=True)
                    progress = os.path.join(app.data, "progress.json")
                    write(os.path.join(app.config, "profile.json"), PROFILE)
                    write(os.path.join(app.config, "settings.json"), SETTINGS)
                    damaged = damage(progress, kind)
                    try:
                        with app:
                            text = app.text_containing(progress)
                            self.assertIn("could not be imported", text)
                            self.assertIn("it was left as it is", text)
                            self.assertEqual(contents_of(progress), damaged, "left byte for byte")
                            app.press("Start")
                            app.answer_once()
                            self.assertEqual(database_rows(app, "SELECT count(*) FROM review"), 1)
                            self.assertEqual(read_bytes(os.path.join(app.config, "settings.json")), SETTINGS)
                    finally:
                        make_writable(home)


class UnwritableFolders(unittest.TestCase):
    """Saves that fail are shown and retried; the old file is never truncated."""

    def test_read_only_config_folder(self):
        app = KuchiApp(drop_privileges=True)
        os.makedirs(app.config)
        os.chmod(app.config, 0o555)
        with app:
            app.type_name("Aiko")
            app.press("OK")
            text = app.text_containing("could not save your settings")
            self.assertIn("Kuchi is not allowed to use it", text)
            self.assertIn(f"Make the folder {app.config} writable.", text)
            self.assertTrue(app.has_text_containing("could not save your profile"))
            os.chmod(app.config, 0o755)
            app.press("Start")
            # An answer is not a change to these files: they wait for the next change, or
            # for quitting, which tries them once more.
            app.answer_once()
            self.assertFalse(os.path.exists(os.path.join(app.config, "settings.json")))
            app.quit()
            self.assertTrue(os.path.exists(os.path.join(app.config, "settings.json")))
            self.assertEqual(read_json(os.path.join(app.config, "profile.json"))["name"], "Aiko")

    def test_read_only_data_folder_keeps_the_old_file(self):
        app = KuchiApp(drop_privileges=True)
        write(os.path.join(app.config, "profile.json"), PROFILE)
        progress = os.path.join(app.data, "progress.json")
        write(progress, PROGRESS)
        os.chmod(app.data, 0o555)
        with app:
            text = app.text_containing("review history could not be opened")
            self.assertIn("read-only", text)
            self.assertIn("your answers are kept and saved once it opens", text)
            app.press("Start")
            # Right answers: each is a new question, so each is a review.
            app.answer_once(ANSWERS, correct=True)
            waiting = app.text_containing("1 answer waits to be saved")
            self.assertIn("kept in memory only", waiting, "the folder cannot take the journal either")
            self.assertEqual(read_bytes(progress), PROGRESS, "the old file is untouched")
            os.chmod(app.data, 0o755)
            app.answer_once(ANSWERS, correct=True)
            # Every answer given is in the log: the one that waited, then this one.
            self.assertEqual(database_rows(app, "SELECT count(*) FROM review"), 2)
            wait_until(lambda: not app.has_text_containing("waits to be saved"), 5, "the waiting answer's line to clear")
            self.assertEqual(database_rows(app, "SELECT correct FROM legacy_progress"), 2, "progress.json imported")
            self.assertEqual(read_bytes(progress), PROGRESS, "and kept as it was")
            wait_until(lambda: not app.has_text_containing("could not be opened"), 5, "the problem to clear")

    @unittest.skipUnless(is_root() and shutil.which("mount"), "mounting a small file system needs root")
    def test_full_disk(self):
        with tempfile.TemporaryDirectory(prefix="kuchi-full-") as home:
            app = KuchiApp(home=home)
            write(os.path.join(app.config, "profile.json"), PROFILE)
            progress = os.path.join(app.data, "progress.json")
            os.makedirs(app.data)
            subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", app.data], check=True)
            try:
                write(progress, PROGRESS)
                filler = os.path.join(app.data, "filler")
                fill(filler)
                with app:
                    app.text_containing("review history could not be opened")
                    app.press("Start")
                    # Right answers: each is a new question, so each is a review.
                    app.answer_once(ANSWERS, correct=True)
                    app.text_containing("1 answer waits to be saved")
                    self.assertEqual(read_bytes(progress), PROGRESS, "the old file is untouched")
                    self.assertEqual([e for e in os.listdir(app.data) if e.startswith(".")], [],
                                     "no temporary file left behind")
                    os.remove(filler)
                    app.answer_once(ANSWERS, correct=True)
                    # Every answer given is in the log: the one that waited, then this one.
                    self.assertEqual(database_rows(app, "SELECT count(*) FROM review"), 2)
                    wait_until(lambda: not app.has_text_containing("could not be opened"), 5, "the problem to clear")
                # A quit once the disk has space leaves the database file alone (no -wal,
                # -shm or journal), as every quit does; the store opened late, so the
                # review log's check was still to come (WaitingAnswersTests.closeBeforeLogCheck has it exactly).
                self.assertEqual(sorted(os.listdir(app.data)), [DATABASE, "progress.json"])
            finally:
                subprocess.run(["umount", app.data], check=False)


def fill(path):
    """Writes `path` until the file system is full."""
    with open(path, "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError as error:
            if error.errno != errno.ENOSPC:
                raise


if __name__ == "__main__":
    unittest.main()
