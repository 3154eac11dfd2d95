"""`kuchi --sync` on the shipped binary, with two throw-away HOMEs (two computers) whose
sync folders are copied into each other by hand, as a synchronizer would.

Each computer's answers are put in its database directly (with Python's sqlite3, as
Kuchi's window would have committed them) and Kuchi is not run between the commit and
the append: that is Kuchi killed after its database commit and before its file append,
and the next `kuchi --sync` must append what is missing. Then both computers hold both
computers' reviews, and `--export-reviews` writes the same log on both (card_id is the
deck and word's, not a row number).

A word a dictionary app adds on the laptop (AnkiConnect's addNote, the window running)
is in the folder as soon as it is added, and `kuchi --sync` on the desktop puts it in the
desktop's My Words.

An Anki package imported in one computer's window (`--import-deck`) is put in its sync
folder with its sounds (`decks/`, `media/`, named by their SHA-256); the other
computer's `kuchi --sync` installs it, sounds byte for byte, and its review history.
"""

import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import unittest

import history_package
from kuchi_app import KuchiApp, copy_sync_folder, read_json, wait_until, write
from test_ankiconnect import Client, free_port, listening


class SyncCommand(unittest.TestCase):
    def setUp(self):
        self.computers = [KuchiApp(), KuchiApp()]
        self.folders = [tempfile.mkdtemp(prefix="kuchi-sync-folder-") for _ in self.computers]
        for computer, folder in zip(self.computers, self.folders):
            os.makedirs(computer.config, exist_ok=True)
            with open(os.path.join(computer.config, "settings.json"), "w") as settings:
                json.dump({"syncFolder": folder}, settings)

    def tearDown(self):
        for path in [computer.home for computer in self.computers] + self.folders:
            shutil.rmtree(path, ignore_errors=True)

    def commit_answers(self, computer, answers):
        """Reviews of the deck chosen (Kuchi Basics) committed as the window would, without a sync after."""
        database = sqlite3.connect(os.path.join(computer.data, "kuchi.sqlite3"))
        with database:
            deck = database.execute(
                "INSERT INTO deck (name) VALUES ('kuchi-basics') ON CONFLICT (name) DO UPDATE SET name = name RETURNING id"
            ).fetchone()[0]
            for word, time in answers:
                row = database.execute("SELECT id FROM card WHERE deck = ? AND question = ?", (deck, word)).fetchone()
                if row is None:
                    row = database.execute(
                        "INSERT INTO card (deck, question, state, due, first_review) VALUES (?, ?, 1, ?, ?) RETURNING id",
                        (deck, word, time + 60_000, time)).fetchone()
                database.execute(
                    "INSERT INTO review (card, deck, time, rating, answer_ms, state_after, due_after) VALUES (?, ?, ?, 3, 2000, 1, ?)",
                    (row[0], deck, time, time + 60_000))
        database.close()

    def test_two_computers_end_with_each_others_reviews_and_the_same_export(self):
        desktop, laptop = self.computers
        # The first runs make the databases and the device ids; nothing to merge yet.
        for computer in self.computers:
            self.assertEqual(computer.run("--sync"), (0, "synced: 0 new reviews from 0 other devices\n", ""))
        self.commit_answers(desktop, [("猫", 1_767_225_600_000), ("犬", 1_767_225_660_000)])
        self.commit_answers(laptop, [("猫", 1_767_225_630_000)])
        # Positive control: before the next sync, neither folder has the answers.
        self.assertNotIn("猫", "".join(open(os.path.join(r, f), encoding="utf-8").read()
                                        for r, _, fs in os.walk(self.folders[0]) for f in fs if f.endswith(".jsonl")))
        for computer in self.computers:
            self.assertEqual(computer.run("--sync")[0], 0)
        copy_sync_folder(self.folders[0], self.folders[1])
        copy_sync_folder(self.folders[1], self.folders[0])
        self.assertEqual(desktop.run("--sync"), (0, "synced: 1 new review from 1 other device\n", ""))
        self.assertEqual(laptop.run("--sync"), (0, "synced: 2 new reviews from 1 other device\n", ""))
        exports = []
        for computer in self.computers:
            status, _, err = computer.run("--export-reviews", "reviews.csv")
            self.assertEqual(status, 0, err)
            with open(os.path.join(computer.home, "reviews.csv"), encoding="utf-8") as log:
                exports.append(log.read())
        self.assertEqual(exports[0], exports[1])
        self.assertEqual(len(exports[0].splitlines()), 4, exports[0])

    def logs(self, folder):
        """The text of every log file in the sync folder `folder`."""
        text = ""
        for root, _, files in os.walk(os.path.join(folder, "devices")):
            for name in files:
                if name.endswith(".jsonl"):
                    with open(os.path.join(root, name), encoding="utf-8") as log:
                        text += log.read()
        return text

    def test_a_word_added_on_the_laptop_reaches_the_desktops_my_words(self):
        desktop, laptop = self.computers
        port = free_port()
        with open(os.path.join(laptop.config, "settings.json"), "w") as settings:
            json.dump({"syncFolder": self.folders[1], "ankiConnect": {"enabled": True, "port": port, "apiKey": None}},
                      settings)
        self.assertEqual(desktop.run("--sync")[0], 0)
        note = {"deckName": "My Words", "modelName": "Kuchi",
                "fields": {"Word": "猫舌[ねこじた]", "Reading": "", "Meaning": "being unable to eat hot food",
                           "Sentence": "", "Sentence Meaning": "", "Audio": "", "Picture": "", "Notes": ""},
                "tags": ["yomitan"], "options": {"allowDuplicate": False, "duplicateScope": "collection"}}
        with KuchiApp(home=laptop.home):
            wait_until(lambda: listening(port), 10, "Kuchi to listen")
            self.assertIsInstance(Client(port).call("addNote", {"note": note}), int)
            # Sent as it is added: no --sync on the laptop.
            wait_until(lambda: '"kind":"word","deck":"my-words","word":"猫舌"' in self.logs(self.folders[1]),
                       10, "the word in the laptop's log")
        # Positive control: before the copy, the desktop has no My Words.
        self.assertFalse(os.path.exists(os.path.join(desktop.data, "decks", "my-words.json")))
        copy_sync_folder(self.folders[1], self.folders[0])
        status, _, err = desktop.run("--sync")
        self.assertEqual((status, err), (0, ""))
        deck = read_json(os.path.join(desktop.data, "decks", "my-words.json"))
        self.assertEqual([(card["question"], card["reading"], card["answer"]) for card in deck["cards"]],
                         [("猫舌", "ねこじた", "being unable to eat hot food")])

    def files_under(self, folder):
        """Every file under `folder` (relative path → bytes), none if it is missing."""
        found = {}
        for root, _, files in os.walk(folder):
            for name in files:
                path = os.path.join(root, name)
                with open(path, "rb") as file:
                    found[os.path.relpath(path, folder)] = file.read()
        return found

    def test_a_deck_imported_in_one_computers_window_is_installed_on_the_other_with_its_sounds_and_history(self):
        desktop, laptop = self.computers
        package_folder = tempfile.mkdtemp(prefix="kuchi-sync-package-")
        self.addCleanup(shutil.rmtree, package_folder, True)
        package = os.path.join(package_folder, "Vocab.apkg")
        history_package.make(package, notes=30, reviews_per_note=4)
        write(os.path.join(desktop.config, "profile.json"), '{"name": "Aiko"}')
        desktop.arguments = ["--import-deck", os.path.abspath(package)]
        decks = os.path.join(desktop.data, "decks")
        # Started and quit by hand: the context manager would remove its HOME on the way out.
        desktop.start()
        try:
            # The import lists the deck; the merge after it puts its files and event in the folder.
            wait_until(lambda: any(name.endswith(".json") for name in os.listdir(self.folders[0] + "/decks"))
                       if os.path.isdir(self.folders[0] + "/decks") else False, 30, "the deck in the sync folder")
            deck_id = next(name[:-5] for name in os.listdir(decks) if name.endswith(".json"))
            wait_until(lambda: deck_id in self.logs(self.folders[0]), 10, "the deck's event in the log")
        finally:
            desktop.quit()
        imported = self.files_under(decks)
        self.assertIn(f"{deck_id}.json", imported)
        self.assertTrue(any(name.startswith(f"{deck_id}.media/") for name in imported), imported.keys())
        # Positive control: the laptop has no such deck before the folder is copied.
        self.assertEqual(laptop.run("--sync")[0], 0)
        self.assertEqual(self.files_under(os.path.join(laptop.data, "decks")), {})
        # The log and the deck file have come, the sounds not yet: the deck waits, and
        # --sync says how many files on standard error: "synced: …" stays its one line.
        copy_sync_folder(self.folders[0], self.folders[1])
        media = os.path.join(self.folders[1], "media")
        sounds = sorted(os.listdir(media))
        self.assertTrue(sounds)
        for name in sounds:
            os.remove(os.path.join(media, name))
        status, out, err = laptop.run("--sync")
        self.assertEqual(status, 0, err)
        lines = out.splitlines()
        self.assertEqual(len(lines), 1, out)
        self.assertTrue(lines[0].startswith("synced: "), out)
        files = "file" if len(sounds) == 1 else "files"
        self.assertIn(f"Waiting for {len(sounds)} {files} of a deck still being copied", err.splitlines(), err)
        self.assertEqual(self.files_under(os.path.join(laptop.data, "decks")), {})
        copy_sync_folder(self.folders[0], self.folders[1])
        status, out, err = laptop.run("--sync")
        self.assertEqual(status, 0, err)
        self.assertEqual(len(out.splitlines()), 1, out)
        installed = self.files_under(os.path.join(laptop.data, "decks"))
        # The hidden mark of the deck's base: the same digest, "own" only where it was imported.
        mark = f".{deck_id}.sync-base"
        self.assertEqual(imported[mark].split(), [installed[mark], b"own"])
        self.assertEqual({path: data for path, data in installed.items() if path != mark},
                         {path: data for path, data in imported.items() if path != mark})
        # Its history came along: the same export on both (the desktop's through --sync too).
        # The export writes the deck in use: the import chose it on the desktop; here by hand.
        self.assertEqual(desktop.run("--sync")[0], 0)
        with open(os.path.join(laptop.config, "settings.json"), "w") as settings:
            json.dump({"syncFolder": self.folders[1], "deck": deck_id}, settings)
        exports = []
        for computer in self.computers:
            status, _, err = computer.run("--export-reviews", "reviews.csv")
            self.assertEqual(status, 0, err)
            with open(os.path.join(computer.home, "reviews.csv"), encoding="utf-8") as log:
                exports.append(log.read())
        self.assertEqual(exports[0], exports[1])
        self.assertGreater(len(exports[0].splitlines()), 100, exports[0][:500])

    def test_no_folder_set_or_a_database_in_a_synced_folder_is_refused_with_the_reason(self):
        desktop = self.computers[0]
        os.remove(os.path.join(desktop.config, "settings.json"))
        status, out, err = desktop.run("--sync")
        self.assertEqual((status, out), (1, ""))
        self.assertIn("no sync folder is set", err)
        # Kuchi's data folder inside a folder Syncthing syncs (the whole HOME here).
        with open(os.path.join(desktop.config, "settings.json"), "w") as settings:
            json.dump({"syncFolder": self.folders[0]}, settings)
        open(os.path.join(desktop.home, ".stfolder"), "w").close()
        status, out, err = desktop.run("--sync")
        self.assertEqual((status, out), (1, ""))
        self.assertIn(f"cannot sync through {self.folders[0]}", err)
        self.assertIn("Syncthing", err)


if __name__ == "__main__":
    unittest.main()
