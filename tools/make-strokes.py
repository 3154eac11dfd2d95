#!/usr/bin/env python3
"""Regenerate data/strokes/strokes.json, the stroke order of every kanji in Kuchi's decks,
from KanjiVG as the kanjivg package on PyPI ships it.

    python3 -m venv /tmp/venv
    /tmp/venv/bin/pip install kanjivg==20260714
    /tmp/venv/bin/python tools/make-strokes.py             # writes data/strokes/strokes.json
    /tmp/venv/bin/python tools/make-strokes.py --out FILE  # writes FILE instead

The kanji are those of data/decks/*.json: every CJK ideograph (and 々) in a card's
question, vocabulary and kanji decks alike. Of each, KanjiVG's standard file
(kanji/0XXXX.svg, not its -Kaisho or other variants) gives the stroke paths in drawing
order, copied as KanjiVG writes them (SVG path data in a 109×109 view box), and where
KanjiVG puts each stroke's number. The stroke count is the number of paths.

The output is deterministic: the same package version and decks give byte-identical
files (Tests/ShippedApp/test_strokes_generator.py checks the shipped file is).
"""

import argparse
import importlib.metadata
import json
import re
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

PACKAGE = "kanjivg"
# The version the shipped file was made with: another one is refused, since its paths
# and attribution must be reviewed first.
EXPECTED_VERSION = "20260714"
REPOSITORY = Path(__file__).resolve().parent.parent
DECKS = REPOSITORY / "data" / "decks"
OUT = REPOSITORY / "data" / "strokes" / "strokes.json"
FORMAT = 1
SVG = "{http://www.w3.org/2000/svg}"
LICENSE = "CC BY-SA 3.0"
ATTRIBUTION = (f"KanjiVG {EXPECTED_VERSION} (https://kanjivg.tagaini.net), © Ulrich Apel and the KanjiVG "
               "contributors, CC BY-SA 3.0: the stroke paths and stroke-number positions of the kanji in "
               "Kuchi's decks, unmodified.")
# A stroke number's place: KanjiVG writes it as a translation, matrix(1 0 0 1 x y).
NUMBER_PLACE = re.compile(r"^matrix\(1 0 0 1 (-?[0-9.]+) (-?[0-9.]+)\)$")


def is_kanji(character):
    code = ord(character)
    return (0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0xF900 <= code <= 0xFAFF
            or 0x20000 <= code <= 0x2FFFF or character == "々")


def deck_kanji(decks):
    """Every kanji in a question of the decks in `decks`, in code point order."""
    found = set()
    for path in sorted(decks.glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8"))["cards"]:
            found.update(character for character in card["question"] if is_kanji(character))
    return sorted(found)


def kanjivg_file(character):
    return Path(importlib.metadata.distribution(PACKAGE).locate_file(f"kanji/{ord(character):05x}.svg"))


def number(text, where):
    # Kept as KanjiVG writes it, but as a JSON number: 4.25 stays 4.25, 54 stays 54.
    value = float(text)
    return int(value) if value == int(value) else value


def strokes(character):
    """The character's stroke paths in order and its stroke numbers' places, or None
    when KanjiVG has no file for it."""
    path = kanjivg_file(character)
    if not path.exists():
        return None
    root = ElementTree.parse(path).getroot()
    code = f"{ord(character):05x}"
    groups = {group.get("id"): group for group in root.iter(f"{SVG}g")}
    paths = groups[f"kvg:StrokePaths_{code}"].iter(f"{SVG}path")
    strokes = []
    for index, element in enumerate(paths, start=1):
        # The ids say the order (kvg:04e00-s1, -s2…): document order must agree.
        if element.get("id") != f"kvg:{code}-s{index}":
            raise SystemExit(f"{path}: stroke {index} has the id {element.get('id')}")
        strokes.append(element.get("d"))
    numbers = []
    for element in groups[f"kvg:StrokeNumbers_{code}"].iter(f"{SVG}text"):
        match = NUMBER_PLACE.match(element.get("transform", ""))
        if not match or element.text != str(len(numbers) + 1):
            raise SystemExit(f"{path}: stroke number {len(numbers) + 1} is {element.text!r} at {element.get('transform')!r}")
        numbers.append([number(match[1], path), number(match[2], path)])
    if not strokes or len(numbers) != len(strokes):
        raise SystemExit(f"{path}: {len(strokes)} strokes but {len(numbers)} numbers")
    return {"strokes": strokes, "numbers": numbers}


def write(out, kanji):
    header = {"format": FORMAT, "source": f"KanjiVG {EXPECTED_VERSION}", "license": LICENSE,
              "attribution": ATTRIBUTION}
    # The header first, then one kanji a line: a regeneration diffs kanji by kanji.
    lines = [f" {json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)},"
             for key, value in header.items()]
    rows = ",\n".join(f"  {json.dumps(character, ensure_ascii=False)}: "
                      f"{json.dumps(entry, ensure_ascii=False, separators=(',', ':'))}"
                      for character, entry in kanji.items())
    text = "{\n" + "\n".join(lines) + '\n "kanji": {\n' + rows + "\n }\n}\n"
    assert json.loads(text)["kanji"] == kanji  # the hand-made layout must still be JSON
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(text.encode("utf-8"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the file to write (default: data/strokes/strokes.json)")
    parser.add_argument("--decks", type=Path, default=DECKS, help="the decks' folder (default: data/decks)")
    arguments = parser.parse_args()
    version = importlib.metadata.version(PACKAGE)
    if version != EXPECTED_VERSION:
        raise SystemExit(f"{PACKAGE} {version}, expected {EXPECTED_VERSION}: review its paths, then update "
                         "EXPECTED_VERSION and data/strokes/ATTRIBUTION.md")
    wanted = deck_kanji(arguments.decks)
    kanji, missing = {}, []
    for character in wanted:
        entry = strokes(character)
        if entry is None:
            missing.append(character)
        else:
            kanji[character] = entry
    write(arguments.out, kanji)
    counts = sum(len(entry["strokes"]) for entry in kanji.values())
    size = arguments.out.stat().st_size
    print(f"{arguments.out.name}: {len(kanji)} of the decks' {len(wanted)} kanji, {counts} strokes "
          f"({size / 1024:.0f} KiB)")
    if missing:
        print(f"  not in KanjiVG: {' '.join(missing)}")


if __name__ == "__main__":
    main()
