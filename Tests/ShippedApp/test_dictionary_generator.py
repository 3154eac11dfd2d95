"""The bundled dictionary is what tools/make-dictionary.py makes: two runs give the same
bytes, and the same bytes as data/dictionary/jmdict-common.sqlite3 (where this SQLite is
the one that wrote the shipped file; elsewhere the same rows). Needs the generator's
package:

    python3 -m venv /tmp/dict-venv && /tmp/dict-venv/bin/pip install jamdict-data==1.5
    cd Tests/ShippedApp && /tmp/dict-venv/bin/python -m unittest -v test_dictionary_generator

Skipped, saying so, where it is missing (as for Debian's python3 of the shipped-app
tests); KUCHI_DICTIONARY_PYTHON names a python that has it, which then runs this module
again (.ci/run makes one).
"""

import hashlib
import importlib.util
import os
import sqlite3
import subprocess
import sys
import tempfile
import unittest

import venv_rerun

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.normpath(os.path.join(HERE, "..", ".."))
TOOL = os.path.join(REPOSITORY, "tools", "make-dictionary.py")
SHIPPED = os.path.join(REPOSITORY, "data", "dictionary", "jmdict-common.sqlite3")
INSTALL = ("python3 -m venv /tmp/dict-venv && /tmp/dict-venv/bin/pip install jamdict-data==1.5, "
           "then run this test with /tmp/dict-venv/bin/python")
MAX_SIZE = 6 * 1024 * 1024


def missing_package():
    return importlib.util.find_spec("jamdict_data") is None


def writer_version(data):
    """The SQLITE_VERSION_NUMBER that last wrote a database file (its header, offset 96)."""
    return int.from_bytes(data[96:100], "big")


def rows(path):
    """Every table's rows, in key order: the file's content apart from its layout."""
    database = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [name for (name,) in database.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {table: database.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() for table in tables}
    finally:
        database.close()


@unittest.skipIf(missing_package(), f"needs jamdict-data: {INSTALL}")
class DictionaryGenerator(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory(prefix="kuchi-dictionary-")
        cls.files = []
        for run in range(2):
            path = os.path.join(cls.folder.name, f"run-{run}.sqlite3")
            result = subprocess.run([sys.executable, TOOL, "--out", path], capture_output=True, timeout=600)
            if result.returncode != 0:
                raise AssertionError(f"make-dictionary.py failed: {result.stderr.decode(errors='replace')}")
            cls.files.append(path)

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def read(self, path):
        with open(path, "rb") as file:
            return file.read()

    def test_two_runs_are_byte_identical_and_equal_the_shipped_file(self):
        first, second = self.read(self.files[0]), self.read(self.files[1])
        self.assertTrue(first == second, "two runs of make-dictionary.py differ: "
                        f"{hashlib.sha256(first).hexdigest()} and {hashlib.sha256(second).hexdigest()}")
        shipped = self.read(SHIPPED)
        if writer_version(shipped) == sqlite3.sqlite_version_info[0] * 1_000_000 + \
                sqlite3.sqlite_version_info[1] * 1_000 + sqlite3.sqlite_version_info[2]:
            self.assertTrue(first == shipped, "data/dictionary/jmdict-common.sqlite3 is not what "
                            "make-dictionary.py makes: regenerate it")
        else:
            # Another SQLite lays the same rows out in its own way (and writes its own
            # version into the header): the content must still be the same.
            self.assertEqual(rows(self.files[0]), rows(SHIPPED), "the shipped dictionary's rows differ: regenerate it")

    def test_the_file_is_small_and_holds_the_common_entries(self):
        self.assertLessEqual(len(self.read(self.files[0])), MAX_SIZE)
        database = sqlite3.connect(f"file:{self.files[0]}?mode=ro", uri=True)
        try:
            self.assertEqual(database.execute("PRAGMA user_version").fetchone(), (1,))
            self.assertEqual(database.execute("PRAGMA journal_mode").fetchone(), ("delete",))
            count = database.execute("SELECT count(*) FROM entry").fetchone()[0]
            self.assertTrue(20_000 <= count <= 25_000, count)
            about = dict(database.execute("SELECT name, value FROM about"))
            self.assertEqual(about["entries"], str(count))
            self.assertIn("CC BY-SA 4.0", about["attribution"])
            self.assertIn("jamdict-data 1.5", about["source"])
            neko = database.execute("SELECT kanji, readings, senses FROM entry WHERE id = 1467640").fetchone()
            self.assertEqual(neko[0], "猫")
            self.assertEqual(neko[1].split("\n"), ["ねこ", "ネコ\t\t"])  # ネコ is no reading of 猫's kanji
            self.assertTrue(neko[2].startswith("cat (esp. the domestic cat"), neko[2])
            keys = database.execute("SELECT entry, form FROM lookup WHERE folded = 'ねこ'").fetchall()
            self.assertIn((1467640, 1), keys)
        finally:
            database.close()


# The checks again under KUCHI_DICTIONARY_PYTHON's python, where the generator's packages are.
class DictionaryGeneratorInDictionaryPython(venv_rerun.rerun("test_dictionary_generator", "KUCHI_DICTIONARY_PYTHON", packages_missing=missing_package)):
    pass


if __name__ == "__main__":
    unittest.main()
