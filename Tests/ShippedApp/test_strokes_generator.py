"""The bundled stroke order, data/strokes/strokes.json, covers every kanji of the bundled
decks and is what tools/make-strokes.py makes: two runs give the same bytes, and the same
bytes as the shipped file. The coverage checks need nothing but this python; the
generator's need its package:

    python3 -m venv /tmp/strokes-venv && /tmp/strokes-venv/bin/pip install kanjivg==20260714
    cd Tests/ShippedApp && /tmp/strokes-venv/bin/python -m unittest -v test_strokes_generator

Those are skipped, saying so, where it is missing (as for Debian's python3 of the
shipped-app tests); KUCHI_STROKES_PYTHON names a python that has it, which then runs this
module again (.ci/run makes one).
"""

import gzip
import importlib.metadata
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest

import venv_rerun

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.normpath(os.path.join(HERE, "..", ".."))
TOOL = os.path.join(REPOSITORY, "tools", "make-strokes.py")
DECKS = os.path.join(REPOSITORY, "data", "decks")
SHIPPED = os.path.join(REPOSITORY, "data", "strokes", "strokes.json")
INSTALL = ("python3 -m venv /tmp/strokes-venv && /tmp/strokes-venv/bin/pip install kanjivg==20260714, "
           "then run this test with /tmp/strokes-venv/bin/python")
# Issue 29: the decks grow by at most 3 MiB from pitch and strokes together; the pitch
# accents took 106 KiB, so the strokes may take the rest less a margin.
MAX_SIZE = 3 * 1024 * 1024 - 128 * 1024
VIEW_BOX = 109  # KanjiVG draws in a 109×109 box
# KANJIDIC2 as Debian's kanjidic-xml installs it.
KANJIDIC2 = "/usr/share/edict/kanjidic2.xml.gz"
# Where KanjiVG's count is not KANJIDIC2's first (its accepted count) but another that
# KANJIDIC2 lists: mostly KanjiVG draws the JIS X 0213:2004 form, as today's Japanese
# fonts do (辻 with the two-dot shinnyō, 6 strokes, where KANJIDIC2 counts the one-dot
# form first, 5; 儲, 賭, 謎 and 餅 likewise by their 2004 components); 兎 and 捲 a stroke
# fewer.
OTHER_KANJIDIC2_COUNT = set("僅儲兎噌捲槌櫛歎煉腿襖謎賭辻辿這遜遡飴餅餌")


def missing_package():
    try:
        importlib.metadata.distribution("kanjivg")
        return False
    except importlib.metadata.PackageNotFoundError:
        return True


def load_tool():
    spec = importlib.util.spec_from_file_location("make_strokes", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shipped():
    with open(SHIPPED, encoding="utf-8") as file:
        return json.load(file)


class ShippedStrokes(unittest.TestCase):
    """The shipped file against the shipped decks, with no package needed."""

    @classmethod
    def setUpClass(cls):
        cls.data = shipped()
        cls.tool = load_tool()

    def test_every_kanji_of_the_decks_has_its_strokes(self):
        wanted = self.tool.deck_kanji(__import__("pathlib").Path(DECKS))
        self.assertGreater(len(wanted), 2000)
        lacking = [character for character in wanted if character not in self.data["kanji"]]
        self.assertEqual(lacking, [], f"no strokes for {len(lacking)} of the decks' {len(wanted)} kanji")
        self.assertEqual(sorted(self.data["kanji"]), wanted, "strokes of kanji the decks do not hold")

    def test_header_and_entries(self):
        self.assertEqual(list(self.data), ["format", "source", "license", "attribution", "kanji"])
        self.assertEqual((self.data["format"], self.data["license"]), (1, "CC BY-SA 3.0"))
        self.assertIn("KanjiVG", self.data["attribution"])
        for character, entry in self.data["kanji"].items():
            self.assertEqual(list(entry), ["strokes", "numbers"], character)
            self.assertTrue(entry["strokes"], character)
            self.assertEqual(len(entry["numbers"]), len(entry["strokes"]), character)
            for stroke in entry["strokes"]:
                self.assertRegex(stroke, r"^[Mm] *[-0-9.][-0-9., CcSsLlMmZz]*$", character)
            for x, y in entry["numbers"]:
                self.assertTrue(0 <= x <= VIEW_BOX and 0 <= y <= VIEW_BOX, f"{character}: {x}, {y}")

    def test_stroke_counts_of_known_kanji(self):
        counts = {character: len(self.data["kanji"][character]["strokes"])
                  for character in ("一", "人", "日", "語", "書", "食")}
        self.assertEqual(counts, {"一": 1, "人": 2, "日": 4, "語": 14, "書": 10, "食": 9})
        self.assertEqual(self.data["kanji"]["一"]["strokes"],
                         ["M11,54.25c3.19,0.62,6.25,0.75,9.73,0.5c20.64-1.5,50.39-5.12,68.58-5.24"
                          "c3.6-0.02,5.77,0.24,7.57,0.49"])

    def test_the_file_fits_the_size_budget(self):
        size = os.path.getsize(SHIPPED)
        self.assertLessEqual(size, MAX_SIZE, f"{size / 1024:.0f} KiB")


def kanjidic2_counts():
    """Each character's stroke counts in KANJIDIC2, the accepted one first."""
    import xml.etree.ElementTree as ElementTree
    counts = {}
    with gzip.open(KANJIDIC2, "rb") as file:
        for _, element in ElementTree.iterparse(file):
            if element.tag == "character":
                counts[element.findtext("literal")] = [int(count.text) for count in element.iter("stroke_count")]
                element.clear()
    return counts


@unittest.skipUnless(os.path.exists(KANJIDIC2), "needs KANJIDIC2: apt-get install kanjidic-xml")
class StrokeCountsAgainstKanjidic2(unittest.TestCase):
    def test_every_stroke_count_is_kanjidic2s(self):
        kanjidic2 = kanjidic2_counts()
        strokes = shipped()["kanji"]
        self.assertEqual([character for character in strokes if character not in kanjidic2], ["々"],
                         "kanji KANJIDIC2 lacks (々 is a mark, not a kanji of its own)")
        other, wrong = set(), []
        for character, entry in strokes.items():
            if character == "々":
                continue
            count, counts = len(entry["strokes"]), kanjidic2[character]
            if count != counts[0]:
                if count in counts:
                    other.add(character)
                else:
                    wrong.append(f"{character} {count} {counts}")
        self.assertEqual(wrong, [], "stroke counts KANJIDIC2 does not give")
        # KANJIDIC2 2024-08-06 (Debian 13's kanjidic-xml) counts 捲 as KanjiVG draws it
        # first; 2022-08-23 (Debian 12's) first counts its variant. The other 20 agree.
        expected = OTHER_KANJIDIC2_COUNT - ({"捲"} if kanjidic2["捲"][0] == len(strokes["捲"]["strokes"]) else set())
        self.assertEqual(other, expected, "kanji whose count is KANJIDIC2's variant, not its first")
        self.assertEqual(len(strokes) - 1 - len(OTHER_KANJIDIC2_COUNT), 2513)


@unittest.skipIf(missing_package(), f"needs kanjivg: {INSTALL}")
class StrokesGenerator(unittest.TestCase):
    def test_two_runs_are_byte_identical_and_equal_the_shipped_file(self):
        runs = []
        with tempfile.TemporaryDirectory(prefix="kuchi-strokes-") as folder:
            for run in range(2):
                out = os.path.join(folder, f"run-{run}.json")
                result = subprocess.run([sys.executable, TOOL, "--out", out], capture_output=True, timeout=600)
                self.assertEqual(result.returncode, 0, result.stderr.decode(errors="replace"))
                with open(out, "rb") as file:
                    runs.append(file.read())
        self.assertEqual(runs[0], runs[1], "two runs of make-strokes.py differ")
        with open(SHIPPED, "rb") as file:
            self.assertTrue(runs[0] == file.read(), "data/strokes/strokes.json is not what make-strokes.py makes: regenerate it")

    def test_paths_are_kanjivgs_own(self):
        tool = load_tool()
        entry = tool.strokes("人")
        self.assertEqual(len(entry["strokes"]), 2)
        self.assertEqual(entry, shipped()["kanji"]["人"])
        self.assertIsNone(tool.strokes("\U000e0100"))  # a variation selector: no file


# The checks again under KUCHI_STROKES_PYTHON's python, where kanjivg is.
class StrokesGeneratorInStrokesPython(venv_rerun.rerun("test_strokes_generator", "KUCHI_STROKES_PYTHON", packages_missing=missing_package)):
    pass


if __name__ == "__main__":
    unittest.main()
