#!/usr/bin/env python3
"""Write Tests/KuchiModelTests/Fixtures/kana-input-pairs.json: romaji and the hiragana
the `jaconv` package (0.5.0, MIT) makes of it, for KanaInputTests to compare with
KanaInput.hiragana(fromRomaji:).

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install jaconv==0.5.0
    /tmp/venv/bin/python tools/kana-input-pairs.py

The romaji: every spelling KanaInput reads (written out here, apart from the Swift
table), a few words that try its rules, and the first 60 cards of each JLPT deck
(N5 to N1, most frequent first) whose romaji has no macron, as the deck spells them.
Where jaconv is wrong, the test lists the pair with the right kana and says why.
"""

import json
import sys
import unicodedata
from pathlib import Path

import jaconv

EXPECTED_VERSION = "0.5.0"
ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Tests/KuchiModelTests/Fixtures/kana-input-pairs.json"
CARDS_PER_DECK = 60

if jaconv.__version__ != EXPECTED_VERSION:
    sys.exit(f"jaconv {EXPECTED_VERSION} expected, found {jaconv.__version__}")

VOWELS = "aiueo"
SPELLINGS = (
    list(VOWELS)
    + [c + v for c in "kgsztdnhbpmr" for v in VOWELS]
    + [c + y for c in ["k", "g", "s", "z", "t", "d", "n", "h", "b", "p", "m", "r", "j"]
       for y in ["ya", "yu", "yo"]]
    + "shi chi tsu fu ji sha shu sho cha chu cho ja ju jo she che je sye tye zye jye".split()
    + "si ti tu hu zi di du".split()
    + "ya yu yo ye wa wi we wo".split()
    + "kwa kwi kwe kwo gwa tsa tsi tse tso thi thu twu dhi dhu dwu".split()
    + "fa fi fe fo fyu va vi vu ve vo vyu".split()
    + "xa xi xu xe xo la li lu le lo xya xyu xyo lya lyu lyo".split()
    + "xtsu xtu ltsu ltu xka xke lka lke xwa lwa xn nn n'".split()
)
WORDS = (
    "taberu kitte zasshi kippu matcha macchi kotchi kanji shinbun sanpo kin'en kinen"
    " hon'ya honya onna konnichiwa konnyaku kinnen shimbun sempai tempura"
    " ko-hi- ra-men TABERU KanJi tab ky sh t tt"
).split()


def deck_words():
    for level in ["n5", "n4", "n3", "n2", "n1"]:
        cards = json.loads((ROOT / f"data/decks/jlpt-{level}.json").read_text(encoding="utf-8"))["cards"]
        plain = [c["romaji"] for c in cards
                 if unicodedata.normalize("NFD", c["romaji"]).isascii() and " " not in c["romaji"]]
        yield from plain[:CARDS_PER_DECK]


romaji = list(dict.fromkeys(SPELLINGS + WORDS + list(deck_words())))
pairs = [[text, jaconv.alphabet2kana(text)] for text in romaji]
lines = ",\n".join(json.dumps(pair, ensure_ascii=False) for pair in pairs)
OUTPUT.write_text("[\n" + lines + "\n]\n", encoding="utf-8")
print(f"{len(pairs)} pairs written to {OUTPUT}")
