"""An Anki package with a long review history, for the kill-during-replay test
(test_import_kills.py): Anki's own export (Tests/KuchiModelTests/Fixtures/anki/
vocab-anki2.apkg, written by Anki itself, see tools/make-anki-fixtures.py) with its
"Japanese (Kuchi)" note type filled to `notes` notes of `reviews_per_note` reviews
each. Anki's tables, columns and field separator stay as Anki wrote them; only rows are
added. The note types whose fields need the learner's choice ("Kotoba") and the cloze
notes are taken out, so that `--import-deck` goes straight through.

    python3 history_package.py OUT.apkg [NOTES [REVIEWS_PER_NOTE]]
"""

import json
import os
import shutil
import sqlite3
import sys
import tempfile
import zipfile

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "KuchiModelTests", "Fixtures", "anki", "vocab-anki2.apkg")
DAY_MS = 86_400_000


def make(path, notes=2_000, reviews_per_note=100):
    """Writes the package to `path`; returns the number of reviews in it."""
    with tempfile.TemporaryDirectory() as folder:
        with zipfile.ZipFile(FIXTURE) as package:
            package.extractall(folder)
            names = package.namelist()
        collection = sqlite3.connect(os.path.join(folder, "collection.anki2"))
        models = json.loads(collection.execute("SELECT models FROM col").fetchone()[0])
        kuchi = next(int(key) for key, model in models.items() if model["name"] == "Japanese (Kuchi)")
        deck = collection.execute("SELECT did FROM cards LIMIT 1").fetchone()[0]
        collection.execute("DELETE FROM cards WHERE nid IN (SELECT id FROM notes WHERE mid != ?)", (kuchi,))
        collection.execute("DELETE FROM notes WHERE mid != ?", (kuchi,))
        collection.execute("DELETE FROM revlog WHERE cid NOT IN (SELECT id FROM cards)")
        start = 1_600_000_000_000
        total = 0
        for number in range(notes):
            note = 1_700_000_000_000 + number
            word = f"語{number}"
            fields = "\x1f".join([word, f"ご{number}", f"word {number}", ""])
            collection.execute(
                "INSERT INTO notes VALUES (?, ?, ?, 0, -1, '', ?, ?, 0, 0, '')",
                (note, f"g{number}", kuchi, fields, word))
            card = 1_800_000_000_000 + number
            collection.execute(
                "INSERT INTO cards VALUES (?, ?, ?, 0, 0, -1, 2, 2, 100, 10, 2500, ?, 0, 0, 0, 0, 0, '')",
                (card, note, deck, reviews_per_note))
            rows = []
            for review in range(reviews_per_note):
                time = start + review * DAY_MS + number  # one review a day, ids unique
                rows.append((time, card, 3 if review % 5 else 1, 1, 0, 2500, 4000, 1 if review else 0))
            collection.executemany("INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)", rows)
            total += reviews_per_note
        collection.commit()
        collection.close()
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
            for name in names:
                package.write(os.path.join(folder, name), name)
    return total


if __name__ == "__main__":
    arguments = sys.argv[1:]
    print(make(arguments[0], *(int(value) for value in arguments[1:])))
